import ConformanceKit
import Foundation
import MockIdP

/// The reference app instance: Firebase `Auth` (and the current user's operations) for one app on one device.
actor ReferenceClient: AuthClient, PhoneAuthFacet, EmailPasswordFacet, AnonymousAuthFacet, MultiFactorFacet {
    let backend: ReferenceBackend
    let device: Device
    let world: World
    let behaviour: ReferenceBehaviour
    private let callbackScheme: String

    private var session: (uid: String, tokens: SessionTokens)?
    private(set) var languageCode: String?
    private var appVerificationDisabled = false
    private var listeners: [Int: @Sendable (AuthUser?) -> Void] = [:]
    private var nextListenerID = 0
    /// With asynchronous listeners: calls to make, in order, on one serial queue.
    private let notifications: AsyncStream<@Sendable () -> Void>.Continuation?
    /// The receipt of the app-verification push being waited for, and the secret once it came.
    private var awaitedPush: (receipt: String, secret: String?)?
    /// The event ID of the reCAPTCHA redirect being waited for, and the token it brought.
    private var pendingRedirect: (eventID: String, token: String?)?
    /// The OAuth authorization request being waited for, and the redirect once it came.
    var pendingOAuth: PendingOAuth?
    /// The raw nonce of the Sign in with Apple request being waited for (the guide's `currentNonce`).
    var pendingAppleNonce: String?
    /// The first raw nonce this client made, for a client that does not make a fresh one per request.
    var firstAppleNonce: String?
    /// Unless verifications outlive the client: this instance's private names for verification IDs.
    private var privateVerificationIDs: [String: String] = [:]
    /// With the defect `oneVerificationInFlight`: the verification that holds the client's one slot.
    private var verificationInFlight = 0
    private var nextVerification = 0
    private var slotKeepers: [AsyncStream<Void>.Continuation] = []
    /// With the defect `writesKeychainAfterReturning`: the session changed since the keychain was written.
    private var keychainOutOfDate = false
    /// Changes of user or token so far, to tell a notification overtaken by a later change.
    private var changes = 0

    init(backend: ReferenceBackend, device: Device) {
        self.backend = backend
        self.device = device
        world = backend.world
        behaviour = backend.behaviour
        callbackScheme = "app-1-\(backend.configuration.projectID)-ios"
        if behaviour.session.listenersCalledAsynchronously {
            let (stream, continuation) = AsyncStream<@Sendable () -> Void>.makeStream()
            notifications = continuation
            Task { for await notification in stream { notification() } }
        } else {
            notifications = nil
        }
    }

    deinit { notifications?.finish() }

    // MARK: Facets

    nonisolated var phone: (any PhoneAuthFacet)? { offers(.phone) ? self : nil }
    nonisolated var emailPassword: (any EmailPasswordFacet)? { offers(.emailPassword) ? self : nil }
    nonisolated var anonymous: (any AnonymousAuthFacet)? { self }
    nonisolated var multiFactor: (any MultiFactorFacet)? { offers(.multiFactor) ? self : nil }

    /// Whether a flow the reference declares needs `facet`: the reference offers what it declares, and no more.
    nonisolated func offers(_ facet: Facet) -> Bool { behaviour.capabilities.flows.contains { $0.facets.contains(facet) } }

    // MARK: Persistence

    private var keychainKey: String { "firebase-auth-user.\(backend.configuration.projectID)" }

    /// The signed-in user the keychain kept from the app's last launch, as Firebase restores it.
    func restoreSignedInUser() async {
        guard let stored = world.devices.keychain(of: device)[keychainKey], let separator = stored.firstIndex(of: " ") else { return }
        let uid = String(stored[..<separator])
        guard let tokens = try? await overNetwork("token", await backend.refresh(String(stored[stored.index(after: separator)...]))) else { return }
        session = (uid, tokens)
    }

    /// Makes `session` current and keeps it in the device's keychain for the next launch.
    private func setSession(_ session: (uid: String, tokens: SessionTokens)?) {
        self.session = session
        if behaviour.session.keychainWrittenBeforeReturning { persistSession() } else { keychainOutOfDate = true }
    }

    private func persistSession() {
        world.devices.keychain(of: device)[keychainKey] = session.map { "\($0.uid) \($0.tokens.refreshToken)" }
        keychainOutOfDate = false
    }

    /// One request to the backend, through the world's network, where a check can hold it in flight (the reference
    /// declares `sendsRequestsThroughWorldNetwork`).
    func overNetwork<T>(_ request: String, _ exchange: @autoclosure () async throws(AuthError) -> T) async throws(AuthError) -> T {
        try await world.network.send(request, from: device, exchange)
    }

    // MARK: Session

    var currentUser: AuthUser? {
        get async {
            if keychainOutOfDate { persistSession() }
            return await sessionUser()
        }
    }

    private func sessionUser() async -> AuthUser? {
        guard let session else { return nil }
        return await world.network.send("getAccountInfo", from: device) { await backend.user(session.uid) }
    }

    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        let current = try signedIn()
        let renewal = behaviour.session.renewsBeforeExpiry ? current.tokens.expiresAt.advanced(by: .seconds(-300)) : current.tokens.expiresAt.advanced(by: .seconds(1))
        guard forceRefresh || world.clock.now >= renewal else { return current.tokens.idToken }
        let tokens = try await overNetwork("token", await backend.refresh(current.tokens.refreshToken))
        // AUTH-3: a sign-out (or another sign-in) while the refresh was in flight wins; the refresh brings nobody back.
        guard session?.tokens.refreshToken == current.tokens.refreshToken || !behaviour.session.refreshYieldsToLaterChange else {
            return tokens.idToken
        }
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
        if behaviour.session.signOutEndsSession { session = nil }
        if behaviour.session.signOutClearsKeychain { world.devices.keychain(of: device)[keychainKey] = nil }
        if behaviour.session.signOutNotifiesListeners { await notifyListeners() }
    }

    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration {
        nextListenerID += 1
        listeners[nextListenerID] = listener
        let user = await currentUser
        deliver { listener(user) }
        return ListenerRegistration(id: nextListenerID)
    }

    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        listeners[registration.id] = nil
    }

    private func notifyListeners() async {
        changes += 1
        let change = changes
        let user = await sessionUser()
        // AUTH-6: a later change made while the user was looked up notifies for itself; this older one is dropped,
        // so the last call a listener receives names the current user.
        guard change == changes || !behaviour.session.dropsOvertakenNotifications else { return }
        let notified = listeners.sorted { $0.key < $1.key }.prefix(behaviour.session.listenersNotified)
        for (_, listener) in notified { deliver { listener(user) } }
    }

    /// Calls a listener now, or, with asynchronous listeners, later on the serial queue.
    private func deliver(_ call: @escaping @Sendable () -> Void) {
        if let notifications { notifications.yield(call) } else { call() }
    }

    func signIn(_ response: SignInResponse) async -> AuthDataResult {
        setSession((response.user.uid, response.tokens))
        await notifyListeners()
        let info = AdditionalUserInfo(
            providerID: response.providerID, isNewUser: response.isNewUser, username: response.profile?["login"], profile: response.profile)
        return AuthDataResult(user: response.user, additionalUserInfo: info, credential: response.credential)
    }

    private func signIn(_ outcome: SignInOutcome) async throws(AuthError) -> AuthDataResult {
        switch outcome {
        case .signedIn(let response):
            return await signIn(response)
        case .secondFactorRequired(let pendingID, let hints, let message):
            let resolver = ReferenceResolver(client: self, session: MultiFactorSession(pendingID), hints: hints)
            throw AuthError(.secondFactorRequired, message, resolver: resolver)
        }
    }

    // MARK: Settings

    func setLanguageCode(_ languageCode: String?) async { self.languageCode = languageCode }

    func setAppVerificationDisabledForTesting(_ disabled: Bool) async { appVerificationDisabled = disabled }

    // MARK: Credentials

    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await signIn(try await firstFactor(credential))
    }

    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        let current = try signedIn()
        let (user, tokens) = try await overNetwork("link", await backend.link(credential, toUser: current.uid, refreshToken: current.tokens.refreshToken))
        setSession((current.uid, tokens))
        await notifyListeners()
        return AuthDataResult(user: user, additionalUserInfo: AdditionalUserInfo(providerID: credential.providerID, isNewUser: false), credential: credential)
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
        let creates: Bool = if case .oauth = credential { behaviour.oauth.reauthenticationCreatesUsers } else { false }
        let outcome = try await firstFactor(credential, creatingUser: creates)
        let checksUser = behaviour.apple.reauthenticateChecksUser || credential.providerID != ProviderID.apple
        if case .signedIn(let response) = outcome, response.user.uid != current.uid, checksUser {
            throw AuthError(.userMismatch, "the credential belongs to another user")
        }
        return try await signIn(outcome)
    }

    private func firstFactor(_ credential: AuthCredential, creatingUser: Bool = true) async throws(AuthError) -> SignInOutcome {
        switch credential {
        case .phone(let verificationID, let code):
            let checksEmpty = behaviour.phone.reportsEmptyCredentialInputsAsMissing
            guard !verificationID.isEmpty || !checksEmpty else { throw AuthError(.missingVerificationID, "the verification ID is empty") }
            guard !code.isEmpty || !checksEmpty else { throw AuthError(.missingVerificationCode, "the verification code is empty") }
            let backendID = behaviour.phone.verificationsOutliveClient ? verificationID : privateVerificationIDs[verificationID] ?? ""
            guard behaviour.codes.checkedWhereUsed else {
                try await overNetwork("checkCode", await backend.checkCode(verificationID: backendID, code: code))
                return .signedIn(
                    try await overNetwork(
                        "signInWithPhoneNumber", await backend.signInWithPhoneNumber(verificationID: backendID, code: code, creatingUser: creatingUser, checked: true)))
            }
            return .signedIn(try await overNetwork("signInWithPhoneNumber", await backend.signInWithPhoneNumber(verificationID: backendID, code: code, creatingUser: creatingUser)))
        case .password(let email, let password):
            return try await overNetwork("signIn", await backend.signIn(email: email, password: password))
        case .emailLink(let email, let link):
            let code = try emailLinkCode(email: email, link: link)
            return try await overNetwork("signInWithEmailLink", await backend.signInWithEmailLink(email: email, oobCode: code, creatingUser: creatingUser))
        case .oauth(let providerID, let accessToken, _):
            return try await overNetwork("signInWithOAuth", await backend.signInWithOAuth(providerID: providerID, accessToken: accessToken, creatingUser: creatingUser))
        case .apple(let idToken, let rawNonce, let fullName):
            return try await overNetwork("signInWithApple", await backend.signInWithApple(idToken: idToken, rawNonce: rawNonce, fullName: fullName, creatingUser: creatingUser))
        }
    }

    // MARK: Phone

    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        let proof = try await appProof()
        nextVerification += 1
        let ticket = nextVerification
        if behaviour.phone.oneVerificationInFlight { verificationInFlight = ticket }
        let verificationID = try await overNetwork("sendVerificationCode", await backend.sendVerificationCode(to: phoneNumber, proof: proof, languageCode: languageCode, device: device))
        if behaviour.phone.oneVerificationInFlight, verificationInFlight != ticket { try await waitForSlotBack() }
        if behaviour.phone.verificationsOutliveClient { return verificationID }
        let privateID = world.random.string(length: 40)
        privateVerificationIDs[privateID] = verificationID
        return privateID
    }

    /// The defect `oneVerificationInFlight`: waits for a slot nobody gives back, until the caller gives up.
    private func waitForSlotBack() async throws(AuthError) {
        let (slot, keeper) = AsyncStream<Void>.makeStream()
        slotKeepers.append(keeper)
        for await _ in slot {}
        throw AuthError(.networkError, "the verification was abandoned")
    }

    /// PHONE-14: a silent push when the device can receive one, otherwise a reCAPTCHA; nothing when disabled for testing.
    private func appProof() async throws(AuthError) -> AppProof {
        if appVerificationDisabled { return .disabledForTesting }
        guard behaviour.appVerification.clientProvesApp else { return .none }
        if let deviceToken = world.push.deviceToken(for: device) {
            let receipt = await world.network.send("verifyClient", from: device) { await backend.verifyClient(deviceToken: deviceToken) }
            awaitedPush = (receipt, nil)
            defer { awaitedPush = nil }
            try? await overNetwork("sendVerificationPush", await backend.sendVerificationPush(receipt: receipt))
            if let secret = awaitedPush?.secret { return .push(receipt: receipt, secret: secret) }
        }
        let eventID = world.random.string(length: 10, alphabet: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        pendingRedirect = (eventID, nil)
        defer { pendingRedirect = nil }
        do {
            try await world.recaptcha.present(on: device, callbackURL: URL(string: "\(callbackScheme)://firebaseauth/link?\(behaviour.appVerification.redirectEventParameter)=\(eventID)")!)
        } catch .cancelledByUser {
            guard behaviour.appVerification.reCaptchaCancellationEndsRequest else { return .none }
            throw AuthError(.webContextCancelled, "the user cancelled the reCAPTCHA")
        } catch {
            throw AuthError(.webNetworkRequestFailed, "the reCAPTCHA could not be shown: \(error)")
        }
        guard let token = pendingRedirect?.token else {
            throw AuthError(.appVerificationUserInteractionFailure, "the reCAPTCHA did not redirect back with a token")
        }
        return .recaptcha(token: token)
    }

    func canHandleNotification(_ userInfo: [String: String]) async -> Bool {
        let claim = behaviour.appVerification.claimedPushes
        // A client that claims every push still takes its own: the defect is the claim, not a lost push.
        guard let awaited = awaitedPush, awaited.secret == nil, let payload = userInfo[pushPayloadKey],
            let fields = try? JSONDecoder().decode([String: String].self, from: Data(payload.utf8)),
            let receipt = fields["receipt"], let secret = fields["secret"],
            receipt == awaited.receipt || claim == .anyWhileWaiting
        else { return claim == .every }
        awaitedPush = (awaited.receipt, secret)
        return true
    }

    func canHandle(_ url: URL) async -> Bool {
        if await takeOAuthRedirect(url) { return true }
        let claim = behaviour.appVerification.claimedRedirects
        guard let pending = pendingRedirect, pending.token == nil, url.scheme == callbackScheme, url.host == "firebaseauth", url.path == "/link",
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
            query.first(where: { $0.name == behaviour.appVerification.redirectEventParameter })?.value == pending.eventID || claim == .anyWhileWaiting,
            let token = query.first(where: { $0.name == "recaptchaToken" })?.value
        else { return claim == .every }
        pendingRedirect = (pending.eventID, token)
        return true
    }

    // MARK: Email and password, anonymous

    func createUser(withEmail email: String, password: String) async throws(AuthError) -> AuthDataResult {
        await signIn(try await overNetwork("signUp", await backend.signUp(email: email, password: password)))
    }

    func sendEmailVerification() async throws(AuthError) {
        let idToken = try await getIDToken(forceRefresh: false)
        try await overNetwork("sendEmailVerification", await backend.sendEmailVerification(idToken: idToken))
    }

    func applyActionCode(_ code: String) async throws(AuthError) {
        try await overNetwork("applyActionCode", await backend.applyActionCode(code))
    }

    func reload() async throws(AuthError) {
        _ = try signedIn()
    }

    func signInAnonymously() async throws(AuthError) -> AuthDataResult {
        await signIn(await world.network.send("signInAnonymously", from: device) { await backend.signInAnonymously() })
    }

    // MARK: Multi-factor

    func multiFactorSession() async throws(AuthError) -> MultiFactorSession {
        MultiFactorSession(try await getIDToken(forceRefresh: false))
    }

    func verifyPhoneNumber(_ phoneNumber: String, multiFactorSession: MultiFactorSession) async throws(AuthError) -> String {
        let proof = try await appProof()
        return try await overNetwork("startEnrollment", await backend.startEnrollment(
            idToken: multiFactorSession.rawValue, phoneNumber: phoneNumber, proof: proof, languageCode: languageCode, device: device))
    }

    func verifyPhoneNumber(with hint: MultiFactorInfo, multiFactorSession: MultiFactorSession) async throws(AuthError) -> String {
        let proof = try await appProof()
        return try await overNetwork("startSecondFactor", await backend.startSecondFactor(
            pendingID: multiFactorSession.rawValue, factorUID: hint.uid, proof: proof, languageCode: languageCode, device: device))
    }

    func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError) {
        let current = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        let tokens = try await overNetwork("finalizeEnrollment", await backend.finalizeEnrollment(
            idToken: idToken, refreshToken: current.tokens.refreshToken, assertion: assertion, displayName: displayName))
        guard let tokens, behaviour.multiFactor.enrollmentRenewsSession else { return }
        setSession((current.uid, tokens))
        if behaviour.multiFactor.enrollmentNotifiesListeners { await notifyListeners() }
    }

    func unenroll(factorUID: String) async throws(AuthError) {
        let current = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        setSession((current.uid, try await overNetwork("withdraw", await backend.withdraw(idToken: idToken, refreshToken: current.tokens.refreshToken, factorUID: factorUID))))
        await notifyListeners()
    }
}

/// The resolver a multi-factor user's first-factor sign-in throws (`MultiFactorResolver`).
struct ReferenceResolver: MultiFactorResolver {
    let client: ReferenceClient
    let session: MultiFactorSession
    let hints: [MultiFactorInfo]

    func resolveSignIn(with assertion: MultiFactorAssertion) async throws(AuthError) -> AuthDataResult {
        let response = try await client.overNetwork("resolveSignIn", await client.backend.resolveSignIn(pendingID: session.rawValue, assertion: assertion))
        return await client.signIn(response)
    }
}
