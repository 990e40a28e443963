import ConformanceKit
import Foundation
import HTTPMessages
import MockIdP
import ReferenceAuth

/// The project and tenant an administrator's path names: `/…/v1/projects/{p}[/tenants/{t}]/accounts…`, with the
/// path of the same call without them.
struct AdminScope {
    let projectID: String
    let tenant: String?
    let path: String

    init?(path: String) {
        guard let scoped = ProjectPath(path, below: "/identitytoolkit.googleapis.com/v1/projects/") else { return nil }
        (projectID, tenant) = (scoped.projectID, scoped.tenant)
        self.path = "/identitytoolkit.googleapis.com/v1/" + scoped.rest.joined(separator: "/")
    }
}

/// Which call a request is, and its answer: JSON, or the error body the real server sends.
extension IdentityToolkitServer {
    /// Answers one HTTP request as the Identity Toolkit (and the emulator's test hooks) would. Every route of
    /// ``ServerRoutes`` (the iOS and Android SDKs' legacy `www.googleapis.com/identitytoolkit/v3/relyingparty/*`, the
    /// v1 REST calls, the v2 calls, the secure-token endpoint) reaches the one implementation of its operation.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        hear(request)
        let path = Self.hostPath(request.url.path)
        if path == "/" || path.isEmpty { return Self.json(.object(["authEmulator": .object(["ready": .bool(true)])])) }
        if path.hasPrefix("/emulator/v1/projects/") {
            return servesTestHooks ? await emulatorHook(request, path: path) : Self.notServed(request)
        }
        if path == PublishedSigningKey.path, request.method == "GET" { return Self.json(PublishedSigningKey.keySet) }
        // Read once: every read parses the URL again (`URLComponents`).
        let query = request.queryItems
        if let scope = IdpConfigScope(path: path, query: query) {
            guard configuresProviders else {
                return Self.failure(501, "defaultSupportedIdpConfigs is not implemented", status: "NOT_IMPLEMENTED")
            }
            return await configureIdp(request, scope)
        }
        if let route = ConfigRoute(path: path) { return await configRequest(request, route) }
        let scope = AdminScope(path: path)
        guard let operation = ServerRoutes.operation(at: scope?.path ?? path),
            operation.methods.contains(request.method)
        else { return Self.notServed(request) }
        let isPrivileged = request.header("Authorization")?.lowercased() == "bearer owner"
        let key = query.first { $0.name == "key" }?.value ?? request.header("x-goog-api-key") ?? ""
        guard !key.isEmpty || isPrivileged else {
            return Self.failure(403, "The request is missing a valid API key.", status: "PERMISSION_DENIED")
        }
        guard let sent = FixtureValue.body(request.body, contentType: request.header("Content-Type")) else {
            return Self.invalidArgument(
                """
                Invalid JSON payload received. Expected a JSON object: \
                \(String(decoding: request.body.prefix(40), as: UTF8.self))
                """)
        }
        // A name the call does not have is refused whatever its value, `null` too (as Google's front end refuses
        // pyrebase's `"photoURL": null`); a known field's `null` is its default, that is absent.
        if case .object(let fields) = sent,
            request.header("Content-Type")?.contains("application/x-www-form-urlencoded") != true,
            let refusal = KnownFields.refusal(of: fields, call: operation)
        {
            return Self.invalidArgument(refusal)
        }
        var body = sent.withoutNullMembers
        let carried = tenantCarried(by: body)
        if case .object(var fields) = body, let token = fields["idToken"]?.stringValue {
            fields["idToken"] = .string(backendToken(token))
            body = .object(fields)
        }
        let named = body["tenantId"]?.stringValue ?? scope?.tenant ?? query.first { $0.name == "tenantId" }?.value
        if let named, let carried, carried != named {
            return Self.failure(
                400,
                "TENANT_ID_MISMATCH : the request names the tenant \(named), its token was issued in "
                    + (carried.map { "the tenant \($0)" } ?? "the project"))
        }
        let tenant = named ?? carried ?? nil
        var call = ServerCall(
            project: project(forAPIKey: key.isEmpty ? nil : key, projectID: scope?.projectID, tenant: tenant),
            body: body, languageCode: request.header("X-Firebase-Locale"))
        call.isPrivileged = isPrivileged
        call.apiKey = key.isEmpty ? nil : key
        call.tenant = tenant
        do {
            // The pair marker of two requests sent at once (`X-Conformance-Pair`) reaches only the reference's race
            // defects; a call waiting for a partner that never came ends when its connection closes or the server
            // stops.
            let answer = try await call.backend.answering(pair: request.header(DoorRequest.pairHeader)) {
                [call] () async throws(AuthError) -> FixtureValue in try await call.answer(operation)
            }
            let published =
                issuesUnsignedTokens
                ? Self.unsigningTokens(answer) : publishingTokens(answer, tenant: tenant, project: call.project)
            return Self.json(Self.productionFields(of: published))
        } catch {
            if answersUnknownPendingCredentialWithoutCode, error.code == .invalidMultiFactorSession,
                operation == .startSecondFactor || operation == .finalizeSecondFactor
            {
                return Self.failure(400, "((Invalid phoneVerificationInfo.mfaPendingCredential.))")
            }
            let lookingUpEmail =
                operation == .signInWithPassword
                || (operation == .sendOobCode && call.string("requestType") == "PASSWORD_RESET")
            return Self.failure(400, ServerErrorMessage.text(for: error, lookingUpEmail: lookingUpEmail))
        }
    }

    /// The path with Identity Toolkit's host in front of a bare `/v1/…` or `/v2/…`: a client pointed at the server's
    /// root as at `https://identitytoolkit.googleapis.com/` itself (google-api-python-client's `api_endpoint`, whose
    /// bundled discovery documents have the root URL `https://identitytoolkit.googleapis.com/` and paths `v1/…`,
    /// `v2/…`) reaches the same routes as one in the emulator's layout.
    static func hostPath(_ path: String) -> String {
        path.hasPrefix("/v1/") || path.hasPrefix("/v2/") ? ServerRoutes.identityToolkit + path : path
    }

    /// `/emulator/v1/projects/{project}[/tenants/{tenant}]/verificationCodes`, `…/oobCodes` (GET), `…/accounts`
    /// (DELETE), `…/config` (GET, PATCH), `…/clock:advance` and `…/serviceAccount`.
    private func emulatorHook(_ request: HTTPRequest, path: String) async -> HTTPResponse {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 5 || (parts.count == 7 && parts[4] == "tenants") else { return Self.notServed(request) }
        let tenant = parts.count == 7 ? parts[5] : nil
        let project = project(
            forAPIKey: request.queryItems.first { $0.name == "key" }?.value, projectID: parts[3], tenant: tenant)
        switch (request.method, parts[parts.count - 1]) {
        case ("GET", "verificationCodes"):
            return Self.json(.object(["verificationCodes": .array(project.verificationCodes)]))
        case ("GET", "oobCodes"): return Self.json(.object(["oobCodes": .array(project.oobCodes)]))
        case ("POST", "clock:advance"):
            let body = FixtureValue.body(request.body, contentType: "application/json") ?? .object([:])
            let text = request.queryItems.first { $0.name == "seconds" }?.value ?? body["seconds"]?.stringValue ?? ""
            guard let seconds = Int64(text), seconds >= 0 else {
                return Self.invalidArgument(
                    "clock:advance needs seconds, a whole number of seconds not below 0, e.g. {\"seconds\": 300}")
            }
            project.advanceClock(by: seconds)
            return Self.json(.object(["now": .string(RFC3339.text(project.world.clock.date))]))
        case ("GET", "serviceAccount"):
            guard request.header("Authorization")?.lowercased() == "bearer owner" else {
                return Self.failure(
                    403, "the service account's key is the project owner's", status: "PERMISSION_DENIED")
            }
            guard let keyFile = ServiceAccount.keyFile(projectID: parts[3]) else { return Self.notServed(request) }
            return Self.json(keyFile)
        case ("DELETE", "accounts"):
            await project.backend.deleteAllAccounts()
            return Self.json(.object([:]))
        case ("GET", "config"):
            return Self.json(EmulatorExport.config(protectingEmails: project.protectsEmailEnumeration))
        case ("PATCH", "config"):
            // The emulator's own settings (firebase-tools `src/emulator/auth/operations.ts`:
            // `getEmulatorProjectConfig`, `updateEmulatorProjectConfig`), which its import PATCHes with config.json.
            guard let body = FixtureValue.body(request.body, contentType: "application/json") else {
                return Self.invalidArgument("Invalid JSON payload received. Expected a JSON object.")
            }
            let protects: Bool?
            do throws(EmulatorExport.Refusal) { protects = try EmulatorExport.emailPrivacy(in: body) } catch {
                return Self.invalidArgument(error.message)
            }
            let key = request.queryItems.first { $0.name == "key" }?.value
            if let protects {
                reconfigure(
                    forAPIKey: key, projectID: parts[3], tenant: tenant, to: project.backend.configuration,
                    protectingEmailEnumeration: protects)
            }
            let current = self.project(forAPIKey: key, projectID: parts[3], tenant: tenant)
            return Self.json(EmulatorExport.config(protectingEmails: current.protectsEmailEnumeration))
        default: return Self.notServed(request)
        }
    }

    /// The answer with its ID tokens under the published key; in a tenant, its refresh token remembered as the
    /// tenant's.
    private func publishingTokens(_ answer: FixtureValue, tenant: String?, project: ServerProject) -> FixtureValue {
        guard case .object(var fields) = answer else { return answer }
        let refreshToken = fields["refreshToken"]?.stringValue ?? fields["refresh_token"]?.stringValue
        let claims = (fields["localId"]?.stringValue ?? fields["user_id"]?.stringValue).map {
            project.claims(of: $0, session: refreshToken)
        }
        for key in ["idToken", "id_token", "access_token"] {
            if let token = fields[key]?.stringValue {
                fields[key] = .string(published(token, tenant: tenant, claims: claims ?? [:]))
            }
        }
        if let tenant, let refreshToken = fields["refreshToken"]?.stringValue ?? fields["refresh_token"]?.stringValue {
            handedOut(refreshToken: refreshToken, inTenant: tenant)
        }
        return .object(fields)
    }

    /// An answer with only the fields production's has, where the server's own answer carries more (the user's ID
    /// it publishes the tokens with): `signInWithCustomToken` answers `kind`, `idToken`, `refreshToken`, `expiresIn`
    /// and `isNewUser` (the REST reference's `SignInWithCustomTokenResponse`), so a client that reads exactly those
    /// (firebasil's `SignInWithTokenUser`) takes it.
    static func productionFields(of answer: FixtureValue) -> FixtureValue {
        guard case .object(let fields) = answer, fields["kind"] == .string("identitytoolkit#VerifyCustomTokenResponse")
        else { return answer }
        return .object(
            fields.filter { ["kind", "idToken", "refreshToken", "expiresIn", "isNewUser"].contains($0.key) })
    }

    /// The answer with its ID tokens unsigned (`alg: none`, no signature), as the emulator writes them.
    static func unsigningTokens(_ answer: FixtureValue) -> FixtureValue {
        guard case .object(var fields) = answer else { return answer }
        let none = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
        for key in ["idToken", "id_token", "access_token"] {
            guard let token = fields[key]?.stringValue else { continue }
            let parts = CompactJWS.segments(of: token)
            if parts.count == 3 { fields[key] = .string("\(none).\(parts[1]).") }
        }
        return .object(fields)
    }

    /// A route the server does not serve: 404 `NOT_FOUND`, as Google's front end answers an unknown path, naming
    /// the method and the path (without the query, which may hold a key).
    static func notServed(_ request: HTTPRequest) -> HTTPResponse {
        failure(404, "NOT_FOUND : \(request.method) \(request.url.path) is not served", status: "NOT_FOUND")
    }

    static func json(_ value: FixtureValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: value.encoded)
    }

    /// A 400 answer with `INVALID_ARGUMENT`, as Google's front end answers a body it cannot read.
    public static func invalidArgument(_ message: String, code: Int = 400) -> HTTPResponse {
        failure(code, message, status: "INVALID_ARGUMENT")
    }

    /// `{"error":{"code":400,"message":"CODE : detail","errors":[…]}}`, as the server sends a failure.
    static func failure(_ code: Int, _ message: String, status: String? = nil) -> HTTPResponse {
        var error: [String: FixtureValue] = [
            "code": .number(Double(code)), "message": .string(message),
            "errors": .array([
                .object(["message": .string(message), "reason": .string("invalid"), "domain": .string("global")])
            ]),
        ]
        if let status { error["status"] = .string(status) }
        return json(.object(["error": .object(error)]), status: code)
    }
}
