import ConformanceKit
import MockIdP
import Synchronization

/// Declares no flow: every rule is not applicable, the same way in every run, at once.
struct NoFlowSubject: ConformanceSubject {
    var name: String { "NoFlow" }
    var capabilities: Capabilities { Capabilities(flows: [], acceptsUnassignedPhoneNumbers: true) }

    func makeBackend(configuration: ProjectConfiguration, world: World) async throws -> any AuthBackend {
        throw StubError()
    }
}

/// Declares phone sign-in and multi-factor but never makes a backend: every check fails, the same way in every run.
struct BrokenSubject: ConformanceSubject {
    var name: String { "Broken" }
    var capabilities: Capabilities { Capabilities(flows: [.phone, .multiFactor], acceptsUnassignedPhoneNumbers: true) }

    func makeBackend(configuration: ProjectConfiguration, world: World) async throws -> any AuthBackend {
        throw StubError()
    }
}

/// Refuses every other backend it is asked for (the first, the third, …), counting across all its copies:
/// a subject whose result depends on what ran before it.
struct AlternatingSubject: ConformanceSubject {
    let calls = Counter()
    var name: String { "Alternating" }
    var capabilities: Capabilities { Capabilities(flows: [.phone], acceptsUnassignedPhoneNumbers: true) }

    func makeBackend(configuration: ProjectConfiguration, world: World) async throws -> any AuthBackend {
        guard calls.next().isMultiple(of: 2) else { throw StubError() }
        return StubBackend()
    }
}

/// Makes a backend every time: the consistent twin of ``AlternatingSubject``.
struct SteadySubject: ConformanceSubject {
    var name: String { "Steady" }
    var capabilities: Capabilities { Capabilities(flows: [.phone], acceptsUnassignedPhoneNumbers: true) }

    func makeBackend(configuration: ProjectConfiguration, world: World) async throws -> any AuthBackend {
        StubBackend()
    }
}

/// Declares no flow the first time it is asked, phone sign-in and multi-factor after that, and never makes a
/// backend: over several runs of the catalogue exactly one check (the one that asked first) is not applicable
/// once and fails every other time, whatever the scheduling.
struct FirstAskedSubject: ConformanceSubject {
    let asked = Counter()
    var name: String { "FirstAsked" }

    var capabilities: Capabilities {
        Capabilities(flows: asked.next() == 1 ? [] : [.phone, .multiFactor], acceptsUnassignedPhoneNumbers: true)
    }

    func makeBackend(configuration: ProjectConfiguration, world: World) async throws -> any AuthBackend {
        throw StubError()
    }
}

/// A rule whose one check only asks the subject for a backend.
let backendRule = Rule(
    "TEST-1", .must, flow: .general, title: "A backend is made", statement: "The subject makes a backend.", sources: [],
    hint: "if this fails, check that the subject makes a backend",
    checks: [Check("a backend comes") { context in _ = try await context.makeBackend() }])

final class Counter: Sendable {
    private let count = Mutex(0)

    /// 1 the first time, then 2, 3, …
    func next() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}

struct StubError: Error {}

struct StubBackend: AuthBackend {
    func makeClient(on device: Device) async throws -> any AuthClient { throw StubError() }
    func verifyIDToken(_ idToken: String) async throws -> IDTokenClaims { throw StubError() }
}
