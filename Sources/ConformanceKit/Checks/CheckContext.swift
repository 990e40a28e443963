import Foundation
import MockIdP
import Synchronization

/// What a check works with: the subject, a world of its own, and the rule it serves.
package struct CheckContext: Sendable {
    package let subject: any ConformanceSubject
    package let world: World
    package let rule: Rule
    let progress = CheckProgress()

    package init(subject: any ConformanceSubject, world: World, rule: Rule) {
        self.subject = subject
        self.world = world
        self.rule = rule
    }

    /// Runs `body`, noting what the check waits for: if the subject never delivers it, the hang's failure names it.
    @discardableResult
    package func waiting<T>(for what: String, _ body: () async throws -> T) async rethrows -> T {
        progress.note(what)
        let result = try await body()
        progress.note(nil)  // kept when `body` throws: a hang is decided before the wait is cancelled
        return result
    }

    /// The subject's ID-token listener events on `client`, once the listener's first call (with the current
    /// user, made at registration) has arrived: later events are changes.
    package func listen(
        on client: any AuthClient, as name: String = "the ID-token listener"
    ) async throws -> (EventLog<AuthUser?>, ListenerRegistration) {
        let heard = EventLog<AuthUser?>()
        let registration = await client.addIDTokenDidChangeListener { heard.append($0) }
        try await waiting(for: "\(name) to be called once at registration, with the current user") {
            try await heard.next()
        }
        return (heard, registration)
    }

    package var capabilities: Capabilities { subject.capabilities }

    /// Moves the world's time, for checks that need it to pass; not applicable to a subject that keeps real time, not
    /// judged under clients that keep the system's time.
    package func advanceClock(by duration: Duration) throws {
        guard capabilities.runsOnWorldClock else {
            throw NotApplicable(
                "the check needs time to pass, and the subject keeps real time (runsOnWorldClock is false)")
        }
        guard capabilities.clientsRunOnWorldClock else {
            throw NotJudged(
                """
                the check moves the server's clock, and the subject's clients keep the system's time \
                (clientsRunOnWorldClock is false): they would not see the time it moves; \
                \(Requirement.worldClock.howToOfferSeam(under: capabilities) ?? "")
                """)
        }
        world.clock.advance(by: duration)
    }

    /// Lets a second pass before a change that must end the sessions begun earlier, and says whether it could:
    /// production revokes by whole seconds (`validSince`, seconds since 1970), so a session begun in the second of the
    /// change survives it. The world's clock (over HTTP, the server's time control) moves on a second; only the
    /// server's clock matters here, so clients on the system's time do not keep it from moving. A subject that keeps
    /// real time is not waited for (time moves only on the world's clock): a session that then survives the change
    /// may have begun in its second, and the check is not judged on it (``sessionSurvived(_:secondPassed:)``).
    package func letASecondPass() -> Bool {
        guard capabilities.runsOnWorldClock else { return false }
        world.clock.advance(by: .seconds(1))
        return true
    }

    /// What a session that survived a change that must end it means: the rule's failure (`failure`), once a second
    /// passed between them; otherwise the check cannot tell it from a session begun in the change's second.
    package func sessionSurvived(_ failure: CheckFailure, secondPassed: Bool) -> any Error {
        guard !secondPassed else { return failure }
        let offer = subject.howToOffer(.worldClock) ?? "to judge it, run the subject on the world's clock"
        return NotJudged(
            """
            a session survived the change that must end it (\(failure.actual ?? failure.message)), and the subject \
            keeps real time: production ends sessions by whole seconds, so one begun in the change's second \
            survives it, and the check cannot make a second pass; \(offer)
            """)
    }

    /// The subject's notion of now: the world's date, or real time for a subject that keeps real time.
    package var subjectNow: Date { capabilities.runsOnWorldClock ? world.clock.date : Date() }

    /// A backend for `configuration`; a subject that refuses a valid configuration fails the check.
    package func makeBackend(
        _ configuration: ProjectConfiguration = .standard, filePath: String = #filePath, line: Int = #line
    ) async throws -> any AuthBackend {
        let configuration = try configuration.validated()
        do { return try await subject.makeBackend(configuration: configuration, world: world) } catch .unsupported(
            let field, let reason)
        { throw NotApplicable("the subject cannot take \(field) from the project configuration: \(reason)") } catch {
            throw CheckFailure(
                "the subject refused a valid project configuration", expected: "a backend", actual: "\(error)",
                filePath: filePath, line: line)
        }
    }

    /// Launches the app on `device` and installs it there, so that the device's pushes and opened URLs reach it.
    package func launch(
        _ backend: any AuthBackend, on device: Device = .primary, filePath: String = #filePath, line: Int = #line
    ) async throws -> any AuthClient {
        let client = try await expectSuccess("makeClient(on: \(device))", filePath: filePath, line: line) {
            try await backend.makeClient(on: device)
        }
        world.devices.install(ClientApp(client: client), on: device)
        return client
    }

    /// A backend for `configuration` and the app launched on `device`.
    package func launchApp(
        _ configuration: ProjectConfiguration = .standard, on device: Device = .primary, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> LaunchedApp {
        let backend = try await makeBackend(configuration, filePath: filePath, line: line)
        return LaunchedApp(
            backend: backend, client: try await launch(backend, on: device, filePath: filePath, line: line),
            device: device)
    }
}

extension CheckContext {
    /// An app with a user signed in by the simplest flow the subject declares, other than `excluded`: phone, password,
    /// email link, GitHub or Apple (``FirstUser``).
    package func signedInApp(
        _ configuration: ProjectConfiguration = .standard, on device: Device = .primary,
        excluding excluded: Set<Flow> = [], filePath: String = #filePath, line: Int = #line
    ) async throws -> LaunchedApp {
        try await signedInApp(
            as: try firstUser(excluding: excluded, on: device), configuration, on: device, filePath: filePath,
            line: line)
    }
}

/// What a running check is waiting for, for a hang's message: what the check noted (``CheckContext/waiting(for:_:)``),
/// or else the subject's calls that have not returned (``expectSuccess(_:filePath:line:_:)`` and its kin).
final class CheckProgress: Sendable {
    private struct State {
        var noted: String?
        var calls: [Int: String] = [:]
        var nextCall = 0
        /// What the check waited for when it was found hung: its tasks, cancelled then, may move on.
        var frozen: String??
    }

    private let state = Mutex(State())

    /// The progress of the check whose task tree is running, for the expectations that do not take the context.
    @TaskLocal
    static var current: CheckProgress?

    func note(_ what: String?) { state.withLock { $0.noted = what } }

    /// Runs `call`, a call to the subject named `action`, counting it as awaited until it returns.
    static func calling<T>(_ action: String, _ call: () async throws -> T) async rethrows -> T {
        guard let progress = current else { return try await call() }
        let id = progress.state.withLock { state in
            state.nextCall += 1
            state.calls[state.nextCall] = action
            return state.nextCall
        }
        defer { progress.state.withLock { _ = $0.calls.removeValue(forKey: id) } }
        return try await call()
    }

    /// Keeps what the check waits for now as ``current``, whatever its tasks do next.
    func freeze() { state.withLock { $0.frozen = .some(Self.current(of: $0)) } }

    var current: String? { state.withLock { $0.frozen ?? Self.current(of: $0) } }

    private static func current(of state: State) -> String? {
        state.noted
            ?? (state.calls.isEmpty
                ? nil
                : state.calls.sorted { $0.key < $1.key }.map { "\($0.value) to return" }.joined(separator: " and "))
    }
}

/// A backend with one app launched on a device.
package struct LaunchedApp: Sendable {
    package let backend: any AuthBackend
    package let client: any AuthClient
    package let device: Device
}

/// The app delegate of a device: forwards the device's pushes and URLs to the client, as an app that
/// disabled Firebase's method swizzling does.
struct ClientApp: DeviceApp {
    let client: any AuthClient

    func didReceiveRemoteNotification(_ userInfo: [String: String]) async -> Bool {
        await client.canHandleNotification(userInfo)
    }

    func open(_ url: URL) async -> Bool { await client.canHandle(url) }
}
