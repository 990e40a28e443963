import ConformanceKit
import Foundation
import MockIdP

/// The app on a device, playing the Firebase SDK's part over REST: the calls the SDK makes, the checks it
/// makes before calling (empty inputs, sign-in links, an already linked provider), the session it keeps in the
/// device's keychain, and its listeners.
actor IdentityToolkitClient: AuthClient, PhoneAuthFacet, EmailPasswordFacet, AnonymousAuthFacet, MultiFactorFacet,
    EmailLinkFacet
{
    struct Session: Sendable {
        let uid: String
        let idToken: String
        let refreshToken: String
        let expiresAt: Date
    }

    let backend: IdentityToolkitBackend
    let device: Device
    private var session: Session?
    /// The signed-in user as the server last described it, kept as the SDK keeps `Auth.currentUser`, and the order of
    /// the lookup that answered it (an older lookup answered later does not replace it).
    private var lookedUp: (user: AuthUser, order: Int)?
    /// The lookups sent so far.
    private var lookups = 0
    private(set) var languageCode: String?
    private var listeners: [Int: @Sendable (AuthUser?) -> Void] = [:]
    private var nextListenerID = 0
    /// Changes of user or token so far, to tell a notification overtaken by a later change.
    private var changes = 0
    /// The Sign in with Apple request waiting for Apple's answer (``IdentityToolkitClient/requestAuthorization()``).
    var pendingAppleNonce: String?
    /// The generic OAuth request waiting for the provider's redirect (``IdentityToolkitClient/credential(with:)``).
    var pendingOAuth: PendingOAuthRedirect?

    init(backend: IdentityToolkitBackend, device: Device) {
        self.backend = backend
        self.device = device
    }

    var http: IdentityToolkitHTTP { backend.http }
    var world: World { backend.world }

    /// One request of the app to the server, as the iOS SDK sends it (its route, headers and the app's language in
    /// `X-Firebase-Locale`), through the world's network, where a check can hold it in flight (the subject declares
    /// `sendsRequestsThroughWorldNetwork`).
    func post(_ endpoint: SDKEndpoint, _ body: FixtureValue) async throws(AuthError) -> FixtureValue {
        let http = http
        let languageCode = languageCode
        return try await world.network.send(endpoint.path, from: device) { () async throws(AuthError) -> FixtureValue in
            try await http.post(endpoint, body, languageCode: languageCode)
        }
    }

    nonisolated var phone: (any PhoneAuthFacet)? { self }
    nonisolated var emailPassword: (any EmailPasswordFacet)? { self }
    nonisolated var anonymous: (any AnonymousAuthFacet)? { self }
    nonisolated var multiFactor: (any MultiFactorFacet)? { self }
    nonisolated var emailLink: (any EmailLinkFacet)? { self }

    // MARK: Persistence

    private var keychainKey: String { "firebase-auth-user.\(backend.projectID)" }

    /// The signed-in user the keychain kept from the app's last launch, refreshed as Firebase restores it, and
    /// looked up once (the SDK keeps the user itself in the keychain; here the server describes it).
    func restoreSignedInUser() async {
        guard let stored = world.devices.keychain(of: device)[keychainKey], let separator = stored.firstIndex(of: " ")
        else { return }
        do {
            let restored = try await refreshed(String(stored[stored.index(after: separator)...]))
            session = restored
            _ = try? await lookup(restored.idToken)
        } catch  where Self.endsSession(error.code) {
            setSession(nil)  // the server refused the kept session for good: the SDK forgets it
        } catch {}
    }

    private func setSession(_ session: Session?) {
        self.session = session
        if lookedUp?.user.uid != session?.uid { lookedUp = nil }
        world.devices.keychain(of: device)[keychainKey] = session.map { "\($0.uid) \($0.refreshToken)" }
    }

    /// `securetoken.googleapis.com/v1/token`: a fresh ID token for a refresh token, in the JSON body the iOS SDK
    /// sends (`SecureTokenRequest.swift`: `grantType`, `refreshToken`).
    private func refreshed(_ refreshToken: String) async throws(AuthError) -> Session {
        let answer = try await post(
            .secureToken, .object(["grantType": .string("refresh_token"), "refreshToken": .string(refreshToken)]))
        guard let idToken = answer["id_token"]?.stringValue, let uid = answer["user_id"]?.stringValue else {
            throw AuthError(.internalError, "the token refresh answered no id_token or user_id")
        }
        return Session(
            uid: uid, idToken: idToken, refreshToken: answer["refresh_token"]?.stringValue ?? refreshToken,
            expiresAt: expiry(answer["expires_in"]))
    }

    /// When a token the server says lives `expiresIn` seconds expires; in an hour when it says nothing a `Double` reads
    /// as a finite number (`"NaN"` would make a date that traps when it is printed).
    func expiry(_ expiresIn: FixtureValue?) -> Date {
        let seconds = Double(expiresIn?.stringValue ?? "").flatMap { $0.isFinite ? $0 : nil } ?? 3600
        return http.clientNow.addingTimeInterval(seconds)
    }

    // MARK: Session

    /// The user as the SDK keeps it (`Auth.currentUser`): read from memory, as the server last described it in the
    /// lookups the SDK makes (after a sign-in, a link, a reauthentication or a multi-factor change, and `reload()`), so
    /// reading it sends nothing; a session restored at launch is looked up as it is restored (and again at a read only
    /// if that lookup failed).
    var currentUser: AuthUser? {
        get async {
            guard let session else { return nil }
            if let lookedUp, lookedUp.user.uid == session.uid { return lookedUp.user }
            return try? await lookup(session.idToken)
        }
    }

    /// `accounts:lookup`: the user an ID token stands for, as the server keeps it. The user of the session's own token
    /// (or of its uid) becomes ``currentUser``.
    func lookup(_ idToken: String) async throws(AuthError) -> AuthUser {
        lookups += 1
        let order = lookups
        let answer = try await post(.getAccountInfo, .object(["idToken": .string(idToken)]))
        guard let found = answer["users"]?.arrayValue.first else {
            throw AuthError(.userNotFound, "accounts:lookup answered no user")
        }
        let user = UserDecoding.user(found, http: http)
        if user.uid == session?.uid || idToken == session?.idToken, order > lookedUp?.order ?? 0 {
            lookedUp = (user, order)
        }
        return user
    }

    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        let current = try signedIn()
        guard forceRefresh || http.clientNow >= current.expiresAt.addingTimeInterval(-300) else {
            return current.idToken
        }
        let renewed: Session
        do { renewed = try await refreshed(current.refreshToken) } catch  where Self.endsSession(error.code) {
            // As the SDK's signOutIfTokenIsInvalid: the server refused the session for good, so the user is signed out.
            if session?.refreshToken == current.refreshToken {
                setSession(nil)
                await notifyListeners()
            }
            throw error
        }
        // AUTH-3: a sign-out (or another sign-in) while the refresh was in flight wins; the refresh brings nobody back.
        guard session?.refreshToken == current.refreshToken else { return renewed.idToken }
        setSession(renewed)
        await notifyListeners()
        return renewed.idToken
    }

    /// The refusals of a refresh after which the SDK signs the user out and tells the listeners.
    static func endsSession(_ code: AuthErrorCode) -> Bool {
        [.userNotFound, .userDisabled, .invalidUserToken, .userTokenExpired].contains(code)
    }

    func signedIn() throws(AuthError) -> Session {
        guard let session else { throw AuthError(.nullUser, "nobody is signed in") }
        return session
    }

    func signOut() async throws(AuthError) {
        setSession(nil)
        await notifyListeners()
    }

    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    {
        nextListenerID += 1
        listeners[nextListenerID] = listener
        listener(await currentUser)
        return ListenerRegistration(id: nextListenerID)
    }

    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async { listeners[registration.id] = nil }

    /// Tells the listeners who is signed in now: ``currentUser``, as a sign-in's lookup left it.
    private func notifyListeners() async {
        changes += 1
        let change = changes
        let user = await currentUser
        // AUTH-6: a later change made while the user was looked up notifies for itself; this older one is dropped.
        guard change == changes else { return }
        for (_, listener) in listeners.sorted(by: { $0.key < $1.key }) { listener(user) }
    }

    func setLanguageCode(_ languageCode: String?) async { self.languageCode = languageCode }

    /// The app never waits for a push: the server verifies no app (see ``IdentityToolkitSubject``).
    func canHandleNotification(_ userInfo: [String: String]) async -> Bool { false }

    /// Only the provider's redirect for the generic OAuth request waiting for it (OAUTH-4).
    func canHandle(_ url: URL) async -> Bool { takeOAuthRedirect(url) }

    // MARK: Credentials

    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        let answer = try await firstFactor(credential, reauthenticating: false)
        return try await completeFirstFactor(answer, providerID: credential.providerID)
    }

    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        let current = try signedIn()
        let answer: FixtureValue
        do { answer = try await firstFactor(credential, reauthenticating: true) } catch
            where error.code == .userNotFound
        { throw AuthError(.userMismatch, "the credential belongs to no user: \(error.message)") }
        if answer["mfaPendingCredential"] == nil, answer["localId"]?.stringValue != current.uid {
            throw AuthError(.userMismatch, "the credential belongs to another user")
        }
        return try await completeFirstFactor(answer, providerID: credential.providerID)
    }

    /// The call that proves a first factor, after the checks the SDK makes on its inputs.
    private func firstFactor(
        _ credential: AuthCredential, reauthenticating: Bool
    ) async throws(AuthError) -> FixtureValue {
        switch credential {
        case .phone(let verificationID, let code):
            guard !verificationID.isEmpty else {
                throw AuthError(.missingVerificationID, "the verification ID is empty")
            }
            guard !code.isEmpty else { throw AuthError(.missingVerificationCode, "the verification code is empty") }
            return try await post(
                .verifyPhoneNumber,
                .object([
                    "sessionInfo": .string(verificationID), "code": .string(code),
                    "operation": .string(reauthenticating ? "REAUTH" : "SIGN_UP_OR_IN"),
                ]))
        case .password(let email, let password):
            // As the SDK does before it asks the server: an empty password is a wrong one.
            guard !password.isEmpty else {
                throw AuthError(.wrongPassword, "The password is invalid or the user does not have a password.")
            }
            return try await post(
                .verifyPassword,
                .object([
                    "email": .string(email), "password": .string(password), "returnSecureToken": .bool(true),
                    "clientType": .string(SDKEndpoint.clientType),
                ]))
        case .emailLink(let email, let link):
            let code = try Self.emailLinkCode(email: email, link: link)
            return try await post(.emailLinkSignin, .object(["email": .string(email), "oobCode": .string(code)]))
        default:
            if let answer = try await identityProviderFirstFactor(credential, reauthenticating: reauthenticating) {
                return answer
            }
            // An identity provider's credential without its facet (the server reaches no provider of the check's).
            throw AuthError(
                .operationNotAllowed,
                """
                \(credential.providerID) sign-in is offered over HTTP only when the server reaches the check's \
                providers: the emulator's OAuth flow is its own widget, not an API
                """)
        }
    }

    /// A first factor's answer: a session, or `secondFactorRequired` with a resolver when the answer holds a
    /// pending credential (MFA-6).
    private func completeFirstFactor(
        _ answer: FixtureValue, providerID: String
    ) async throws(AuthError) -> AuthDataResult {
        if let pending = answer["mfaPendingCredential"]?.stringValue {
            let hints = (answer["mfaInfo"]?.arrayValue ?? []).map { UserDecoding.factor($0, http: http) }
            // A resolver holds a hint for each factor the user may answer with; one with none would resolve nothing.
            guard !hints.isEmpty else {
                throw AuthError(
                    .internalError, "the sign-in answered a pending second factor (mfaPendingCredential) but no mfaInfo"
                )
            }
            let resolver = IdentityToolkitResolver(client: self, session: MultiFactorSession(pending), hints: hints)
            throw AuthError(
                .secondFactorRequired, "Please complete a second factor challenge to finish signing into this account.",
                resolver: resolver)
        }
        let user = try await startSession(answer)
        let provider = Self.providerResult(of: answer)
        let info = AdditionalUserInfo(
            providerID: answer["providerId"]?.stringValue ?? providerID,
            isNewUser: answer["isNewUser"]?.boolValue ?? false, profile: provider.profile)
        return AuthDataResult(user: user, additionalUserInfo: info, credential: provider.credential)
    }

    /// Makes the answer's tokens the current session and returns its user. With `refreshingAtOnce` (after a
    /// multi-factor change: enroll, unenroll, resolve) the answer's refresh token is used at once, as the SDK's
    /// `completeSignIn` does with a token it was given no expiry for, and the session holds the refreshed token.
    @discardableResult
    func startSession(_ answer: FixtureValue, refreshingAtOnce: Bool = false) async throws(AuthError) -> AuthUser {
        guard var idToken = answer["idToken"]?.stringValue, var refreshToken = answer["refreshToken"]?.stringValue
        else { throw AuthError(.internalError, "the server answered no idToken or refreshToken") }
        if refreshingAtOnce {
            let renewed = try await refreshed(refreshToken)
            idToken = renewed.idToken
            refreshToken = renewed.refreshToken
        }
        let uid = answer["localId"]?.stringValue ?? session?.uid ?? ""
        let previous = session
        setSession(
            Session(uid: uid, idToken: idToken, refreshToken: refreshToken, expiresAt: expiry(answer["expiresIn"])))
        let user: AuthUser
        do { user = try await lookup(idToken) } catch {
            // As the SDK, which makes a user current only once the lookup answered: the session is not kept (unless a
            // call made meanwhile replaced it), or a current user would be left that no listener was told of.
            if session?.refreshToken == refreshToken { setSession(previous) }
            throw error
        }
        if user.uid != uid {
            setSession(
                Session(
                    uid: user.uid, idToken: idToken, refreshToken: refreshToken, expiresAt: expiry(answer["expiresIn"]))
            )
        }
        await notifyListeners()
        return user
    }

    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        _ = try signedIn()
        // As the SDK does before any call: a provider the user already has, as the user was last looked up, is not
        // linked again.
        if let user = await currentUser, user.providerData.contains(where: { $0.providerID == credential.providerID }) {
            throw AuthError(.providerAlreadyLinked, "the user is already linked to \(credential.providerID)")
        }
        let idToken = try await getIDToken(forceRefresh: false)
        let answer: FixtureValue
        switch credential {
        case .phone(let verificationID, let code):
            answer = try await post(
                .verifyPhoneNumber,
                .object([
                    "sessionInfo": .string(verificationID), "code": .string(code), "idToken": .string(idToken),
                    "operation": .string("LINK"),
                ]))
            if answer["temporaryProof"] != nil {
                throw AuthError(.credentialAlreadyInUse, "this phone number already belongs to another user")
            }
        case .password(let email, let password):
            // As `User.link(withEmail:password:)`: a `signupNewUser` carrying the user's ID token.
            answer = try await post(
                .signupNewUser,
                .object([
                    "idToken": .string(idToken), "email": .string(email), "password": .string(password),
                    "returnSecureToken": .bool(true), "clientType": .string(SDKEndpoint.clientType),
                ]))
        case .emailLink(let email, let link):
            let code = try EmailSignInLink.oobCode(of: link)
            answer = try await post(
                .emailLinkSignin,
                .object(["email": .string(email), "oobCode": .string(code), "idToken": .string(idToken)]))
        default:
            guard let linked = try await identityProviderLink(credential, idToken: idToken) else {
                throw AuthError(.operationNotAllowed, "\(credential.providerID) linking is not offered over HTTP")
            }
            answer = linked
        }
        let linked = try await startSession(answer)
        return AuthDataResult(
            user: linked, additionalUserInfo: AdditionalUserInfo(providerID: credential.providerID, isNewUser: false),
            credential: Self.providerResult(of: answer).credential ?? credential)
    }

    func delete() async throws(AuthError) {
        let current = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        _ = try await post(.deleteAccount, .object(["idToken": .string(idToken), "localId": .string(current.uid)]))
        setSession(nil)
        await notifyListeners()
    }

    /// The code of a sign-in link for `email`, checked as the SDK checks it before asking the server.
    static func emailLinkCode(email: String, link: String) throws(AuthError) -> String {
        guard !email.isEmpty else {
            throw AuthError(.missingEmail, "an email address is needed to complete sign-in with a link")
        }
        return try EmailSignInLink.oobCode(of: link)
    }
}
