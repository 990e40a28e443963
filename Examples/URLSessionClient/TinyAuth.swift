import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small client SDK for an Identity Toolkit server, written the way client SDKs are written, to show how one is
/// plugged into the suite (``TinyAuthAdapter``): URLSession, completion handlers, its own token storage (in memory
/// for the app's lifetime, not the world's keychain), errors as `NSError`s of Firebase's error domain with
/// Firebase's codes, debug logging on every call (``logsCalls``). It knows nothing about the suite: this file imports
/// Foundation only.
public final class TinyAuth: Sendable {
    /// What the SDK keeps of the signed-in user: its tokens, and its profile as `accounts:lookup` wrote it.
    public struct Session: Sendable {
        public var idToken: String
        public var refreshToken: String
        public var expiresAt: Date
        public var user: TinyUser
    }

    public let baseURL: URL
    public let apiKey: String
    /// Sent as `tenantId` in every request body when set (Firebase's `Auth.tenantID`).
    public let tenantID: String?
    private let session: URLSession
    /// The device's clock, which says when the ID token is about to expire.
    private let clock: @Sendable () -> Date
    /// The SDK's own storage: the current session.
    private let storage = Mutex<Session?>(nil)

    public init(
        baseURL: URL, apiKey: String, tenantID: String? = nil, configuration: URLSessionConfiguration,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.clock = clock
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.tenantID = tenantID
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public var currentSession: Session? { storage.withLock { $0 } }

    /// Whether the SDK logs every call, as the iOS SDK does with `-FIRDebugEnabled`: `TINYAUTH_DEBUG` set in the
    /// environment. It logs as chatty SDKs do, tokens and all: each request on standard output, each answer on
    /// standard error, every line written in two pieces.
    public static let logsCalls = ProcessInfo.processInfo.environment["TINYAUTH_DEBUG"] != nil

    private static func log(_ line: String, to output: FileHandle) {
        guard logsCalls else { return }
        let bytes = Data("TinyAuth: \(line)\n".utf8)
        output.write(bytes.prefix(bytes.count / 2))
        output.write(bytes.dropFirst(bytes.count / 2))
    }

    // MARK: Calls, with completion handlers

    public func createUser(
        email: String, password: String, completion: @escaping @Sendable (Result<TinyUser, NSError>) -> Void
    ) {
        guard !password.isEmpty else { return completion(.failure(Self.error(17_026, "Missing password"))) }
        signIn("v1/accounts:signUp", ["email": email, "password": password, "returnSecureToken": true], completion)
    }

    public func signIn(
        email: String, password: String, completion: @escaping @Sendable (Result<TinyUser, NSError>) -> Void
    ) {
        guard !password.isEmpty else { return completion(.failure(Self.error(17_009, "Missing password"))) }
        signIn(
            "v1/accounts:signInWithPassword", ["email": email, "password": password, "returnSecureToken": true],
            completion)
    }

    /// `accounts:sendOobCode` (`EMAIL_SIGNIN`); `settings` are the optional fields (`continueUrl`, `iOSBundleId`,
    /// `androidPackageName`, `androidInstallApp`, `androidMinimumVersion`, `linkDomain`), sent when set.
    public func sendSignInLink(
        toEmail email: String, settings: [String: Any], completion: @escaping @Sendable (NSError?) -> Void
    ) {
        let body = settings.merging(["requestType": "EMAIL_SIGNIN", "email": email, "canHandleCodeInApp": true]) { $1 }
        call("v1/accounts:sendOobCode", body) { completion($0.failure) }
    }

    public func sendEmailVerification(completion: @escaping @Sendable (NSError?) -> Void) {
        idToken(forcingRefresh: false) { [self] result in
            guard case .success(let token) = result else { return completion(result.failure) }
            call("v1/accounts:sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": token]) {
                completion($0.failure)
            }
        }
    }

    public func applyActionCode(_ code: String, completion: @escaping @Sendable (NSError?) -> Void) {
        call("v1/accounts:update", ["oobCode": code]) { completion($0.failure) }
    }

