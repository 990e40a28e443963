import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth
import Synchronization

/// The reference with one bug of the kind that kills a process: a continuation resumed twice, as a completion-handler
/// bridge does when the handler is called twice. Every other call is the reference's.
public struct CrashingSubject: ConformanceSubject {
    /// Where the second resume comes from.
    public enum Fault: Sendable {
        /// `signOut()` resumes its continuation twice, at once.
        case signOutResumesTwice
        /// `setLanguageCode(_:)` returns, and its completion handler, still held, is called again by the client's next
        /// request (`verifyPhoneNumber`): the process dies after the call returned, while the check (and, run with
        /// others, other checks) go on.
        case languageCodeResumesAgainLate
        /// No crash: the client prints on every call, to standard output and standard error, as an SDK that logs
        /// does (half lines, which whatever is printed next continues), and is otherwise the reference.
        case printsOnEveryCall
        /// No crash, no printing: the reference behind the same wrapper, for comparing with the other cases.
        case none
        /// No crash: `signOut()` never returns and keeps what every call in the process needs, as an SDK with one
        /// serial queue for all its work does when a call blocks it; from then on every app launched in the process
        /// waits too. Its checks run one at a time.
        case signOutHangsHoldingTheProcess
    }

    private let base = ReferenceSubject()
    private let fault: Fault

    public init(fault: Fault = .signOutResumesTwice) { self.fault = fault }

    /// The variant a vendor would audit: the late second resume, which must be blamed on the checks that set a
    /// language code (PHONE-10), and on no other, run after run.
    public static let variants = [
        AuditVariant(
            name: "languageCodeResumesAgainLate", rules: ["PHONE-10"],
            catches: [.crash("PHONE-10/french-sms"), .crash("PHONE-10/german-sms")],
            summary:
                "setLanguageCode's continuation is resumed a second time by the next request, after the call returned",
            subject: CrashingSubject(fault: .languageCodeResumesAgainLate))
    ]

    public var name: String {
        switch fault {
        case .printsOnEveryCall: "PrintingSubject"
        case .none: "QuietSubject"
        case .signOutHangsHoldingTheProcess: "HangingSubject"
        default: "CrashingSubject"
        }
    }
    public var capabilities: Capabilities {
        var capabilities = base.capabilities
        if fault == .signOutHangsHoldingTheProcess { capabilities.runsOneCheckAtATime = true }
        return capabilities
    }

    public func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        CrashingBackend(base: try await base.makeBackend(configuration: configuration, world: world), fault: fault)
    }
}

private struct CrashingBackend: AuthBackend {
    let base: any AuthBackend
    let fault: CrashingSubject.Fault

    func makeClient(on device: Device) async throws(AuthError) -> any AuthClient {
        if fault == .signOutHangsHoldingTheProcess { await ProcessQueue.shared.pass() }
        return CrashingClient(base: try await base.makeClient(on: device), fault: fault)
    }

    func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        try await base.verifyIDToken(idToken)
    }
}

private struct CrashingClient: AuthClient {
    let base: any AuthClient
    let fault: CrashingSubject.Fault
    /// The completion handler `setLanguageCode` keeps after calling it (`languageCodeResumesAgainLate`).
    private let kept = KeptHandler()

    init(base: any AuthClient, fault: CrashingSubject.Fault) {
        self.base = base
        self.fault = fault
    }

    /// What a logging SDK prints (`printsOnEveryCall`).
    private func chatter(_ call: String) {
        guard fault == .printsOnEveryCall else { return }
        // No line end: whatever is written next on standard output continues this line.
        FileHandle.standardOutput.write(Data("sdk: \(call) called; ".utf8))
        FileHandle.standardError.write(Data("sdk: \(call) on standard error\n".utf8))
    }

    func signOut() async throws(AuthError) {
        chatter("signOut")
        try await base.signOut()
        if fault == .signOutHangsHoldingTheProcess { await ProcessQueue.shared.holdForever() }
        guard fault == .signOutResumesTwice else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            continuation.resume()
            continuation.resume()  // the bug: a second call of the completion handler
        }
    }

    var currentUser: AuthUser? { get async { await base.currentUser } }
    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        chatter("getIDToken")
        return try await base.getIDToken(forceRefresh: forceRefresh)
    }
    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    { await base.addIDTokenDidChangeListener(listener) }
    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        await base.removeIDTokenDidChangeListener(registration)
    }
    func setLanguageCode(_ languageCode: String?) async {
        await base.setLanguageCode(languageCode)
        guard fault == .languageCodeResumesAgainLate else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            continuation.resume()
            kept.keep(continuation)  // the bug: the handler is kept, and called again by the next request
        }
    }
    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        chatter("signIn")
        return try await base.signIn(with: credential)
    }
    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        chatter("link")
        return try await base.link(with: credential)
    }
    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await base.reauthenticate(with: credential)
    }
    func delete() async throws(AuthError) { try await base.delete() }
    func canHandleNotification(_ userInfo: [String: String]) async -> Bool {
        await base.canHandleNotification(userInfo)
    }
    func canHandle(_ url: URL) async -> Bool { await base.canHandle(url) }

    var phone: (any PhoneAuthFacet)? {
        guard fault == .languageCodeResumesAgainLate else { return base.phone }
        return base.phone.map { LateResumingPhone(base: $0, kept: kept) }
    }
    var emailPassword: (any EmailPasswordFacet)? { base.emailPassword }
    var anonymous: (any AnonymousAuthFacet)? { base.anonymous }
    var multiFactor: (any MultiFactorFacet)? { base.multiFactor }
    var emailLink: (any EmailLinkFacet)? { base.emailLink }
    var oauth: (any OAuthFacet)? { base.oauth }
    var apple: (any AppleSignInFacet)? { base.apple }
}

/// The one queue of an SDK that does all its work on it, process-wide: once a call holds it forever, every later call
/// waits behind that one (`signOutHangsHoldingTheProcess`).
private final class ProcessQueue: Sendable {
    static let shared = ProcessQueue()
    private let state = Mutex<(held: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// Holds the queue and never lets go.
    func holdForever() async {
        state.withLock { $0.held = true }
        await waitBehind()
    }

    /// Goes on at once, unless the queue is held: then waits behind it, forever.
    func pass() async {
        guard state.withLock({ $0.held }) else { return }
        await waitBehind()
    }

    /// Never resumed, and kept, so that no continuation leaks.
    private func waitBehind() async {
        await withCheckedContinuation { continuation in state.withLock { $0.waiting.append(continuation) } }
    }
}

/// A completion handler kept after it was called.
private final class KeptHandler: Sendable {
    private let handler = Mutex<CheckedContinuation<Void, Never>?>(nil)

    func keep(_ continuation: CheckedContinuation<Void, Never>) { handler.withLock { $0 = continuation } }

    /// Calls the kept handler again: a continuation resumed twice ends the process.
    func callAgain() { handler.withLock { $0 }?.resume() }
}

/// The phone facet of ``CrashingClient``: its next request calls the kept handler again.
private struct LateResumingPhone: PhoneAuthFacet {
    let base: any PhoneAuthFacet
    let kept: KeptHandler

    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        kept.callAgain()
        return try await base.verifyPhoneNumber(phoneNumber)
    }

    func setAppVerificationDisabledForTesting(_ disabled: Bool) async {
        await base.setAppVerificationDisabledForTesting(disabled)
    }
}
