import ConformanceKit
import MockIdP
import ReferenceAuth
import ReferenceTestSupport
import Synchronization
import Testing

/// The reference, declaring that it runs one check at a time, noting the world of every backend it makes.
final class SerialReference: ConformanceSubject {
    let reference = ReferenceSubject()
    /// Held, so that no world's identity is reused by a later one.
    private let worlds = Mutex<[World]>([])

    var name: String { "ReferenceAuth, one check at a time" }

    var capabilities: Capabilities {
        var capabilities = reference.capabilities
        capabilities.runsOneCheckAtATime = true
        return capabilities
    }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        worlds.withLock { $0.append(world) }
        // Lets any check running alongside make its own backend here, where a run of one world would be split.
        for _ in 0..<10 { await Task.yield() }
        worlds.withLock { $0.append(world) }
        return try await reference.makeBackend(configuration: configuration, world: world)
    }

    /// The worlds in the order their backends were made, each run of one world's backends counted once.
    var worldRuns: [ObjectIdentifier] {
        worlds.withLock { $0.map(ObjectIdentifier.init) }.reduce(into: []) { runs, world in
            if runs.last != world { runs.append(world) }
        }
    }
}

@Suite("The runner honours a subject that runs one check at a time")
struct OneCheckAtATimeRunnerTests {
    @Test("no check's backend is made while another check runs, and the results are the reference's")
    func serial() async throws {
        let subject = SerialReference()
        let rules = RuleCatalogue.all.filter { $0.flow == .phone || $0.flow == .multiFactor }
        let serial = await (try ConformanceRunner(subject: subject)).run(rules)
        let parallel = await SharedReferenceRun.report(for: rules)
        let runs = subject.worldRuns
        #expect(
            runs.count == Set(runs).count,
            "a check's world came back after another check had started: checks overlapped")
        #expect(runs.count > 30)
        #expect(serial.results.map(\.status) == parallel.results.map(\.status))
    }
}
