import ConformanceCommand
import ConformanceKit
import ReferenceTestSupport
import Testing

@Suite("The command's arguments")
struct CommandArgumentsTests {
    @Test(
        "each option is read",
        arguments: [
            ([], CommandArguments()), (["--json"], CommandArguments(json: true)),
            (["audit"], CommandArguments(mode: .audit)), (["audit", "--matrix"], CommandArguments(mode: .matrix)),
            (["--variant", "sendsSMSTwice"], CommandArguments(variant: "sendsSMSTwice")),
            (["--watchdog", "2.5"], CommandArguments(watchdog: .milliseconds(2500))),
            (["stress", "--runs", "200"], CommandArguments(mode: .stress(runs: 200, parallel: 1))),
            (["stress", "--parallel", "4", "--runs", "200"], CommandArguments(mode: .stress(runs: 200, parallel: 4))),
            (
                ["stress", "--variant", "x", "--runs", "2", "--json"],
                CommandArguments(mode: .stress(runs: 2, parallel: 1), json: true, variant: "x")
            ), (["bench"], CommandArguments(mode: .benchmark(repeats: 10))),
            (["bench", "--runs", "3", "--json"], CommandArguments(mode: .benchmark(repeats: 3), json: true)),
            (["--json", "-h"], CommandArguments(mode: .help)),
            (
                ["--junit", "out.xml", "--markdown", "summary.md"],
                CommandArguments(junit: .file("out.xml"), markdown: .file("summary.md"))
            ), (["--junit"], CommandArguments(junit: .standardOutput)),
            (
                ["--markdown", "-", "--junit", "j.xml"],
                CommandArguments(junit: .file("j.xml"), markdown: .standardOutput)
            ),
            (
                ["--markdown", "--expected-failures", "known.txt"],
                CommandArguments(markdown: .standardOutput, expectedFailures: "known.txt")
            ),
            (
                ["run", "--rule", "PHONE-8", "--flow", "general", "--rule", "MFA-7"],
                CommandArguments(selection: RuleSelection(rules: ["PHONE-8", "MFA-7"], areas: [.general]))
            ),
            (["audit", "--flow", "phone"], CommandArguments(mode: .audit, selection: RuleSelection(areas: [.phone]))),
            (
                ["stress", "--runs", "3", "--rule", "AUTH-2"],
                CommandArguments(mode: .stress(runs: 3, parallel: 1), selection: RuleSelection(rules: ["AUTH-2"]))
            ),
            (
                ["list", "--flow", "mfa"],
                CommandArguments(mode: .list, selection: RuleSelection(areas: [.multiFactor]))
            ), (["catalogue", "--json"], CommandArguments(mode: .catalogue, json: true)),
            (["catalogue", "--markdown"], CommandArguments(mode: .catalogue, markdown: .standardOutput)),
            (
                ["catalogue", "--markdown", "docs/RULES.md"],
                CommandArguments(mode: .catalogue, markdown: .file("docs/RULES.md"))
            ), (["catalogue"], CommandArguments(mode: .catalogue)), (["--help"], CommandArguments(mode: .help)),
            (["help"], CommandArguments(mode: .help)), (["audit", "--help"], CommandArguments(mode: .help)),
            (
                ["catalogue", "--docc"],
                {
                    var arguments = CommandArguments(mode: .catalogue)
                    arguments.docc = true
                    return arguments
                }()
            ),
        ])
    func parsed(_ arguments: [String], _ expected: CommandArguments) throws {
        #expect(try CommandArguments(parsing: arguments) == expected)
    }

    @Test(
        "a usage error names what is wrong",
        arguments: [
            (["--bogus"], "unknown argument \"--bogus\""), (["--variant"], "--variant needs the name of a variant"),
            (["--variant", "--json"], "--variant needs the name of a variant"),
            (["--watchdog"], "--watchdog needs a positive number of seconds"),
            (["--watchdog", "0"], "--watchdog needs a positive number of seconds"),
            (["--watchdog", "soon"], "--watchdog needs a positive number of seconds"),
            (["stress"], "stress needs --runs N"),
            (["stress", "--runs"], "--runs needs a positive whole number of runs"),
            (["stress", "--runs", "0"], "--runs needs a positive whole number of runs, not \"0\""),
            (["stress", "--runs", "-3"], "--runs needs a positive whole number of runs, not \"-3\""),
            (["stress", "--runs", "1.5"], "--runs needs a positive whole number of runs, not \"1.5\""),
            (["stress", "--runs", "many"], "--runs needs a positive whole number of runs, not \"many\""),
            (
                ["stress", "--runs", "2", "--parallel", "0"],
                "--parallel needs a positive whole number of runs at once, not \"0\""
            ),
            (
                ["stress", "--runs", "2", "--parallel", "two"],
                "--parallel needs a positive whole number of runs at once, not \"two\""
            ), (["--parallel", "4"], "run does not take --parallel (stress does)"),
            (["bench", "--variant", "x"], "bench does not take --variant (run, stress do)"),
            (["bench", "--parallel", "2"], "bench does not take --parallel (stress does)"),
            (["audit", "--variant", "x"], "audit does not take --variant"),
            (["--matrix"], "run does not take --matrix"), (["audit", "--runs", "3"], "audit does not take --runs"),
            (["run", "--defects"], "unknown argument"), (["--rule"], "--rule needs a rule ID such as PHONE-8"),
            (
                ["--rule", "PHONE-99"],
                """
                there is no rule \"PHONE-99\"; --rule needs one of PHONE-1…PHONE-19, MFA-1…MFA-15, LINK-1…LINK-14, \
                OAUTH-1…OAUTH-11, APPLE-1…APPLE-13, AUTH-1…AUTH-10
                """
            ),
            (
                ["--flow", "sms"],
                "there is no flow \"sms\"; --flow needs one of phone, mfa, email-link, oauth, apple, general"
            ), (["--expected-failures"], "--expected-failures needs a file"),
            (["--json", "--junit"], "--json and --junit would all print the report"),
            (["--junit", "--markdown"], "--junit and --markdown would all print the report"),
            (["audit", "--junit", "j.xml"], "audit does not take --junit (run does)"),
            (["stress", "--runs", "2", "--expected-failures", "f"], "stress does not take --expected-failures"),
            (["audit", "--json", "r.json"], "--json FILE writes the report of run; audit prints its JSON"),
            (["bench", "--flow", "phone"], "bench does not take --flow"),
            (["list", "--json"], "list does not take --json"),
            (
                ["catalogue", "--json", "--markdown"],
                "catalogue prints JSON (--json), markdown (--markdown) or a DocC article (--docc): give one"
            ),
            (
                ["catalogue", "--docc", "--json"],
                "catalogue prints JSON (--json), markdown (--markdown) or a DocC article (--docc): give one"
            ), (["--docc"], "run does not take --docc (catalogue does)"),
            (["list", "--docc"], "list does not take --docc"),
            (["catalogue", "--runs", "2"], "catalogue does not take --runs"),
            (["help", "nothing"], "there is no subcommand"), (["--json", "audit"], "the subcommand comes first"),
        ])
    func usageError(_ arguments: [String], _ message: String) {
        #expect { try CommandArguments(parsing: arguments) } throws: { error in
            (error as? CommandUsageError)?.message.hasPrefix(message) == true
        }
    }
}
