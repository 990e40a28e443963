import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

/// The one grammar of the command line: its help is generated from the declarations, every subcommand refuses the
/// options of the others, and each subcommand, option and flow has one spelling.
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

    @Test(
        """
        the root help fits a screen (30 lines) and names every subcommand; each subcommand's help has its usage line, \
        every option it takes and its exit status
        """)
    func overview() async {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["--help"])
        #expect(outcome.status == CommandOutcome.success && outcome.error.isEmpty)
        let help = outcome.output
        #expect(help.split(separator: "\n", omittingEmptySubsequences: false).count <= 30, "\(help)")
        for subcommand in grammar.subcommands {
            #expect(help.contains("  \(subcommand.name)  "), "\(subcommand.name)")
            let own = grammar.help(subcommand.name, subject: "S")
            #expect(own.contains("conformance \(subcommand.name)") || own.contains("conformance [\(subcommand.name)]"))
            #expect(own.contains("Exit status: \(subcommand.exitStatus.prefix(20))"), "\(subcommand.name)")
            for option in grammar.options(of: subcommand.name) {
                #expect(own.contains(option.name), "\(subcommand.name): \(option.name)")
            }
        }
        #expect(grammar.subcommands.flatMap { grammar.options(of: $0.name) }.count >= grammar.options.count)
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
        "each spelling from before the first release is a usage error: one spelling of each subcommand, option, flow",
        arguments: [
            ["--defects"], ["--repeat", "3"], ["--benchmark"], ["--list"], ["--catalogue"], ["--area", "phone"],
            ["list", "--flow", "multiFactor"], ["--flow", "emailLink"], ["--defect", "x"], ["stress", "--repeat", "2"],
        ])
    func oldSpelling(_ old: [String]) async {
        #expect(throws: CommandUsageError.self) { try grammar.parse(old) }
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: old)
        #expect(outcome.status == CommandOutcome.usageError && outcome.output.isEmpty, "\(old): \(outcome.error)")
    }

    @Test("run as the first argument is the default subcommand, named; a flow is read in any case")
    func run() throws {
        #expect(try CommandArguments(parsing: ["run", "--json"]) == CommandArguments(parsing: ["--json"]))
        #expect(try grammar.parse(["--flow", "MFA"]).typed("--flow", as: Flow.self) == .multiFactor)
        #expect(try grammar.parse(["--flow", "Email-Link"]).typed("--flow", as: Flow.self) == .emailLink)
        #expect(try grammar.parse(["stress", "--runs", "3"]).typed("--runs", as: Int.self) == 3)
    }

    @Test("--flows takes the one flow spelling; another is a usage error")
    func flows() throws {
        let base = ["--identity-toolkit", "http://h", "--project", "p"]
        let parsed = try grammar.parse(base + ["--flows", "password,mfa,email-link"])
        let subject = try #require(try IdentityToolkitCommandLine.subject(from: parsed))
        #expect(subject.configuration.flows == [.password, .multiFactor, .emailLink])
        #expect(throws: CommandUsageError.self) { try grammar.parse(base + ["--flows", "multiFactor,emailLink"]) }
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
        #expect(throws: CommandUsageError.self) { try extended.parse(["serve", "--json"]) }
        #expect(throws: CommandUsageError.self) { try grammar.parse(["--extra", "1"]) }
        #expect(extended.help("run", subject: "S").contains("--extra X"))
        #expect(extended.help("serve", subject: "S").contains("--port PORT"))
        #expect(!extended.help("serve", subject: "S").contains("--extra"))
    }
}