    /// `accounts:lookup` of the current user, kept as its new profile.
    public func reload(completion: @escaping @Sendable (NSError?) -> Void) {
        idToken(forcingRefresh: false) { [self] result in
            guard case .success(let token) = result else { return completion(result.failure) }
            call("v1/accounts:lookup", ["idToken": token]) { [self] lookup in
                guard case .success(let answer) = lookup, let users = answer["users"] as? [[String: Any]],
                    let user = users.first.map(TinyUser.init)
                else { return completion(lookup.failure ?? Self.error(17_011, "no user")) }
                storage.withLock { $0?.user = user }
                completion(nil)
            }
        }
    }

    public func isSignInLink(_ link: String) -> Bool { Self.oobCode(in: link, mode: "signIn") != nil }

    public func signIn(email: String, link: String, completion: @escaping @Sendable (Result<TinyUser, NSError>) -> Void)
    {
        guard let code = Self.oobCode(in: link, mode: "signIn") else {
            return completion(.failure(Self.error(17_030, "not a sign-in link")))
        }
        signIn("v1/accounts:signInWithEmailLink", ["email": email, "oobCode": code], completion)
    }

    /// `accounts:signInWithEmailLink` with the current user's ID token: the link's address added to the user.
    public func link(email: String, link: String, completion: @escaping @Sendable (Result<TinyUser, NSError>) -> Void) {
        guard let code = Self.oobCode(in: link, mode: "signIn") else {
            return completion(.failure(Self.error(17_030, "not a sign-in link")))
        }
        idToken(forcingRefresh: false) { [self] result in
            guard case .success(let token) = result else {
                return completion(.failure(result.failure ?? Self.error(17_067, "no user")))
            }
            signIn("v1/accounts:signInWithEmailLink", ["email": email, "oobCode": code, "idToken": token], completion)
        }
    }

    /// A sign-in with a link that must sign the current user in again (17024, user mismatch, otherwise).
    public func reauthenticate(
        email: String, link: String, completion: @escaping @Sendable (Result<TinyUser, NSError>) -> Void
    ) {
        guard let uid = currentSession?.user.uid else { return completion(.failure(Self.error(17_067, "no user"))) }
        guard let code = Self.oobCode(in: link, mode: "signIn") else {
            return completion(.failure(Self.error(17_030, "not a sign-in link")))
        }
        signIn("v1/accounts:signInWithEmailLink", ["email": email, "oobCode": code], expecting: uid, completion)
    }

    public func sendVerificationCode(
        toPhoneNumber number: String, completion: @escaping @Sendable (Result<String, NSError>) -> Void
    ) {
        guard !number.isEmpty else { return completion(.failure(Self.error(17_041, "no phone number"))) }
        call("v1/accounts:sendVerificationCode", ["phoneNumber": number]) { result in
            completion(
                result.flatMap { json in
                    (json["sessionInfo"] as? String).map { .success($0) }
                        ?? .failure(Self.error(17_046, "no sessionInfo"))
                })
        }
    }

    public func signIn(
        verificationID: String, code: String, completion: @escaping @Sendable (Result<TinyUser, NSError>) -> Void
    ) {
        guard !verificationID.isEmpty else { return completion(.failure(Self.error(17_045, "no verification ID"))) }
        guard !code.isEmpty else { return completion(.failure(Self.error(17_043, "no verification code"))) }
        signIn("v1/accounts:signInWithPhoneNumber", ["sessionInfo": verificationID, "code": code], completion)
    }

    public func fetchSignInMethods(
        forEmail email: String, completion: @escaping @Sendable (Result<[String], NSError>) -> Void
    ) {
        call("v1/accounts:createAuthUri", ["identifier": email, "continueUri": "http://localhost/"]) { result in
            completion(result.map { $0["signinMethods"] as? [String] ?? [] })
        }
    }

