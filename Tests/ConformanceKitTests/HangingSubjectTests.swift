import ConformanceKit
import Dispatch
import Foundation
import MockIdP
import ReferenceTestSupport
import Testing

/// Subjects that hang are reported as hangs that name the call the check waited for: one that never resumes a
/// continuation (at once, when it declares structured work), and one that blocks a thread (by the quiet limit).
@Suite("Hanging subjects")
struct HangingSubjectTests {
    /// A rule whose one check signs in anonymously and waits for the call to return.
    private let signInRule = Rule(
        "TEST-2", .must, flow: .general, title: "An anonymous sign-in returns", statement: "signInAnonymously returns.",
        sources: [], hint: "if this fails, check that signInAnonymously returns",
        checks: [
            Check(id: "anonymous-sign-in-returns", "an anonymous sign-in returns") { context in
                let client = try await context.launchApp().client
                _ = try await expectAuthError(when: "signInAnonymously()") {
                    try await client.anonymous?.signInAnonymously()
                }
            }
        ])

    @Test("a continuation never resumed is a hang at once, naming the call")
    func neverResumed() async throws {
        let subject = StuckSubject(stuck: .neverResumes, concurrency: .structured)
        let result = await (try ConformanceRunner(subject: subject, options: .init(watchdog: .seconds(3600)))).run(
            signInRule)
        let failure = try #require(result.checks.first?.failure)
        #expect(failure.kind == .hang)
        #expect(failure.waitingFor == "signInAnonymously() to return")
        #expect(
            result.checks.first?.message?.contains(
                "the check can no longer move while waiting for signInAnonymously() to return") == true)
    }

    @Test("a blocked thread is a hang by the quiet limit, naming the call")
    func blocksThread() async throws {
        let subject = StuckSubject(stuck: .blocksThread(DispatchSemaphore(value: 0)), concurrency: .structured)
        defer { subject.release() }
        let result = await (try ConformanceRunner(subject: subject, options: .init(watchdog: .milliseconds(300)))).run(
            signInRule)
        let failure = try #require(result.checks.first?.failure)
        #expect(failure.kind == .hang)
        #expect(
            result.checks.first?.message?.contains(
                "nothing moved for 0.3 seconds of real time while waiting for signInAnonymously() to return") == true)
    }
}

/// Its client's `signInAnonymously` never returns.
private struct StuckSubject: ConformanceSubject {
    enum Stuck { case neverResumes, blocksThread(DispatchSemaphore) }
    let stuck: Stuck
    let concurrency: SubjectConcurrency

    var name: String { "Stuck" }
    var capabilities: Capabilities {
        var capabilities = Capabilities(flows: [])
        capabilities.concurrency = concurrency
        return capabilities
    }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { StuckBackend(stuck: stuck) }

    func release() { if case .blocksThread(let semaphore) = stuck { semaphore.signal() } }
}

private struct StuckBackend: AuthBackend {
    let stuck: StuckSubject.Stuck

    func makeClient(on device: Device) async throws(AuthError) -> any AuthClient { StuckClient(stuck: stuck) }
    func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        throw AuthError(.invalidUserToken, "a stub")
    }
}

private struct StuckClient: AuthClient, AnonymousAuthFacet {
    let stuck: StuckSubject.Stuck
    private let core = StubClient()

    var anonymous: (any AnonymousAuthFacet)? { self }
    var currentUser: AuthUser? { get async { nil } }
    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        try await core.getIDToken(forceRefresh: forceRefresh)
    }
    func signOut() async throws(AuthError) {}
    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    { await core.addIDTokenDidChangeListener(listener) }
    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {}
    func setLanguageCode(_ languageCode: String?) async {}
    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await core.signIn(with: credential)
    }
    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await core.link(with: credential)
    }
    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await core.reauthenticate(with: credential)
    }
    func delete() async throws(AuthError) {}
    func canHandleNotification(_ userInfo: [String: String]) async -> Bool { false }
    func canHandle(_ url: URL) async -> Bool { false }

    func signInAnonymously() async throws(AuthError) -> AuthDataResult {
        switch stuck {
        case .neverResumes: await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        case .blocksThread(let semaphore): semaphore.wait()
        }
        throw AuthError(.internalError, "released by the test")
    }
}
