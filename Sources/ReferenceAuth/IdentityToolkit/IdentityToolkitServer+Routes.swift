import ConformanceKit
import Foundation
import MockIdP

/// Which call a request is, and its answer: JSON, or the error body the real server sends.
extension IdentityToolkitServer {
    /// Answers one HTTP request as the Identity Toolkit (and the emulator's test hooks) would.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        hear(request)
        let path = request.url.path
        if path == "/" || path.isEmpty { return Self.json(.object(["authEmulator": .object(["ready": .bool(true)])])) }
        if path.hasPrefix("/emulator/v1/projects/") { return await emulatorHook(request, path: path) }
        if path == PublishedSigningKey.path, request.method == "GET" { return Self.json(PublishedSigningKey.keySet) }
        guard request.method == "POST" else { return Self.failure(404, "NOT_FOUND", status: "NOT_FOUND") }
        let key = request.queryItems.first { $0.name == "key" }?.value ?? request.header("x-goog-api-key") ?? ""
        guard !key.isEmpty else { return Self.failure(403, "The request is missing a valid API key.", status: "PERMISSION_DENIED") }
        var body = FixtureValue.body(request.body, contentType: request.header("Content-Type"))
        if case .object(var fields) = body, let token = fields["idToken"]?.stringValue {
            fields["idToken"] = .string(backendToken(token))
            body = .object(fields)
        }
        let tenant = body["tenantId"]?.stringValue
        var call = ServerCall(project: project(forAPIKey: key, tenant: tenant), body: body, languageCode: request.header("X-Firebase-Locale"))
        call.isPrivileged = request.header("Authorization")?.lowercased() == "bearer owner"
        do {
            guard let answer = try await route(path, call) else { return Self.failure(404, "NOT_FOUND", status: "NOT_FOUND") }
            return Self.json(issuesUnsignedTokens ? Self.unsigningTokens(answer) : publishingTokens(answer))
        } catch {
            if answersUnknownPendingCredentialWithoutCode, error.code == .invalidMultiFactorSession, path.contains("/mfaSignIn:") {
                return Self.failure(400, "((Invalid phoneVerificationInfo.mfaPendingCredential.))")
            }
            return Self.failure(400, "\(ServerErrorMessage.code(for: error.code)) : \(error.message)")
        }
    }

    private func route(_ path: String, _ call: ServerCall) async throws(AuthError) -> FixtureValue? {
        let it = "/identitytoolkit.googleapis.com"
        switch path {
        case "\(it)/v1/accounts:sendVerificationCode": return try await call.sendVerificationCode()
        case "\(it)/v1/accounts:signInWithPhoneNumber": return try await call.signInWithPhoneNumber()
        case "\(it)/v1/accounts:signUp": return try await call.signUp()
        case "\(it)/v1/accounts:signInWithPassword": return try await call.signInWithPassword()
        case "\(it)/v1/accounts:sendOobCode": return try await call.sendOobCode()
        case "\(it)/v1/accounts:signInWithEmailLink": return try await call.signInWithEmailLink()
        case "\(it)/v1/accounts:lookup": return try await call.lookup()
        case "\(it)/v1/accounts:update": return try await call.update()
        case let admin where admin.hasPrefix("\(it)/v1/projects/") && admin.hasSuffix("/accounts:update"): return try await call.update()
        case "\(it)/v1/accounts:delete": return try await call.delete()
        case "\(it)/v1/accounts:resetPassword": return try await call.resetPassword()
        case "\(it)/v1/accounts:createAuthUri": return try await call.createAuthUri()
        case "\(it)/v2/accounts/mfaEnrollment:start": return try await call.startEnrollment()
        case "\(it)/v2/accounts/mfaEnrollment:finalize": return try await call.finalizeEnrollment()
        case "\(it)/v2/accounts/mfaEnrollment:withdraw": return try await call.withdrawEnrollment()
        case "\(it)/v2/accounts/mfaSignIn:start": return try await call.startSecondFactor()
        case "\(it)/v2/accounts/mfaSignIn:finalize": return try await call.finalizeSecondFactor()
        case "/securetoken.googleapis.com/v1/token": return try await call.refreshToken()
        default: return nil
        }
    }

    /// `/emulator/v1/projects/{project}[/tenants/{tenant}]/verificationCodes`, `…/oobCodes` (GET) and `…/accounts` (DELETE).
    private func emulatorHook(_ request: HTTPRequest, path: String) async -> HTTPResponse {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 5 || (parts.count == 7 && parts[4] == "tenants") else { return Self.failure(404, "NOT_FOUND", status: "NOT_FOUND") }
        let tenant = parts.count == 7 ? parts[5] : nil
        let project = project(forAPIKey: request.queryItems.first { $0.name == "key" }?.value, projectID: parts[3], tenant: tenant)
        switch (request.method, parts[parts.count - 1]) {
        case ("GET", "verificationCodes"): return Self.json(.object(["verificationCodes": .array(project.verificationCodes)]))
        case ("GET", "oobCodes"): return Self.json(.object(["oobCodes": .array(project.oobCodes)]))
        case ("DELETE", "accounts"):
            await project.backend.deleteAllAccounts()
            return Self.json(.object([:]))
        default: return Self.failure(404, "NOT_FOUND", status: "NOT_FOUND")
        }
    }

    /// The answer with its ID tokens under the published key.
    private func publishingTokens(_ answer: FixtureValue) -> FixtureValue {
        guard case .object(var fields) = answer else { return answer }
        for key in ["idToken", "id_token", "access_token"] {
            if let token = fields[key]?.stringValue { fields[key] = .string(published(token)) }
        }
        return .object(fields)
    }

    /// The answer with its ID tokens unsigned (`alg: none`, no signature), as the emulator writes them.
    static func unsigningTokens(_ answer: FixtureValue) -> FixtureValue {
        guard case .object(var fields) = answer else { return answer }
        let none = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
        for key in ["idToken", "id_token", "access_token"] {
            guard let token = fields[key]?.stringValue else { continue }
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 3 { fields[key] = .string("\(none).\(parts[1]).") }
        }
        return .object(fields)
    }

    static func json(_ value: FixtureValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: value.encoded)
    }

    /// `{"error":{"code":400,"message":"CODE : detail","errors":[…]}}`, as the server sends a failure.
    static func failure(_ code: Int, _ message: String, status: String? = nil) -> HTTPResponse {
        var error: [String: FixtureValue] = [
            "code": .number(Double(code)), "message": .string(message),
            "errors": .array([.object(["message": .string(message), "reason": .string("invalid"), "domain": .string("global")])]),
        ]
        if let status { error["status"] = .string(status) }
        return json(.object(["error": .object(error)]), status: code)
    }
}
