import ConformanceKit
import Foundation
import MockIdP
import Synchronization

/// The reference app instance: Firebase `Auth` (and the current user's operations) for one app on one device.
actor ReferenceClient: AuthClient {
    let backend: ReferenceBackend
    let device: Device
    let world: World
    let behaviour: ReferenceBehaviour
    let callbackScheme: String

    private var session: (uid: String, tokens: SessionTokens)?
    private(set) var languageCode: String?
    var appVerificationDisabled = false
    private var listeners: [Int: @Sendable (AuthUser?) -> Void] = [:]
    private var nextListenerID = 0
    /// With asynchronous listeners: calls to make, in order, on one serial queue.
    private let notifications: AsyncStream<@Sendable () -> Void>.Continuation?
    /// With the defect `listenerCallsOvertake`: the calls not yet made, in the order of their changes.
    private var overtakingCalls: [@Sendable () -> Void] = []
    /// With the defect `callsListenersConcurrently`: the latest call started, which the next one follows.
    private var latestConcurrentCall: ConcurrentListenerCall?
    /// The receipts of the app-verification pushes being waited for (one per verification in flight), and the
    /// secrets that came.
    var awaitedPushes: Set<String> = []
    var pushSecrets: [String: String] = [:]
    /// The event IDs of the reCAPTCHA redirects being waited for (one per verification in flight), and the tokens
    /// they brought.
    var awaitedRedirects: Set<String> = []
    var redirectTokens: [String: String] = [:]
    /// The OAuth authorization request being waited for, and the redirect once it came.
    var pendingOAuth: PendingOAuth?
    /// The raw nonce of the Sign in with Apple request being waited for (the guide's `currentNonce`).
    var pendingAppleNonce: String?
    /// The first raw nonce this client made, for a client that does not make a fresh one per request.
    var firstAppleNonce: String?
    /// Unless verifications outlive the client: this instance's private names for verification IDs.
    var privateVerificationIDs: [String: String] = [:]
    /// With the defect `oneVerificationInFlight`: the verification that holds the client's one slot.
    var verificationInFlight = 0
    var nextVerification = 0
    var slotKeepers: [AsyncStream<Void>.Continuation] = []
    /// With the defect `writesKeychainAfterReturning`: the session changed since the keychain was written.
    private var keychainOutOfDate = false
    /// With the defect `writesKeychainOnListenerQueue`: a write is to be queued after the listeners' calls, and what it
    /// writes when it runs (the session then current: a sign-out in between leaves nobody to write back).
    private var keychainWriteQueued = false
    private let queuedKeychainEntry = QueuedKeychainEntry()
    /// Changes of user or token so far, to tell a notification overtaken by a later change.
    private var changes = 0
    /// Sign-outs so far, to tell a sign-in a sign-out overtook while it was in flight.
    private(set) var signOutCount = 0

    init(backend: ReferenceBackend, device: Device) {
        self.backend = backend
        self.device = device
        world = backend.world
        behaviour = backend.behaviour
        callbackScheme = "app-1-\(backend.configuration.projectID)-ios"
        if behaviour.session.listenersCalledAsynchronously {
            let (stream, continuation) = AsyncStream<@Sendable () -> Void>.makeStream()
            notifications = continuation
            // The app's own queue (Firebase's main queue), outside the check's tasks, as an app's queue is.
            Task.detached { for await notification in stream { notification() } }
        } else {
            notifications = nil
        }
    }

    deinit { notifications?.finish() }

    // MARK: Facets (each flow's facet is in the file of its flow)

    /// Whether a flow the reference declares needs `facet`: the reference offers what it declares, and no more.
    nonisolated func offers(_ facet: Facet) -> Bool {
        behaviour.capabilities.flows.contains { $0.facets.contains(facet) }
    }

    // MARK: Persistence

    private var keychainKey: String { "firebase-auth-user.\(backend.configuration.projectID)" }

    /// The signed-in user the keychain kept from the app's last launch, as Firebase restores it.
    func restoreSignedInUser() async {
        guard let stored = world.devices.keychain(of: device)[keychainKey], let separator = stored.firstIndex(of: " ")
        else { return }
        let uid = String(stored[..<separator])
        guard
            let tokens = try? await overNetwork(
                "token", await backend.refresh(String(stored[stored.index(after: separator)...])))
        else { return }
        session = (uid, tokens)
    }

    /// Makes `session` current and keeps it in the device's keychain for the next launch.
    func setSession(_ session: (uid: String, tokens: SessionTokens)?) {
        self.session = session
        if behaviour.session.keychainWrittenOnListenerQueue, notifications != nil {
            keychainWriteQueued = true
            queuedKeychainEntry.entry.withLock { $0 = session.map { "\($0.uid) \($0.tokens.refreshToken)" } }
        } else if behaviour.session.keychainWrittenBeforeReturning {
            persistSession()
        } else {
            keychainOutOfDate = true
        }
    }

    private func persistSession() {
        world.devices.keychain(of: device)[keychainKey] = session.map { "\($0.uid) \($0.tokens.refreshToken)" }
        keychainOutOfDate = false
    }

    /// One request to the backend, through the world's network, where a check can hold it in flight (the reference
    /// declares `sendsRequestsThroughWorldNetwork`).
    func overNetwork<T>(
        _ request: String, _ exchange: @autoclosure () async throws(AuthError) -> T
    ) async throws(AuthError) -> T { try await world.network.send(request, from: device, exchange) }

    // MARK: Session

    var currentUser: AuthUser? {
        get async {
            if keychainOutOfDate { persistSession() }
            return await sessionUser()
        }
    }

    func sessionUser() async -> AuthUser? {
        guard let session else { return nil }
        return await world.network.send("getAccountInfo", from: device) { await backend.user(session.uid) }
    }

    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        let current = try signedIn()
        let renewal =
            behaviour.session.renewsBeforeExpiry
            ? current.tokens.expiresAt.advanced(by: .seconds(-300)) : current.tokens.expiresAt.advanced(by: .seconds(1))
        guard forceRefresh || world.clock.now >= renewal else { return current.tokens.idToken }
        let tokens = try await overNetwork("token", await backend.refresh(current.tokens.refreshToken))
        // AUTH-3: a sign-out (or another sign-in) while the refresh was in flight wins; the refresh brings nobody back.
        guard
            session?.tokens.refreshToken == current.tokens.refreshToken || !behaviour.session.refreshYieldsToLaterChange
        else { return tokens.idToken }
        setSession((current.uid, tokens))
        if !forceRefresh || behaviour.session.forcedRefreshNotifiesListeners { await notifyListeners() }
        return tokens.idToken
    }

    /// The current session; `nullUser` when nobody is signed in.
    func signedIn() throws(AuthError) -> (uid: String, tokens: SessionTokens) {
        guard let session else { throw AuthError(.nullUser, "nobody is signed in") }
        return session
    }

    func signOut() async throws(AuthError) {
        let wasSignedIn = session != nil
        if behaviour.session.signOutEndsServerSession, let refreshToken = session?.tokens.refreshToken {
            try? await overNetwork("signOut", await backend.endSession(refreshToken))
        }
        signOutCount += 1
        if behaviour.session.signOutEndsSession { session = nil }
        if behaviour.session.signOutClearsKeychain {
            world.devices.keychain(of: device)[keychainKey] = nil
            queuedKeychainEntry.entry.withLock { $0 = nil }
        }
        // AUTH-6: a sign-out when nobody is signed in need not notify, and the Firebase SDK's does not.
        let notifies = wasSignedIn || !behaviour.session.signOutNotifiesOnlyWhenSignedIn
        if behaviour.session.signOutNotifiesListeners && notifies { await notifyListeners() }
    }

    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    {
        nextListenerID += 1
        listeners[nextListenerID] = listener
        let user = await currentUser
        deliver { listener(user) }
        return ListenerRegistration(id: nextListenerID)
    }

    /// With the defect `signInNotifiesListenersAtStart`, the listeners a sign-in starting now will tell.
    var listenersAtStart: Set<Int>? { behaviour.session.signInNotifiesListenersAtStart ? Set(listeners.keys) : nil }

    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async { listeners[registration.id] = nil }

    /// Tells the listeners of a change: every registered one, or with `only`, those of them.
    func notifyListeners(only: Set<Int>? = nil) async {
        changes += 1
        let change = changes
        let user = await sessionUser()
        // AUTH-6: a later change made while the user was looked up notifies for itself; this older one is dropped,
        // so the last call a listener receives names the current user.
        guard change == changes || !behaviour.session.dropsOvertakenNotifications else { return }
        let notified = listeners.filter { only?.contains($0.key) ?? true }.sorted { $0.key < $1.key }.prefix(
            behaviour.session.listenersNotified)
        for (_, listener) in notified { deliver { listener(user) } }
        if keychainWriteQueued, let notifications {
            keychainWriteQueued = false
            let (keychain, key, queued) = (world.devices.keychain(of: device), keychainKey, queuedKeychainEntry)
            notifications.yield { keychain[key] = queued.entry.withLock { $0 } }
        }
    }

    /// Calls a listener now, or, with asynchronous listeners, later on the serial queue.
    private func deliver(_ call: @escaping @Sendable () -> Void) {
        guard !behaviour.session.listenerCallsOvertake else {
            overtakingCalls.append(call)
            if overtakingCalls.count == 1 {
                Task(executorPreference: CheckExecutor.current) { await self.callOvertaking() }
            }
            return
        }
        if behaviour.session.listenersCalledConcurrently {
            callConcurrently(call)
            return
        }
        if let notifications { notifications.yield(call) } else { call() }
    }

    /// The defect `callsListenersConcurrently`: the call on a thread of its own, begun once the previous call has
    /// returned or once a listener of the check holds one, whichever comes first: where a check holds a call the next
    /// begins meanwhile, as on a concurrent queue, and otherwise the calls keep the order of their changes every run.
    private func callConcurrently(_ call: @escaping @Sendable () -> Void) {
        let previous = latestConcurrentCall
        let current = ConcurrentListenerCall()
        latestConcurrentCall = current
        if let previous { CheckExecutor.current?.whenListenerCallHeld { previous.letNextBegin() } }
        Thread.detachNewThread {
            previous?.waitForTurn()
            call()
            current.letNextBegin()
        }
    }

    /// The defect `listenerCallsOvertake`: once the check's work has settled (`CheckExecutor.untilIdle()`), the calls
    /// gathered meanwhile, newest first, so the call of an older change arrives after the current user's.
    private func callOvertaking() async {
        await CheckExecutor.current?.untilIdle()
        let calls = overtakingCalls
        overtakingCalls = []
        for call in calls.reversed() { call() }
    }

    /// Makes `response`'s user current and tells the listeners; a sign-in started when `signOutCount` was `started`
    /// that a sign-out overtook in flight is dropped instead, where the behaviour says so (AUTH-6 allows either).
    /// `listening`: the listeners registered when the sign-in started, for the defect
    /// `signInNotifiesListenersAtStart`.
    func signIn(_ response: SignInResponse, started: Int? = nil, listening: Set<Int>? = nil) async -> AuthDataResult {
        let overtaken = started.map { $0 != signOutCount } ?? false
        if !overtaken || !behaviour.session.dropsSignInsOvertakenBySignOut {
            setSession((response.user.uid, response.tokens))
            await notifyListeners(only: listening)
            if behaviour.session.signInNotifiesTwice { await notifyListeners(only: listening) }
        }
        let info = AdditionalUserInfo(
            providerID: response.providerID, isNewUser: response.isNewUser, username: response.profile?["login"],
            profile: response.profile)
        return AuthDataResult(user: response.user, additionalUserInfo: info, credential: response.credential)
    }

    func signIn(
        _ outcome: SignInOutcome, started: Int? = nil, listening: Set<Int>? = nil
    ) async throws(AuthError) -> AuthDataResult {
        switch outcome {
        case .signedIn(let response): return await signIn(response, started: started, listening: listening)
        case .secondFactorRequired(let pendingID, let hints, let message):
            let resolver = ReferenceResolver(client: self, session: MultiFactorSession(pendingID), hints: hints)
            throw AuthError(.secondFactorRequired, message, resolver: resolver)
        }
    }

    // MARK: Settings

    func setLanguageCode(_ languageCode: String?) async { self.languageCode = languageCode }

    // MARK: Credentials

    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        let started = signOutCount
        let listening = listenersAtStart
        return try await signIn(try await firstFactor(credential), started: started, listening: listening)
    }

    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        let current = try signedIn()
        let credential = try await exchangedAtFirstUse(credential)
        let (user, tokens) = try await overNetwork(
            "link", await backend.link(credential, toUser: current.uid, refreshToken: current.tokens.refreshToken))
        setSession((current.uid, tokens))
        await notifyListeners()
        return AuthDataResult(
            user: user, additionalUserInfo: AdditionalUserInfo(providerID: credential.providerID, isNewUser: false),
            credential: credential)
    }

    func delete() async throws(AuthError) {
        let current = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        try await overNetwork("deleteUser", await backend.deleteUser(current.uid, idToken: idToken))
        setSession(nil)
        await notifyListeners()
    }

    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        let current = try signedIn()
        let creates: Bool =
            switch credential {
            case .oauth, .oauthResponse: behaviour.oauth.reauthenticationCreatesUsers
            default: false
            }
        let outcome = try await firstFactor(credential, creatingUser: creates)
        let checksUser = behaviour.apple.reauthenticateChecksUser || credential.providerID != ProviderID.apple
        if case .signedIn(let response) = outcome, response.user.uid != current.uid, checksUser {
            throw AuthError(.userMismatch, "the credential belongs to another user")
        }
        return try await signIn(outcome)
    }

    private func firstFactor(
        _ credential: AuthCredential, creatingUser: Bool = true
    ) async throws(AuthError) -> SignInOutcome {
        switch credential {
        case .phone(let verificationID, let code):
            let checksEmpty = behaviour.phone.reportsEmptyCredentialInputsAsMissing
            guard !verificationID.isEmpty || !checksEmpty else {
                throw AuthError(.missingVerificationID, "the verification ID is empty")
            }
            guard !code.isEmpty || !checksEmpty else {
                throw AuthError(.missingVerificationCode, "the verification code is empty")
            }
            let backendID =
                behaviour.phone.verificationsOutliveClient
                ? verificationID : privateVerificationIDs[verificationID] ?? ""
            guard behaviour.codes.checkedWhereUsed else {
                try await overNetwork("checkCode", await backend.checkCode(verificationID: backendID, code: code))
                return .signedIn(
                    try await overNetwork(
                        "signInWithPhoneNumber",
                        await backend.signInWithPhoneNumber(
                            verificationID: backendID, code: code, creatingUser: creatingUser, checked: true)))
            }
            guard behaviour.codes.checkedAndUsedInOneTurn else {
                return .signedIn(
                    try await overNetwork(
                        "signInWithPhoneNumber",
                        await backend.signInWithPhoneNumberAwaitingStore(
                            verificationID: backendID, code: code, creatingUser: creatingUser)))
            }
            let startedAt = behaviour.codes.expiryJudgedAtClientStart ? world.clock.now : nil
            return .signedIn(
                try await overNetwork(
                    "signInWithPhoneNumber",
                    await backend.signInWithPhoneNumber(
                        verificationID: backendID, code: code, creatingUser: creatingUser, clientStartedAt: startedAt)))
        case .password(let email, let password):
            return try await overNetwork("signIn", await backend.signIn(email: email, password: password))
        case .emailLink(let email, let link):
            let code = try emailLinkCode(email: email, link: link)
            return try await overNetwork(
                "signInWithEmailLink",
                await backend.signInWithEmailLink(email: email, oobCode: code, creatingUser: creatingUser))
        case .oauth(let providerID, let accessToken, _):
            return try await overNetwork(
                "signInWithOAuth",
                await backend.signInWithOAuth(
                    providerID: providerID, accessToken: accessToken, creatingUser: creatingUser))
        case .oauthResponse:
            return try await firstFactor(try await exchangedAtFirstUse(credential), creatingUser: creatingUser)
        case .apple(let idToken, let rawNonce, let fullName):
            return try await overNetwork(
                "signInWithApple",
                await backend.signInWithApple(
                    idToken: idToken, rawNonce: rawNonce, fullName: fullName, creatingUser: creatingUser))
        }
    }

}

/// The keychain entry a write queued on the listeners' queue writes when it runs (the defect
/// `writesKeychainOnListenerQueue`).
private final class QueuedKeychainEntry: Sendable { let entry = Mutex<String?>(nil) }

/// A listener call of the defect `callsListenersConcurrently`, which the next call waits for.
private final class ConcurrentListenerCall: @unchecked Sendable {
    // Guarded by `condition`.
    private var nextMayBegin = false
    private let condition = NSCondition()

    func letNextBegin() {
        condition.lock()
        nextMayBegin = true
        condition.broadcast()
        condition.unlock()
    }

    func waitForTurn() {
        condition.lock()
        while !nextMayBegin { condition.wait() }
        condition.unlock()
    }
}
