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
            (["--defects"], CommandArguments(mode: .audit)),
            (["--defects", "--matrix"], CommandArguments(mode: .matrix)),
            (["--defect", "sendsSMSTwice"], CommandArguments(variant: "sendsSMSTwice")),
            (["--watchdog", "2.5"], CommandArguments(watchdog: .milliseconds(2500))),
            (["--repeat", "200"], CommandArguments(mode: .stress(runs: 200, parallel: 1))),
            (["--parallel", "4", "--repeat", "200"], CommandArguments(mode: .stress(runs: 200, parallel: 4))),
            (
                ["--defect", "x", "--repeat", "2", "--json"],
                CommandArguments(mode: .stress(runs: 2, parallel: 1), json: true, variant: "x")
            ), (["--benchmark"], CommandArguments(mode: .benchmark(repeats: 10))),
            (["--benchmark", "--repeat", "3", "--json"], CommandArguments(mode: .benchmark(repeats: 3), json: true)),
            (["--json", "-h"], CommandArguments(mode: .help, json: true)),
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
                ["--rule", "PHONE-8", "--area", "general", "--rule", "MFA-7"],
                CommandArguments(selection: RuleSelection(rules: ["PHONE-8", "MFA-7"], areas: [.general]))
            ),
            (
                ["--defects", "--area", "phone"],
                CommandArguments(mode: .audit, selection: RuleSelection(areas: [.phone]))
            ),
            (
                ["--repeat", "3", "--rule", "AUTH-2"],
                CommandArguments(mode: .stress(runs: 3, parallel: 1), selection: RuleSelection(rules: ["AUTH-2"]))
            ),
            (
                ["--list", "--area", "multiFactor"],
                CommandArguments(mode: .list, selection: RuleSelection(areas: [.multiFactor]))
            ), (["--catalogue", "--json"], CommandArguments(mode: .catalogue, json: true)),
            (["--catalogue", "--markdown"], CommandArguments(mode: .catalogue, markdown: .standardOutput)),
            (
                ["--catalogue", "--markdown", "docs/RULES.md"],
                CommandArguments(mode: .catalogue, markdown: .file("docs/RULES.md"))
            ), (["--catalogue"], CommandArguments(mode: .catalogue)), (["--help"], CommandArguments(mode: .help)),
            (
                ["--catalogue", "--docc"],
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
            (["--bogus"], "unknown argument \"--bogus\""), (["--defect"], "--defect needs the name of a variant"),
            (["--defect", "--json"], "--defect needs the name of a variant"),
            (["--watchdog"], "--watchdog needs a positive number of seconds"),
            (["--watchdog", "0"], "--watchdog needs a positive number of seconds"),
            (["--watchdog", "soon"], "--watchdog needs a positive number of seconds"),
            (["--repeat"], "--repeat needs a positive whole number of runs"),
            (["--repeat", "0"], "--repeat needs a positive whole number of runs, not \"0\""),
            (["--repeat", "-3"], "--repeat needs a positive whole number of runs, not \"-3\""),
            (["--repeat", "1.5"], "--repeat needs a positive whole number of runs, not \"1.5\""),
            (["--repeat", "many"], "--repeat needs a positive whole number of runs, not \"many\""),
            (
                ["--repeat", "2", "--parallel", "0"],
                "--parallel needs a positive whole number of runs at once, not \"0\""
            ),
            (
                ["--repeat", "2", "--parallel", "two"],
                "--parallel needs a positive whole number of runs at once, not \"two\""
            ),
            (["--parallel", "4"], "--parallel says how many runs of the stress gate go at once: it needs --repeat N"),
            (["--benchmark", "--defects"], "--benchmark times the subject and then every variant"),
            (["--benchmark", "--defect", "x"], "--benchmark times the subject and then every variant"),
            (
                ["--benchmark", "--repeat", "2", "--parallel", "2"],
                "--benchmark times one run at a time; it takes no --parallel"
            ), (["--defects", "--defect", "x"], "--defects audits every variant; --defect runs one"),
            (["--matrix"], "--matrix widens --defects: it needs --defects"),
            (["--defects", "--repeat", "3"], "--repeat is for the stress gate or --benchmark, not for --defects"),
            (["--rule"], "--rule needs a rule ID such as PHONE-8"),
            (
                ["--rule", "PHONE-99"],
                """
                there is no rule \"PHONE-99\"; --rule needs one of PHONE-1…PHONE-19, MFA-1…MFA-15, LINK-1…LINK-14, \
                OAUTH-1…OAUTH-11, APPLE-1…APPLE-13, AUTH-1…AUTH-8
                """
            ),
            (
                ["--area", "sms"],
                "there is no area \"sms\"; --area needs one of phone, multiFactor, emailLink, oauth, apple, general"
            ), (["--expected-failures"], "--expected-failures needs a file"),
            (["--json", "--junit"], "--json and --junit would all print the report"),
            (["--junit", "--markdown"], "--junit and --markdown would all print the report"),
            (
                ["--defects", "--junit", "j.xml"],
                "--junit, --markdown and --expected-failures are for the conformance report"
            ),
            (
                ["--repeat", "2", "--expected-failures", "f"],
                "--junit, --markdown and --expected-failures are for the conformance report"
            ),
            (
                ["--benchmark", "--area", "phone"],
                "--benchmark times every area and the whole catalogue; it takes no --rule or --area"
            ), (["--list", "--json"], "--list prints the catalogue and runs nothing"),
            (["--list", "--defects"], "--list prints the catalogue and runs nothing"),
            (
                ["--catalogue", "--json", "--markdown"],
                "--catalogue prints JSON (--json), markdown (--markdown) or a DocC article (--docc): give one"
            ),
            (
                ["--catalogue", "--docc", "--json"],
                "--catalogue prints JSON (--json), markdown (--markdown) or a DocC article (--docc): give one"
            ), (["--docc"], "--docc is a format of --catalogue: it needs --catalogue"),
            (["--list", "--docc"], "--list prints the catalogue and runs nothing"),
            (["--catalogue", "--repeat", "2"], "--catalogue prints the rules and runs nothing"),
        ])
    func usageError(_ arguments: [String], _ message: String) {
        #expect { try CommandArguments(parsing: arguments) } throws: { error in
            (error as? CommandArguments.UsageError)?.message.hasPrefix(message) == true
        }
    }
}