    /// The ID token, renewed with the refresh token when it is about to expire or when forced.
    public func idToken(forcingRefresh force: Bool, completion: @escaping @Sendable (Result<String, NSError>) -> Void) {
        guard let current = currentSession else { return completion(.failure(Self.error(17_067, "no user"))) }
        guard force || current.expiresAt.timeIntervalSince(clock()) < 300 else {
            return completion(.success(current.idToken))
        }
        let body: [String: Any] = ["grant_type": "refresh_token", "refresh_token": current.refreshToken]
        post("/securetoken.googleapis.com/v1/token", body) { [self] result in
            switch result {
            case .failure(let error):
                if [17_005, 17_011, 17_017, 17_021].contains(error.code) { signOut(ifStill: current.refreshToken) }
                completion(.failure(error))
            case .success(let json):
                guard let idToken = json["id_token"] as? String else {
                    return completion(.failure(Self.error(17_999, "no id_token")))
                }
                storage.withLock { stored in
                    guard stored?.refreshToken == current.refreshToken else { return }
                    stored?.idToken = idToken
                    stored?.refreshToken = json["refresh_token"] as? String ?? current.refreshToken
                    stored?.expiresAt = expiry(json["expires_in"])
                }
                completion(.success(idToken))
            }
        }
    }

    public func signOut() { storage.withLock { $0 = nil } }

    public func deleteUser(completion: @escaping @Sendable (NSError?) -> Void) {
        idToken(forcingRefresh: false) { [self] result in
            guard case .success(let token) = result else { return completion(result.failure) }
            call("v1/accounts:delete", ["idToken": token]) { [self] result in
                if result.failure == nil { signOut() }
                completion(result.failure)
            }
        }
    }

    // MARK: Plumbing

    private func signOut(ifStill refreshToken: String) {
        storage.withLock { if $0?.refreshToken == refreshToken { $0 = nil } }
    }

    /// A call that signs a user in: the session it answers is stored once the user is looked up.
    private func signIn(
        _ path: String, _ body: [String: Any], expecting uid: String? = nil,
        _ completion: @escaping @Sendable (Result<TinyUser, NSError>) -> Void
    ) {
        call(path, body) { [self] result in
            guard case .success(let json) = result, let idToken = json["idToken"] as? String,
                let refreshToken = json["refreshToken"] as? String
            else { return completion(.failure(result.failure ?? Self.error(17_999, "no tokens"))) }
            let isNewUser = json["isNewUser"] as? Bool ?? (path == "v1/accounts:signUp")
            let expiresAt = expiry(json["expiresIn"])
            call("v1/accounts:lookup", ["idToken": idToken]) { [self] lookup in
                guard case .success(let answer) = lookup, let users = answer["users"] as? [[String: Any]],
                    var user = users.first.map(TinyUser.init)
                else { return completion(.failure(lookup.failure ?? Self.error(17_011, "no user"))) }
                guard uid == nil || user.uid == uid else {
                    return completion(.failure(Self.error(17_024, "the link belongs to another user")))
                }
                user.isNewUser = isNewUser
                storage.withLock {
                    $0 = Session(idToken: idToken, refreshToken: refreshToken, expiresAt: expiresAt, user: user)
                }
                completion(.success(user))
            }
        }
    }

    private func call(
        _ path: String, _ body: [String: Any],
        _ completion: @escaping @Sendable (Result<[String: Any], NSError>) -> Void
    ) { post("/identitytoolkit.googleapis.com/" + path, body, completion) }

