import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

@Suite("The conformance command")
struct ConformanceCommandTests {
    private let variant = AuditVariant(
        name: "makesNoBackend", rules: ["PHONE-2"], summary: "no backend", subject: BrokenSubject())

    @Test("a conforming subject: the table, exit 0")
    func conforming() async {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: [])
        #expect(outcome.status == 0)
        #expect(outcome.error.isEmpty)
        #expect(outcome.output.hasPrefix("Conformance of NoFlow\n"))
    }

    @Test("a MUST rule that fails: exit 1")
    func failing() async {
        let outcome = await ConformanceCommand.run(subject: BrokenSubject(), arguments: [])
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("PHONE-2 [MUST] FAIL"))
    }

    @Test("--json prints the report")
    func json() async throws {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        #expect(object["subject"] as? String == "NoFlow")
        #expect((object["results"] as? [Any])?.count == RuleCatalogue.all.count)
    }

    @Test("help goes to standard output with exit 0 and names the subject")
    func help() async {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["-h"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("AuthConformance 0.1.0\n\nusage: conformance"))
        #expect(outcome.output.contains("Subject: NoFlow"))
    }

    @Test(
        """
        the usage describes the options the library parses, the HTTP subject's among them; an executable's own \
        options, added to the grammar, are in its help and its usage errors
        """)
    func executableOptions() async {
        let help = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["help", "run"])
        #expect(help.output.contains("--identity-toolkit URL") && !help.output.contains("--server"))
        let grammar = CommandGrammar.conformance.adding(options: [
            CommandOption("--server", .required("URL"), subcommands: ["run"], help: "run against the server at URL")
        ])
        let withOwn = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["run", "--help"], grammar: grammar)
        #expect(withOwn.output.contains("--server URL") && withOwn.output.contains("run against the server at URL"))
        let refused = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["--server"], grammar: grammar)
        #expect(refused.status == 64 && refused.error.contains("--server needs"), "\(refused.error)")
    }

    @Test(
        "a usage error goes to standard error with the usage and exit 64",
        arguments: [
            ["stress", "--runs", "0"], ["--parallel", "2"], ["bench", "--variant", "x"], ["--watchdog", "-1"],
            ["--what"],
        ])
    func usageError(_ arguments: [String]) async {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), variants: [variant], arguments: arguments)
        #expect(outcome.status == 64)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error.hasPrefix("conformance: "))
        #expect(outcome.error.contains("\n\nusage: conformance"))
    }

    @Test(
        "without variants, audit and --variant are usage errors",
        arguments: [["audit"], ["--variant", "makesNoBackend"]])
    func noVariants(_ arguments: [String]) async {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: arguments)
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("there are no variants"))
    }

    @Test("an unknown variant is a usage error listing the variants")
    func unknownVariant() async {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: [variant], arguments: ["--variant", "nope"])
        #expect(outcome.status == 64)
        #expect(
            outcome.error.hasPrefix(
                "conformance: there is no variant \"nope\"; --variant needs one of: makesNoBackend\n"))
    }
}
