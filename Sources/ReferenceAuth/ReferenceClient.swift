import ConformanceKit
import Foundation
import MockIdP

/// The reference app instance: Firebase `Auth` for one app on one device.
actor ReferenceClient: AuthClient {
    private let backend: ReferenceBackend
    private let device: Device
    private let world: World
    private let defects: Set<Defect>
    private let callbackScheme: String

    private var session: (uid: String, idToken: String)?
    private var languageCode: String?
    private var appVerificationDisabled = false
    private var listeners: [Int: @Sendable (AuthUser?) -> Void] = [:]
    private var nextListenerID = 0
    /// Receipts and secrets of app-verification pushes received while waiting for one.
    private var receivedPushes: [String: String] = [:]
    private var isAwaitingPush = false
    /// The event ID of the reCAPTCHA redirect being waited for, and the token it brought.
    private var pendingRedirect: (eventID: String, token: String?)?
    /// With the `verificationBoundToClientInstance` defect: this instance's private names for verification IDs.
    private var privateVerificationIDs: [String: String] = [:]

    init(backend: ReferenceBackend, device: Device) {
        self.backend = backend
        self.device = device
        world = backend.world
        defects = backend.defects
        callbackScheme = "app-1-\(backend.configuration.projectID)-ios"
    }

    // MARK: Session

    var currentUser: AuthUser? {
        get async {
            guard let session else { return nil }
            return await backend.user(session.uid)
        }
    }

    func getIDToken(forceRefresh: Bool) async throws -> String {
        guard let session else { throw AuthError(.nullUser, "nobody is signed in") }
        return session.idToken
    }

    func signOut() async throws {
        guard !defects.contains(.signOutKeepsCurrentUser) else { return }
        session = nil
        if !defects.contains(.signOutNotifiesNobody) { await notifyListeners() }
    }

    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration {
        nextListenerID += 1
        listeners[nextListenerID] = listener
        listener(await currentUser)
        return ListenerRegistration(id: nextListenerID)
    }

    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        listeners[registration.id] = nil
    }

    private func notifyListeners() async {
        let user = await currentUser
        for listener in listeners.values { listener(user) }
    }

    private func signIn(_ response: SignInResponse) async -> AuthDataResult {
        session = (response.user.uid, response.idToken)
        await notifyListeners()
        return AuthDataResult(user: response.user, additionalUserInfo: AdditionalUserInfo(providerID: response.providerID, isNewUser: response.isNewUser))
    }

    // MARK: Settings

    func setLanguageCode(_ languageCode: String?) async { self.languageCode = languageCode }

    func setAppVerificationDisabledForTesting(_ disabled: Bool) async { appVerificationDisabled = disabled }

    // MARK: Credentials

    func signIn(with credential: AuthCredential) async throws -> AuthDataResult {
        switch credential {
        case .phone(let verificationID, let code):
            let reportEmptyAsInvalid = defects.contains(.emptyInputsReportedAsInvalid)
            guard !verificationID.isEmpty || reportEmptyAsInvalid else { throw AuthError(.missingVerificationID, "the verification ID is empty") }
            guard !code.isEmpty || reportEmptyAsInvalid else { throw AuthError(.missingVerificationCode, "the verification code is empty") }
            let backendID = defects.contains(.verificationBoundToClientInstance) ? privateVerificationIDs[verificationID] ?? "" : verificationID
            return await signIn(try await backend.signInWithPhoneNumber(verificationID: backendID, code: code))
        case .password(let email, let password):
            return await signIn(try await backend.signIn(email: email, password: password))
        }
    }

    // MARK: Phone

    func verifyPhoneNumber(_ phoneNumber: String) async throws -> String {
        let proof = appVerificationDisabled ? AppProof.disabledForTesting : try await verifyApp()
        let verificationID = try await backend.sendVerificationCode(to: phoneNumber, proof: proof, languageCode: languageCode, device: device)
        guard defects.contains(.verificationBoundToClientInstance) else { return verificationID }
        let privateID = world.random.string(length: 40)
        privateVerificationIDs[privateID] = verificationID
        return privateID
    }

    /// PHONE-14: a silent push when the device can receive one, otherwise a reCAPTCHA.
    private func verifyApp() async throws -> AppProof {
        if defects.contains(.skipsAppVerification) { return .none }
        if let deviceToken = world.push.deviceToken(for: device) {
            isAwaitingPush = true
            defer { isAwaitingPush = false }
            if let receipt = try? await backend.verifyClient(deviceToken: deviceToken), let secret = receivedPushes.removeValue(forKey: receipt) {
                return .push(receipt: receipt, secret: secret)
            }
        }
        let eventID = world.random.string(length: 10, alphabet: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        pendingRedirect = (eventID, nil)
        defer { pendingRedirect = nil }
        do {
            try await world.recaptcha.present(on: device, callbackURL: URL(string: "\(callbackScheme)://firebaseauth/link?eventId=\(eventID)")!)
        } catch .cancelledByUser {
            if defects.contains(.ignoresReCaptchaCancellation) { return .none }
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
        if defects.contains(.handlesEveryNotification) { return true }
        guard isAwaitingPush, let payload = userInfo[pushPayloadKey], let fields = try? JSONDecoder().decode([String: String].self, from: Data(payload.utf8)),
            let receipt = fields["receipt"], let secret = fields["secret"]
        else { return false }
        receivedPushes[receipt] = secret
        return true
    }

    func canHandle(_ url: URL) async -> Bool {
        if defects.contains(.handlesEveryURL) { return true }
        guard let pending = pendingRedirect, pending.token == nil, url.scheme == callbackScheme, url.host == "firebaseauth", url.path == "/link",
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
            query.first(where: { $0.name == "eventId" })?.value == pending.eventID,
            let token = query.first(where: { $0.name == "recaptchaToken" })?.value
        else { return false }
        pendingRedirect = (pending.eventID, token)
        return true
    }

    // MARK: Email and password

    func createUser(withEmail email: String, password: String) async throws -> AuthDataResult {
        await signIn(try await backend.signUp(email: email, password: password))
    }
}
