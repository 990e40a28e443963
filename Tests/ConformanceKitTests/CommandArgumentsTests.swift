import ConformanceKit
import Testing

@Suite("The command's arguments")
struct CommandArgumentsTests {
    @Test("each option is read", arguments: [
        ([], CommandArguments()),
        (["--json"], CommandArguments(json: true)),
        (["--defects"], CommandArguments(mode: .audit)),
        (["--defect", "sendsSMSTwice"], CommandArguments(variant: "sendsSMSTwice")),
        (["--watchdog", "2.5"], CommandArguments(watchdog: .milliseconds(2500))),
        (["--repeat", "200"], CommandArguments(mode: .stress(runs: 200, parallel: 1))),
        (["--parallel", "4", "--repeat", "200"], CommandArguments(mode: .stress(runs: 200, parallel: 4))),
        (["--defect", "x", "--repeat", "2", "--json"], CommandArguments(mode: .stress(runs: 2, parallel: 1), json: true, variant: "x")),
        (["--benchmark"], CommandArguments(mode: .benchmark(repeats: 10))),
        (["--benchmark", "--repeat", "3", "--json"], CommandArguments(mode: .benchmark(repeats: 3), json: true)),
        (["--json", "-h"], CommandArguments(mode: .help, json: true)),
        (["--help"], CommandArguments(mode: .help)),
    ])
    func parsed(_ arguments: [String], _ expected: CommandArguments) throws {
        #expect(try CommandArguments(parsing: arguments) == expected)
    }

    @Test("a usage error names what is wrong", arguments: [
        (["--bogus"], "unknown argument \"--bogus\""),
        (["--defect"], "--defect needs the name of a variant"),
        (["--defect", "--json"], "--defect needs the name of a variant"),
        (["--watchdog"], "--watchdog needs a positive number of seconds"),
        (["--watchdog", "0"], "--watchdog needs a positive number of seconds"),
        (["--watchdog", "soon"], "--watchdog needs a positive number of seconds"),
        (["--repeat"], "--repeat needs a positive whole number of runs"),
        (["--repeat", "0"], "--repeat needs a positive whole number of runs, not \"0\""),
        (["--repeat", "-3"], "--repeat needs a positive whole number of runs, not \"-3\""),
        (["--repeat", "1.5"], "--repeat needs a positive whole number of runs, not \"1.5\""),
        (["--repeat", "many"], "--repeat needs a positive whole number of runs, not \"many\""),
        (["--repeat", "2", "--parallel", "0"], "--parallel needs a positive whole number of runs at once, not \"0\""),
        (["--repeat", "2", "--parallel", "two"], "--parallel needs a positive whole number of runs at once, not \"two\""),
        (["--parallel", "4"], "--parallel says how many runs of the stress gate go at once: it needs --repeat N"),
        (["--benchmark", "--defects"], "--benchmark times the subject and then every variant"),
        (["--benchmark", "--defect", "x"], "--benchmark times the subject and then every variant"),
        (["--benchmark", "--repeat", "2", "--parallel", "2"], "--benchmark times one run at a time; it takes no --parallel"),
        (["--defects", "--defect", "x"], "--defects audits every variant; --defect runs one"),
        (["--defects", "--repeat", "3"], "--repeat is for the stress gate or --benchmark, not for --defects"),
    ])
    func usageError(_ arguments: [String], _ message: String) {
        #expect {
            try CommandArguments(parsing: arguments)
        } throws: { error in
            (error as? CommandArguments.UsageError)?.message.hasPrefix(message) == true
        }
    }
}
