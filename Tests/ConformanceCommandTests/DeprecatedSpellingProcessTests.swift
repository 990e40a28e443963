import ConformanceCommand
import Foundation
import ReferenceTestSupport
import Testing

/// The old spellings through a real executable (`crashing-subject`, a vendor's `ConformanceCommand.main` with the
/// library's grammar): the deprecation lines reach standard error, once each, and standard output is exactly what the
/// new spelling prints, so a script that parses it is not broken by them.
@Suite("An old spelling in a vendor's executable")
struct DeprecatedSpellingProcessTests {
    @Test("the deprecation lines go to standard error; standard output is the new spelling's")
    func standardErrorOnly() async throws {
        let old = try await Self.run(["--list", "--area", "general"])
        let new = try await Self.run(["list", "--flow", "general"])
        #expect(old.status == 0 && old.output == new.output && new.output.contains("AUTH-1"))
        #expect(
            old.error == """
                conformance: --list is deprecated, use conformance list (accepted until 0.2)
                conformance: --area is deprecated, use --flow (accepted until 0.2)

                """)
        #expect(new.error.isEmpty)
        let json = try await Self.run(["--catalogue", "--json", "--rule", "AUTH-1"])
        _ = try JSONSerialization.jsonObject(with: Data(json.output.utf8))
        #expect(json.error.split(separator: "\n").count == 1)
    }

    @Test("a usage error of the executable exits 64, naming the subcommand")
    func usageError() async throws {
        let refused = try await Self.run(["list", "--runs", "2"])
        #expect(refused.status == CommandOutcome.usageError && refused.output.isEmpty)
        #expect(refused.error.hasPrefix("conformance: list does not take --runs (stress, bench do)\n"))
    }

    private static func run(_ arguments: [String]) async throws -> BuiltExecutable.Outcome {
        let executable = try #require(
            BuiltExecutable("crashing-subject"), "the crashing-subject executable was not built beside the tests")
        return try await executable.run(arguments)
    }
}
