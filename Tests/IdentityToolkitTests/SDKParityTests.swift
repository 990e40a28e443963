import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import Synchronization
import Testing

/// The HTTP subject's client does what the Firebase iOS SDK does on every point a rule can observe
/// (the firebase-ios-sdk sources, `FirebaseAuth/Sources/Swift`): its error table, its checks before a call, the fields
/// and headers it
/// sends, sign-out on a refused refresh, and the refresh after a multi-factor change.
@Suite("The HTTP client behaves as the Firebase iOS SDK does")
struct SDKParityTests {
    static let ada = (email: "ada@example.com", password: "correct horse battery")

    static func backend(
        _ server: IdentityToolkitServer, world: World,
        isolation: IdentityToolkitConfiguration.Isolation = .oneCheckAtATime
    ) async throws -> any AuthBackend {
        let configuration = IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: ProjectConfiguration.standard.projectID, isolation: isolation,
            makeSessionConfiguration: { server.urlSessionConfiguration() }, publishedKeys: .at(server.publishedKeysURL))
        return try await IdentityToolkitSubject(configuration).makeBackend(configuration: .standard, world: world)
    }

    static func launch(_ server: IdentityToolkitServer, world: World) async throws -> any AuthClient {
        try await backend(server, world: world).makeClient(on: .primary)
    }

    static func server() -> IdentityToolkitServer {
        IdentityToolkitServer(defaultProjectID: ProjectConfiguration.standard.projectID)
    }

    static func body(_ request: HTTPRequest) -> FixtureValue {
        (try? JSONDecoder().decode(FixtureValue.self, from: request.body)) ?? .object([:])
    }

    static func requests(to call: String, on server: IdentityToolkitServer) -> [HTTPRequest] {
        server.requests.filter { $0.url.path.hasSuffix(call) }
    }

    static func code(sentTo number: String, in world: World) throws -> String {
        let text = try #require(world.outbound.latestSMS(to: number)?.text)
        return try #require(SMSCode.extract(from: text))
    }

    /// Ada signed up, and her email verified through the link the server mailed (the client not reloaded yet).
    static func verifiedAda(_ client: any AuthClient, world: World) async throws {
        _ = try await client.emailPassword!.createUser(withEmail: ada.email, password: ada.password)
        try await client.emailPassword!.sendEmailVerification()
        let link = try #require(world.outbound.readAllEmails(to: ada.email).last?.links.first)
        let oobCode = try #require(
            URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "oobCode" }?.value)
        try await client.emailPassword!.applyActionCode(oobCode)
    }

    /// Ada, signed up with a verified email and one SMS second factor, still signed in.
    static func enrolledAda(_ client: any AuthClient, world: World, number: String = "+16505550101") async throws {
        try await verifiedAda(client, world: world)
        try await client.emailPassword!.reload()
        let session = try await client.multiFactor!.multiFactorSession()
        let verificationID = try await client.multiFactor!.verifyPhoneNumber(number, multiFactorSession: session)
        try await client.multiFactor!.enroll(
            with: .phone(verificationID: verificationID, verificationCode: try code(sentTo: number, in: world)),
            displayName: nil)
    }

    @Test(
        "the six server strings the SDK maps that the table lacked",
        arguments: [
            ("INVALID_CUSTOM_TOKEN", AuthErrorCode.invalidCustomToken), ("CREDENTIAL_MISMATCH", .customTokenMismatch),
            ("TENANT_ID_MISMATCH", .tenantIDMismatch),
            ("UNSUPPORTED_TENANT_OPERATION : Operation is not supported.", .unsupportedTenantOperation),
            ("BLOCKING_FUNCTION_ERROR_RESPONSE : HTTP Cloud Function returned an error", .blockingCloudFunctionError),
            ("PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements", .passwordDoesNotMeetRequirements),
        ])
    func errorStrings(_ message: String, _ code: AuthErrorCode) {
        #expect(ServerErrorMapping.code(forMessage: message) == code)
        #expect(AuthErrorCode(rawValue: code.rawValue) == code)
    }

    @Test("an empty password is weakPassword at sign-up and wrongPassword at sign-in, refused before any request")
    func emptyPasswords() async throws {
        let server = Self.server()
        let client = try await Self.launch(server, world: World())
        let signUp = await #expect(throws: AuthError.self) {
            _ = try await client.emailPassword!.createUser(withEmail: Self.ada.email, password: "")
        }
        #expect(signUp?.code == .weakPassword)
        let signIn = await #expect(throws: AuthError.self) {
            _ = try await client.signIn(with: .password(email: Self.ada.email, password: ""))
        }
        #expect(signIn?.code == .wrongPassword)
        #expect(
            Self.requests(to: "signupNewUser", on: server).isEmpty
                && Self.requests(to: "verifyPassword", on: server).isEmpty)
    }

    @Test(
        """
        the current user is kept as the SDK keeps it: reading it sends nothing, a provider it has is refused before \
        any call, what changed at the server shows after reload(), and a relaunch looks the kept session's user up once
        """)
    func currentUserIsKept() async throws {
        let server = Self.server()
        let world = World()
        let backend = try await Self.backend(server, world: world)
        let client = try await backend.makeClient(on: .primary)
        try await Self.verifiedAda(client, world: world)
        let sent = server.requests.count

        for _ in 1...3 { #expect(await client.currentUser?.isEmailVerified == false) }
        let linkedAgain = await #expect(throws: AuthError.self) {
            _ = try await client.link(with: .password(email: "other@example.com", password: Self.ada.password))
        }
        #expect(linkedAgain?.code == .providerAlreadyLinked)
        #expect(
            server.requests.count == sent,
            "sent \(server.requests.dropFirst(sent).map(\.url.path)), as the SDK does not")

        try await client.emailPassword!.reload()
        #expect(await client.currentUser?.isEmailVerified == true)
        #expect(server.requests.dropFirst(sent).map { $0.url.lastPathComponent } == ["getAccountInfo"])

        let relaunched = try await backend.makeClient(on: .primary)
        let restoring = server.requests.dropFirst(sent + 1).map { $0.url.lastPathComponent }
        #expect(restoring == ["token", "getAccountInfo"])
        for _ in 1...3 { #expect(await relaunched.currentUser?.email == Self.ada.email) }
        #expect(server.requests.count == sent + 1 + restoring.count)
    }

    @Test("phone sign-in sends operation SIGN_UP_OR_IN, a phone link LINK")
    func phoneOperations() async throws {
        let server = Self.server()
        let world = World()
        let client = try await Self.launch(server, world: world)
        let first = try await client.phone!.verifyPhoneNumber("+16505550101")
        _ = try await client.signIn(
            with: .phone(verificationID: first, verificationCode: try Self.code(sentTo: "+16505550101", in: world)))
        try await client.signOut()
        _ = try await client.emailPassword!.createUser(withEmail: Self.ada.email, password: Self.ada.password)
        let second = try await client.phone!.verifyPhoneNumber("+16505550102")
        _ = try await client.link(
            with: .phone(verificationID: second, verificationCode: try Self.code(sentTo: "+16505550102", in: world)))
        let operations = Self.requests(to: "relyingparty/verifyPhoneNumber", on: server).map {
            Self.body($0)["operation"]?.stringValue
        }
        #expect(operations == ["SIGN_UP_OR_IN", "LINK"])
    }

    @Test(
        """
        the multi-factor calls carry X-Firebase-Locale; mfaSignIn:start the hint's masked number; enroll and resolve \
        refresh the token at once, and the resolved user is kept
        """)
    func multiFactorRequests() async throws {
        let server = Self.server()
        let world = World()
        let client = try await Self.launch(server, world: world)
        await client.setLanguageCode("fr")
        try await Self.enrolledAda(client, world: world)
        try await client.signOut()
        let error = await #expect(throws: AuthError.self) {
            _ = try await client.signIn(with: .password(email: Self.ada.email, password: Self.ada.password))
        }
        let resolver = try #require(error?.resolver)
        let hint = try #require(resolver.hints.first)
        let verificationID = try await client.multiFactor!.verifyPhoneNumber(
            with: hint, multiFactorSession: resolver.session)
        _ = try await resolver.resolveSignIn(
            with: .phone(
                verificationID: verificationID, verificationCode: try Self.code(sentTo: "+16505550101", in: world)))
        let resolved = server.requests.count
        #expect(await client.currentUser?.enrolledFactors.count == 1)
        #expect(
            server.requests.count == resolved, "the user the resolved sign-in looked up is kept, as after any sign-in")

        let start = try #require(Self.requests(to: "mfaSignIn:start", on: server).first)
        #expect(Self.body(start)["phoneSignInInfo"]?["phoneNumber"]?.stringValue == hint.phoneNumber)
        #expect(hint.phoneNumber?.contains("*") == true, "the server's hint is masked: \(hint.phoneNumber ?? "nil")")
        let multiFactor = server.requests.filter { $0.url.path.contains("/v2/accounts/mfa") }
        #expect(multiFactor.count == 4)
        for request in multiFactor {
            #expect(
                request.headers.first { $0.key.lowercased() == "x-firebase-locale" }?.value == "fr",
                "\(request.url.path)")
        }
        let paths = server.requests.map(\.url.path)
        for call in ["mfaEnrollment:finalize", "mfaSignIn:finalize"] {
            let index = try #require(paths.firstIndex { $0.hasSuffix(call) })
            #expect(
                paths[index + 1].hasSuffix("/securetoken.googleapis.com/v1/token"), "after \(call): \(paths[index + 1])"
            )
        }
    }

    /// A multi-factor user's life through the client: enrolled, signed out, signed in with a second factor, a forced
    /// refresh, a sign-in methods lookup, deleted; every kind of call the client makes.
    static func callEverything(_ client: any AuthClient, world: World) async throws {
        try await Self.enrolledAda(client, world: world)
        try await client.signOut()
        let error = await #expect(throws: AuthError.self) {
            _ = try await client.signIn(with: .password(email: Self.ada.email, password: Self.ada.password))
        }
        let resolver = try #require(error?.resolver)
        let verificationID = try await client.multiFactor!.verifyPhoneNumber(
            with: try #require(resolver.hints.first), multiFactorSession: resolver.session)
        _ = try await resolver.resolveSignIn(
            with: .phone(
                verificationID: verificationID, verificationCode: try Self.code(sentTo: "+16505550101", in: world)))
        _ = try await client.getIDToken(forceRefresh: true)
        _ = try await client.emailLink!.fetchSignInMethods(forEmail: Self.ada.email)
        try await client.delete()
    }

    @Test(
        """
        every call goes where the iOS SDK sends it (v3 relyingparty, v2 for multi-factor, securetoken for the \
        refresh), with its headers and its body fields
        """)
    func routesHeadersAndFields() async throws {
        let server = Self.server()
        let world = World()
        let client = try await Self.launch(server, world: world)
        await client.setLanguageCode("fr")
        try await Self.callEverything(client, world: world)

        let calls = server.requests.filter { !$0.url.path.hasPrefix("/emulator/") && $0.method == "POST" }
        let relyingParty = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"
        for request in calls {
            let path = request.url.path
            #expect(
                path.hasPrefix(relyingParty) || path.hasPrefix("/identitytoolkit.googleapis.com/v2/accounts/mfa")
                    || path == "/securetoken.googleapis.com/v1/token", "\(path) is not a route the iOS SDK sends")
            #expect(request.url.query?.hasPrefix("key=") == true, "\(path): \(request.url.query ?? "no query")")
            let headers = Dictionary(request.headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
            #expect(headers["content-type"] == "application/json", "\(path)")
            #expect(headers["x-client-version"]?.hasPrefix("iOS/FirebaseSDK/") == true, "\(path)")
            #expect(headers["x-ios-bundle-identifier"] == ProjectConfiguration.standard.bundleID, "\(path)")
            #expect(headers["x-firebase-gmpid"]?.contains(":ios:") == true, "\(path)")
            #expect(headers["x-firebase-locale"] == "fr", "\(path)")
        }
        let endpoints = Set(calls.map { $0.url.path.replacingOccurrences(of: relyingParty, with: "") })
        for endpoint in [
            "signupNewUser", "getAccountInfo", "getOobConfirmationCode", "setAccountInfo", "verifyPassword",
            "createAuthUri", "deleteAccount", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start",
            "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize", "/securetoken.googleapis.com/v1/token",
        ] { #expect(endpoints.contains(endpoint), "no \(endpoint) among \(endpoints.sorted())") }
        func body(of endpoint: String) throws -> FixtureValue {
            Self.body(try #require(calls.first { $0.url.path.hasSuffix(endpoint) }, "no \(endpoint)"))
        }
        let signUp = try body(of: "signupNewUser")
        #expect(
            signUp["clientType"]?.stringValue == "CLIENT_TYPE_IOS" && signUp["returnSecureToken"]?.boolValue == true)
        #expect(try body(of: "verifyPassword")["clientType"]?.stringValue == "CLIENT_TYPE_IOS")
        let refresh = try body(of: "/securetoken.googleapis.com/v1/token")
        #expect(refresh["grantType"]?.stringValue == "refresh_token" && refresh["refreshToken"]?.stringValue != nil)
        #expect(try body(of: "createAuthUri")["continueUri"]?.stringValue == "http://www.google.com/")
        let delete = try body(of: "deleteAccount")
        #expect(delete["idToken"]?.stringValue != nil && delete["localId"]?.stringValue != nil)
    }

    /// The body keys each of the iOS SDK's request classes writes (`unencodedHTTPRequestBody` of
    /// `FirebaseAuth/Sources/Swift/Backend/RPC/*Request.swift`), and whether it writes `tenantId` when `Auth.tenantID`
    /// is set: every class but `GetAccountInfoRequest`, `DeleteAccountRequest`, `SecureTokenRequest` and
    /// `RevokeTokenRequest`.
    static let iOSRequestKeys: [String: (keys: Set<String>, namesTenant: Bool)] = [
        "signupNewUser": (
            [
                "email", "password", "displayName", "idToken", "captchaResponse", "clientType", "recaptchaVersion",
                "returnSecureToken",
            ], true
        ),
        "verifyPassword": (
            [
                "email", "password", "pendingIdToken", "captchaChallenge", "captchaResponse", "clientType",
                "recaptchaVersion", "returnSecureToken",
            ], true
        ), "getAccountInfo": (["idToken"], false), "deleteAccount": (["idToken", "localId"], false),
        "setAccountInfo": (
            [
                "idToken", "displayName", "localId", "email", "password", "provider", "oobCode", "emailVerified",
                "upgradeToFederatedLogin", "captchaChallenge", "captchaResponse", "deleteAttribute", "deleteProvider",
                "photoUrl", "returnSecureToken",
            ], true
        ),
        "getOobConfirmationCode": (
            [
                "requestType", "email", "newEmail", "idToken", "continueUrl", "iOSBundleId", "androidPackageName",
                "androidInstallApp", "androidMinimumVersion", "canHandleCodeInApp", "dynamicLinkDomain", "linkDomain",
                "captchaResp", "clientType", "recaptchaVersion",
            ], true
        ),
        "createAuthUri": (
            ["identifier", "continueUri", "openidRealm", "providerId", "clientId", "context", "appId"], true
        ), "emailLinkSignin": (["email", "oobCode", "idToken"], true),
        "sendVerificationCode": (
            [
                "phoneNumber", "iosReceipt", "iosSecret", "recaptchaToken", "captchaResponse", "recaptchaVersion",
                "clientType",
            ], true
        ),
        "verifyPhoneNumber": (["sessionInfo", "code", "idToken", "temporaryProof", "phoneNumber", "operation"], true),
        "resetPassword": (["oobCode", "newPassword"], true),
        "mfaEnrollment:start": (["idToken", "phoneEnrollmentInfo", "totpEnrollmentInfo"], true),
        "mfaEnrollment:finalize": (["idToken", "displayName", "phoneVerificationInfo", "totpVerificationInfo"], true),
        "mfaEnrollment:withdraw": (["idToken", "mfaEnrollmentId"], true),
        "mfaSignIn:start": (["mfaPendingCredential", "mfaEnrollmentId", "phoneSignInInfo"], true),
        "mfaSignIn:finalize": (
            ["mfaPendingCredential", "mfaEnrollmentId", "phoneVerificationInfo", "totpVerificationInfo"], true
        ), "token": (["grantType", "refreshToken", "scope", "code"], false),
    ]

    @Test("in a tenant, each request has its iOS SDK request class's fields, and tenantId where that class writes it")
    func tenantFields() async throws {
        let server = Self.server()
        let world = World()
        let client = try await Self.backend(server, world: world, isolation: .tenantPerCheck).makeClient(on: .primary)
        try await Self.callEverything(client, world: world)

        let calls = server.requests.filter { !$0.url.path.hasPrefix("/emulator/") && $0.method == "POST" }
        var seen: Set<String> = []
        for request in calls {
            let endpoint = String(request.url.path.split(separator: "/").last ?? "")
            let (keys, namesTenant) = try #require(Self.iOSRequestKeys[endpoint], "\(endpoint): no iOS SDK request")
            guard case .object(let fields) = Self.body(request) else { continue }
            seen.insert(endpoint)
            let extra = Set(fields.keys).subtracting(keys).subtracting(["tenantId"])
            #expect(extra.isEmpty, "\(endpoint) sends \(extra.sorted()), which the iOS SDK's request does not")
            let sent = fields["tenantId"] == nil ? "missing" : "sent"
            #expect(
                (fields["tenantId"] != nil) == namesTenant,
                "\(endpoint): tenantId \(sent), while the iOS SDK's request \(namesTenant ? "sends it" : "does not")")
        }
        for endpoint in ["getAccountInfo", "deleteAccount", "token", "signupNewUser", "mfaSignIn:finalize"] {
            #expect(seen.contains(endpoint), "no \(endpoint) among \(seen.sorted())")
        }
    }

    @Test("linking a password is a signupNewUser with the user's ID token, as User.link(withEmail:password:) sends it")
    func passwordLink() async throws {
        let server = Self.server()
        let world = World()
        let client = try await Self.launch(server, world: world)
        _ = try await client.anonymous!.signInAnonymously()
        let linked = try await client.link(with: .password(email: Self.ada.email, password: Self.ada.password))
        #expect(linked.user.email == Self.ada.email)
        let link = try #require(Self.requests(to: "signupNewUser", on: server).last)
        #expect(
            Self.body(link)["idToken"]?.stringValue != nil && Self.body(link)["email"]?.stringValue == Self.ada.email)
        #expect(Self.requests(to: "setAccountInfo", on: server).isEmpty)
    }

    @Test("unenroll refreshes the token at once")
    func unenrollRefreshes() async throws {
        let server = Self.server()
        let world = World()
        let client = try await Self.launch(server, world: world)
        try await Self.enrolledAda(client, world: world)
        let factor = try #require(await client.currentUser?.enrolledFactors.first)
        try await client.multiFactor!.unenroll(factorUID: factor.uid)
        let paths = server.requests.map(\.url.path)
        let index = try #require(paths.firstIndex { $0.hasSuffix("mfaEnrollment:withdraw") })
        #expect(paths[index + 1].hasSuffix("/securetoken.googleapis.com/v1/token"))
    }

    @Test(
        """
        a refresh the server refuses for good (the user was deleted on another device) signs the user out and tells \
        the listeners
        """)
    func refusedRefreshSignsOut() async throws {
        let server = Self.server()
        let world = World()
        let backend = try await Self.backend(server, world: world)
        let client = try await backend.makeClient(on: .primary)
        _ = try await client.emailPassword!.createUser(withEmail: Self.ada.email, password: Self.ada.password)
        let heard = Heard()
        _ = await client.addIDTokenDidChangeListener { heard.append($0?.uid) }
        let other = try await backend.makeClient(on: Device("device-2"))
        _ = try await other.signIn(with: .password(email: Self.ada.email, password: Self.ada.password))
        try await other.delete()
        let refused = await #expect(throws: AuthError.self) { _ = try await client.getIDToken(forceRefresh: true) }
        #expect(
            [AuthErrorCode.userNotFound, .userDisabled, .userTokenExpired].contains(refused?.code ?? .internalError),
            "\(String(describing: refused))")
        #expect(await client.currentUser == nil)
        #expect(heard.values.last == .some(nil), "the listeners heard \(heard.values)")
    }
}

/// What a listener heard, in order.
private final class Heard: Sendable {
    private let heard = Mutex<[String?]>([])
    func append(_ uid: String?) { heard.withLock { $0.append(uid) } }
    var values: [String?] { heard.withLock { $0 } }
}
