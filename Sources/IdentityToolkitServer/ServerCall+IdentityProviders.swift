import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth

/// The identity-provider calls, answered once the project was pointed at its providers
/// (``IdentityToolkitServer/configureIdp(_:_:)``): `createAuthUri` with a `providerId`, `signInWithIdp`
/// (`verifyAssertion`) with GitHub's redirect or access token or Apple's identity token and nonce, and
/// `accounts:revokeToken` for Apple. Without provider endpoints the server reaches no provider (its world is its
/// own), so it verifies no provider's credential and refuses every one, as production refuses a provider a project
/// has not set up.
extension ServerCall {
    static let verifyAssertionKind = "identitytoolkit#VerifyAssertionResponse"

    private func requireProviders() async throws(AuthError) {
        guard await backend.reachesProviders else {
            throw AuthError(
                .operationNotAllowed,
                """
                The identity provider configuration is not found: the served reference reaches no identity provider \
                until it is pointed at provider endpoints (defaultSupportedIdpConfigs with providerEndpoints)
                """)
        }
    }

    /// `createAuthUri` with `providerId` (the REST flow the hosted auth handler drives): the provider's authorize URL
    /// (`authUri`, at the endpoints the project was pointed at) and `sessionId`, which `signInWithIdp` must bring back
    /// with the provider's redirect. `customParameter` is a JSON object of strings; `oauthScope` a comma-separated
    /// list.
    func providerAuthUri(_ providerID: String) async throws(AuthError) -> FixtureValue {
        try await requireProviders()
        guard providerID == ProviderID.github else {
            throw AuthError(
                .invalidProviderID, "createAuthUri starts a redirect flow for github.com, not \(providerID)")
        }
        var custom: [String: String] = [:]
        if case .object(let fields)? = body["customParameter"] {
            for (key, value) in fields { custom[key] = value.stringValue ?? "" }
        }
        let scopes = (string("oauthScope") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let (url, state) = try await backend.authorizationRequest(
            for: OAuthProvider(providerID: providerID, customParameters: custom, scopes: scopes))
        return .object([
            "kind": .string("identitytoolkit#CreateAuthUriResponse"), "providerId": .string(providerID),
            "authUri": .string((project.providerEndpoints?.served(url) ?? url).absoluteString),
            "sessionId": .string(state),
        ])
    }

    /// `signInWithIdp` (`verifyAssertion`): the credential read from `requestUri`'s query, then `postBody`, then
    /// `requestUri`'s fragment (later ones win, as the emulator merges them); with `idToken` it links, with
    /// `autoCreate: false` (re-authentication) it creates nobody. A provider account another user has answers HTTP 200
    /// with `errorMessage: FEDERATED_USER_ID_ALREADY_LINKED` and the provider's tokens, as production does.
    func signInWithIdp() async throws(AuthError) -> FixtureValue {
        try await requireProviders()
        let parameters = Self.idpParameters(requestURI: string("requestUri"), postBody: string("postBody"))
        guard
            let providerID = parameters["providerId"]?.lowercased() ?? (parameters["code"] != nil ? "github.com" : nil)
        else { throw AuthError(.invalidProviderID, "MISSING_PROVIDER_ID: neither postBody nor requestUri names one") }
        let credential: AuthCredential
        var providerFields: [String: FixtureValue] = ["providerId": .string(providerID)]
        switch providerID {
        case ProviderID.apple:
            guard let idToken = parameters["id_token"], !idToken.isEmpty else {
                throw AuthError(.invalidCredential, "INVALID_IDP_RESPONSE: no id_token for apple.com")
            }
            credential = .apple(
                idToken: idToken, rawNonce: parameters["nonce"], fullName: Self.fullName(parameters["user"]))
            providerFields["oauthIdToken"] = .string(idToken)
        case ProviderID.github:
            let accessToken: String
            if let token = parameters["access_token"] {
                accessToken = token
            } else {
                guard let code = parameters["code"] else {
                    throw AuthError(
                        .invalidCredential,
                        "INVALID_IDP_RESPONSE: the redirect carries no code (\(parameters["error"] ?? ""))")
                }
                if let session = string("sessionId"), session != parameters["state"] {
                    throw AuthError(
                        .invalidCredential, "INVALID_IDP_RESPONSE: the redirect's state is not the session's")
                }
                accessToken = try await backend.exchangeCode(code, state: parameters["state"])
            }
            credential = .oauth(providerID: providerID, accessToken: accessToken, idToken: nil)
        default: throw AuthError(.invalidProviderID, "the served reference signs in with github.com and apple.com")
        }
        if let idToken = string("idToken") {
            do {
                guard
                    case .object(var fields) = try await linked(
                        credential, idToken: idToken, kind: Self.verifyAssertionKind)
                else { return .object([:]) }
                if case .oauth(_, let accessToken, _) = credential { fields["oauthAccessToken"] = .string(accessToken) }
                fields.merge(providerFields) { own, _ in own }
                return .object(fields)
            } catch  where error.code == .credentialAlreadyInUse {
                var fields = providerFields
                if case .oauth(_, let accessToken, _) = credential { fields["oauthAccessToken"] = .string(accessToken) }
                fields["kind"] = .string(Self.verifyAssertionKind)
                fields["errorMessage"] = .string("FEDERATED_USER_ID_ALREADY_LINKED")
                return .object(fields)
            }
        }
        let creatingUser = body["autoCreate"]?.boolValue ?? true
        let outcome: SignInOutcome
        do throws(AuthError) {
            switch credential {
            case .apple(let idToken, let rawNonce, let fullName):
                outcome = try await backend.signIn(
                    appleIDToken: idToken, rawNonce: rawNonce, fullName: fullName, creatingUser: creatingUser)
            case .oauth(_, let accessToken, _):
                outcome = try await backend.signIn(
                    providerID: providerID, accessToken: accessToken, creatingUser: creatingUser)
            default: throw AuthError(.invalidProviderID, "no sign-in for \(providerID)")
            }
        } catch {
            guard let existing = EmailOfAnotherAccount.read(error) else { throw error }
            return await needConfirmation(existing, providerFields: providerFields, credential: credential)
        }
        guard case .object(var fields) = Self.answer(outcome, kind: Self.verifyAssertionKind) else {
            return .object([:])
        }
        if case .signedIn(let response) = outcome {
            // The provider's profile (`rawUserInfo`, a JSON string) and, where the backend hands it back, its access
            // token (`oauthAccessToken`), as production's VerifyAssertionResponse carries them (OAUTH-8).
            if let profile = response.profile {
                let object = FixtureValue.object(profile.mapValues { .string($0) })
                fields["rawUserInfo"] = .string(String(decoding: object.encoded, as: UTF8.self))
            }
            if case .oauth(_, let accessToken, _)? = response.credential {
                fields["oauthAccessToken"] = .string(accessToken)
            }
        }
        fields.merge(providerFields) { own, _ in own }
        return .object(fields)
    }

    /// A provider account no user has, whose email another account has: HTTP 200 with `needConfirmation: true`, the
    /// email, the existing account's ID and its federated providers (`verifiedProvider`), and no session, as
    /// production answers with one account per email (the OpenAPI document's `needConfirmation`; the emulator's
    /// `handleIdpSigninEmailRequired` answers it so too); the JS SDK raises
    /// `auth/account-exists-with-different-credential`, the iOS SDK `accountExistsWithDifferentCredential`.
    private func needConfirmation(
        _ existing: (email: String, uid: String), providerFields: [String: FixtureValue], credential: AuthCredential
    ) async -> FixtureValue {
        var fields = providerFields
        fields["kind"] = .string(Self.verifyAssertionKind)
        fields["needConfirmation"] = .bool(true)
        fields["email"] = .string(existing.email)
        fields["localId"] = .string(existing.uid)
        if case .oauth(_, let accessToken, _) = credential { fields["oauthAccessToken"] = .string(accessToken) }
        let providers = await backend.record(existing.uid)?.snapshot.providerData.map(\.providerID) ?? []
        fields["verifiedProvider"] = .array(
            providers.filter { $0 != ProviderID.password && $0 != ProviderID.phone }.map { .string($0) })
        return .object(fields)
    }

    /// `accounts:revokeToken` (v2, the iOS SDK's `RevokeTokenRequest`): `providerId` apple.com, the authorization code
    /// in `token`, and the user's `idToken`; the code is exchanged at Apple's token endpoint and the token revoked.
    func revokeToken() async throws(AuthError) -> FixtureValue {
        try await requireProviders()
        guard string("providerId") == ProviderID.apple else {
            throw AuthError(.invalidProviderID, "INVALID_PROVIDER_ID: only apple.com tokens are revoked")
        }
        try await backend.revokeApple(authorizationCode: string("token") ?? "", idToken: string("idToken") ?? "")
        return .object([:])
    }

    /// The credential's parameters: `requestUri`'s query, then `postBody` (a form), then `requestUri`'s fragment.
    static func idpParameters(requestURI: String?, postBody: String?) -> [String: String] {
        var parameters: [String: String] = [:]
        let components = requestURI.flatMap { URLComponents(string: $0) }
        for item in components?.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
        for item in FormEncoding.decode(postBody ?? "") { parameters[item.name] = item.value }
        for item in FormEncoding.decode(components?.fragment ?? "") { parameters[item.name] = item.value }
        return parameters
    }

    /// `user={"name":{"firstName":…,"lastName":…}}`, as the iOS SDK adds Apple's full name to `postBody`.
    static func fullName(_ user: String?) -> PersonName? {
        guard let data = user?.data(using: .utf8),
            let name = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["name"] as? [String: Any]
        else { return nil }
        let given = name["firstName"] as? String
        let family = name["lastName"] as? String
        return given == nil && family == nil ? nil : PersonName(givenName: given, familyName: family)
    }
}