    private func post(
        _ path: String, _ body: [String: Any],
        _ completion: @escaping @Sendable (Result<[String: Any], NSError>) -> Void
    ) {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "key", value: apiKey)]
        var request = URLRequest(url: components.url!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        var body = body
        if let tenantID { body["tenantId"] = tenantID }
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        Self.log("POST \(path) \(String(decoding: request.httpBody ?? Data(), as: UTF8.self))", to: .standardOutput)
        session.dataTask(with: request) { data, response, error in
            Self.log(
                "\(path) answered \(error.map { "\($0)" } ?? String(decoding: data ?? Data(), as: UTF8.self))",
                to: .standardError)
            if let error { return completion(.failure(Self.error(17_020, error.localizedDescription))) }
            let json = (data.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]) ?? [:]
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                let message = (json["error"] as? [String: Any])?["message"] as? String ?? "HTTP \(status)"
                return completion(.failure(Self.error(forServerMessage: message)))
            }
            completion(.success(json))
        }.resume()
    }

    private func expiry(_ expiresIn: Any?) -> Date {
        clock().addingTimeInterval(Double(expiresIn as? String ?? "") ?? 3600)
    }

    /// The `oobCode` of an action link of `mode` (the last `mode` given counts), also inside a `link` or
    /// `deep_link_id` parameter (a Hosting or Dynamic Link); none in a link with a malformed percent escape.
    static func oobCode(in link: String, mode: String) -> String? {
        guard link.removingPercentEncoding != nil else { return nil }  // a malformed escape: not a link
        let items = URLComponents(string: link)?.queryItems ?? []
        if items.last(where: { $0.name == "mode" })?.value == mode {
            return items.first { $0.name == "oobCode" }?.value
        }
        let inner = items.first { $0.name == "link" || $0.name == "deep_link_id" }?.value
        return inner.flatMap { oobCode(in: $0, mode: mode) }
    }

    /// The SDK's error for a server's `error.message` (`CODE : detail`), with Firebase's codes.
    static func error(forServerMessage message: String) -> NSError {
        let name = message.split(separator: ":", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
        let codes = [
            "INVALID_LOGIN_CREDENTIALS": 17_004, "USER_DISABLED": 17_005, "OPERATION_NOT_ALLOWED": 17_006,
            "EMAIL_EXISTS": 17_007, "INVALID_EMAIL": 17_008, "INVALID_PASSWORD": 17_009,
            "TOO_MANY_ATTEMPTS_TRY_LATER": 17_010, "EMAIL_NOT_FOUND": 17_011, "USER_NOT_FOUND": 17_011,
            "INVALID_ID_TOKEN": 17_017, "INVALID_REFRESH_TOKEN": 17_017, "TOKEN_EXPIRED": 17_021,
            "WEAK_PASSWORD": 17_026, "EXPIRED_OOB_CODE": 17_029, "INVALID_OOB_CODE": 17_030, "MISSING_PASSWORD": 17_009,
            "INVALID_PHONE_NUMBER": 17_042, "MISSING_PHONE_NUMBER": 17_041, "INVALID_CODE": 17_044,
            "INVALID_SESSION_INFO": 17_046, "SESSION_EXPIRED": 17_051, "QUOTA_EXCEEDED": 17_052,
            "MISSING_IOS_BUNDLE_ID": 17_036, "MISSING_ANDROID_PACKAGE_NAME": 17_037, "UNAUTHORIZED_DOMAIN": 17_038,
            "INVALID_CONTINUE_URI": 17_039, "MISSING_CONTINUE_URI": 17_040, "INVALID_HOSTING_LINK_DOMAIN": 17_214,
        ]
        return error(name.flatMap { codes[$0] } ?? 17_999, message)
    }

    static func error(_ code: Int, _ message: String) -> NSError {
        NSError(domain: "FIRAuthErrorDomain", code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}

/// The user as `accounts:lookup` writes it.
public struct TinyUser: Sendable {
    public struct Provider: Sendable {
        public var providerID: String
        public var uid: String
        public var email: String?
        public var phoneNumber: String?
    }

    public var uid: String
    public var email: String?
    public var phoneNumber: String?
    public var isEmailVerified: Bool
    public var providerData: [Provider]
    /// Whether the call that signed the user in created it.
    public var isNewUser = false
    public var createdAt: Date?
    public var lastLoginAt: Date?

    init(_ json: [String: Any]) {
        uid = json["localId"] as? String ?? ""
        email = json["email"] as? String
        phoneNumber = json["phoneNumber"] as? String
        isEmailVerified = json["emailVerified"] as? Bool ?? false
        providerData = (json["providerUserInfo"] as? [[String: Any]] ?? []).map {
            Provider(
                providerID: $0["providerId"] as? String ?? "", uid: $0["rawId"] as? String ?? "",
                email: $0["email"] as? String, phoneNumber: $0["phoneNumber"] as? String)
        }
        let milliseconds = { (key: String) in
            (json[key] as? String).flatMap(Double.init).map { Date(timeIntervalSince1970: $0 / 1000) }
        }
        createdAt = milliseconds("createdAt")
        lastLoginAt = milliseconds("lastLoginAt")
    }
}

extension Result { fileprivate var failure: Failure? { if case .failure(let error) = self { error } else { nil } } }
