import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

/// The one grammar of the command line: its help is generated from the declarations, every subcommand refuses the
/// options of the others, and the spellings from before subcommands still work, each with one deprecation line on
/// standard error.
@Suite("The command's grammar")
struct CommandGrammarTests {
    private let grammar = CommandGrammar.conformance

    @Test(
        "each subcommand's help names every option it takes and none it does not",
        arguments: ["run", "audit", "stress", "bench", "list", "catalogue"])
    func subcommandHelp(_ name: String) throws {
        let help = grammar.help(name, subject: "S")
        let usage = try #require(help.split(separator: "\n").first)
        #expect(usage.hasPrefix("usage: conformance"))
        let taken = Set(grammar.options(of: name).map(\.name))
        for option in grammar.options {
            let named = help.contains("\n  \(option.synopsis)") || help.contains("[\(option.synopsis)]")
            #expect(named == taken.contains(option.name), "\(name)'s help and \(option.name)")
        }
        for option in grammar.options(of: name) {
            let start = String(option.help.prefix(30).split(separator: " ").dropLast().joined(separator: " "))
            #expect(help.contains(start), "\(name)'s help lacks \(option.name)'s help")
        }
        #expect(help.contains("Exit status: "))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 120 })
    }

    @Test("the whole command's help has a usage line per subcommand, every option and every exit status")
    func overview() async {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["--help"])
        #expect(outcome.status == CommandOutcome.success && outcome.error.isEmpty)
        let help = outcome.output
        for subcommand in grammar.subcommands {
            #expect(
                help.contains("conformance \(subcommand.name)") || help.contains("conformance [\(subcommand.name)]"))
            #expect(help.contains("\(subcommand.name): \(subcommand.exitStatus.prefix(20))"))
        }
        for option in grammar.options { #expect(help.contains(option.name), "\(option.name)") }
        #expect(await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["help"]).output == help)
        let audit = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["help", "audit"]).output
        #expect(audit == grammar.help("audit", subject: NoFlowSubject().name) + "\n")
        #expect(await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["audit", "--help"]).output == audit)
    }

    @Test(
        "an option another subcommand takes, or none does, is a usage error (64) of the subcommand",
        arguments: [
            (["run", "--matrix"], "run does not take --matrix"),
            (["audit", "--runs", "2"], "audit does not take --runs"),
            (["stress", "--runs", "2", "--docc"], "stress does not take --docc"),
            (["bench", "--rule", "AUTH-1"], "bench does not take --rule"),
            (["list", "--watchdog", "2"], "list does not take --watchdog"),
            (["catalogue", "--junit"], "catalogue does not take --junit"),
            (["audit", "--identity-toolkit", "http://h"], "audit does not take --identity-toolkit"),
            (["list", "--what"], "unknown argument \"--what\""),
        ])
    func refused(_ arguments: [String], _ message: String) async {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: arguments)
        #expect(outcome.status == CommandOutcome.usageError)
        #expect(outcome.error.hasPrefix("conformance: \(message)"), "\(outcome.error)")
        let usage = arguments[0] == "run" ? "usage: conformance [run]" : "usage: conformance \(arguments[0])"
        #expect(outcome.error.contains(usage))
        #expect(outcome.output.isEmpty)
    }

    @Test(
        "each old spelling is read as its subcommand, with one deprecation line",
        arguments: [
            (["--defects"], ["audit"], "--defects is deprecated, use conformance audit (accepted until 0.2)"),
            (["--defects", "--matrix"], ["audit", "--matrix"], "--defects is deprecated, use conformance audit"),
            (
                ["--repeat", "3", "--parallel", "2"], ["stress", "--runs", "3", "--parallel", "2"],
                "--repeat is deprecated, use conformance stress --runs N"
            ),
            (
                ["--benchmark", "--repeat", "2"], ["bench", "--runs", "2"],
                "--benchmark is deprecated, use conformance bench"
            ), (["--list"], ["list"], "--list is deprecated, use conformance list (accepted until 0.2)"),
            (
                ["--catalogue", "--json"], ["catalogue", "--json"],
                "--catalogue is deprecated, use conformance catalogue"
            ), (["--area", "phone"], ["--flow", "phone"], "--area is deprecated, use --flow (accepted until 0.2)"),
            (
                ["list", "--flow", "multiFactor"], ["list", "--flow", "mfa"],
                "--flow multiFactor is deprecated, use --flow mfa (accepted until 0.2)"
            ),
            (
                ["--flow", "emailLink"], ["--flow", "email-link"],
                "--flow emailLink is deprecated, use --flow email-link"
            ),
        ])
    func oldSpelling(_ old: [String], _ new: [String], _ deprecation: String) throws {
        let parsed = try grammar.parse(old)
        #expect(try CommandArguments(parsed) == CommandArguments(parsing: new))
        #expect(parsed.deprecations.count == 1)
        #expect(parsed.deprecations.first?.hasPrefix(deprecation) == true, "\(parsed.deprecations)")
        #expect(try grammar.parse(new).deprecations.isEmpty)
    }

    @Test("run as the first argument is the default subcommand, named")
    func run() throws {
        #expect(try CommandArguments(parsing: ["run", "--json"]) == CommandArguments(parsing: ["--json"]))
        #expect(try grammar.parse(["run"]).deprecations.isEmpty)
    }

    @Test("the deprecation line goes to standard error: the JSON on standard output stays parseable")
    func deprecationOnStandardError() async throws {
        let old = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["--catalogue", "--json"])
        let new = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["catalogue", "--json"])
        #expect(old.status == CommandOutcome.success && old.output == new.output)
        _ = try JSONSerialization.jsonObject(with: Data(old.output.utf8))
        #expect(old.error == "conformance: --catalogue is deprecated, use conformance catalogue (accepted until 0.2)\n")
        #expect(new.error.isEmpty)
        let list = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["--list", "--area", "general"])
        #expect(list.error.split(separator: "\n").count == 2 && list.output.contains("AUTH-1"))
    }

    @Test("--flows takes the one flow spelling, and the old ones with a deprecation line")
    func flows() throws {
        let base = ["--identity-toolkit", "http://h", "--project", "p"]
        let parsed = try grammar.parse(base + ["--flows", "password,mfa,email-link"])
        #expect(parsed.deprecations.isEmpty)
        let subject = try #require(try IdentityToolkitCommandLine.subject(from: parsed))
        #expect(subject.configuration.flows == [.password, .multiFactor, .emailLink])
        let old = try grammar.parse(base + ["--flows", "multiFactor,emailLink"])
        #expect(
            old.deprecations == [
                """
                --flows multiFactor is deprecated, use mfa; emailLink is deprecated, use email-link (accepted until 0.2)
                """
            ])
    }

    @Test("an executable's own option and subcommand join the grammar, its help and its refusals")
    func executableOptions() throws {
        let extended = grammar.adding(options: [
            CommandOption("--extra", .required("X"), subcommands: ["run"], help: "an extra")
        ]).adding(
            Subcommand("serve", summary: "serves", exitStatus: "0"),
            options: [CommandOption("--port", .required("PORT"), subcommands: ["serve"], help: "the port")])
        #expect(try extended.parse(["--extra", "1"]).value("--extra") == "1")
        #expect(try extended.parse(["serve", "--port", "9"]).value("--port") == "9")
        #expect(throws: CommandArguments.UsageError.self) { try extended.parse(["serve", "--json"]) }
        #expect(throws: CommandArguments.UsageError.self) { try grammar.parse(["--extra", "1"]) }
        #expect(extended.help(subject: "S").contains("--extra X"))
        #expect(extended.help("serve", subject: "S").contains("--port PORT"))
        #expect(!extended.help("serve", subject: "S").contains("--extra"))
    }
}
