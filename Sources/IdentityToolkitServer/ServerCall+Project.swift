import ConformanceKit
import ReferenceAuth

/// The project's public configuration and the calls the server answers with a refusal it shares with production.
extension ServerCall {
    /// `getProjectConfig` (iOS, Android: `GetProjectConfigRequest.swift`, a GET with no body) and `GET v1/projects`
    /// (the JS SDK's `_getProjectConfig`): the project and the domains a continue URL or an OAuth redirect may use,
    /// the project's own hosting domains among them (`GetProjectConfigResponse.swift` reads `projectId` and
    /// `authorizedDomains`).
    func projectConfig() -> FixtureValue {
        let configuration = backend.configuration
        let domains =
            configuration.emailLink.authorizedDomains + [
                "\(configuration.projectID).firebaseapp.com", "\(configuration.projectID).web.app",
            ]
        // Production's other fields of `GetProjectConfigResponse` (Identity Toolkit v1 reference): whether the
        // project takes password and anonymous users.
        return .object([
            "projectId": .string(configuration.projectID), "authorizedDomains": .array(domains.map { .string($0) }),
            "allowPasswordUser": .bool(configuration.passwordSignInEnabled), "enableAnonymousUser": .bool(true),
        ])
    }

    /// `getRecaptchaParam` and `GET v1/recaptchaParams` (the JS SDK's `getRecaptchaParams` reads
    /// `recaptchaSiteKey`). The server verifies no app (as the emulator), so the key names no reCAPTCHA site.
    func recaptchaParams() -> FixtureValue {
        .object([
            "kind": .string("identitytoolkit#GetRecaptchaParamResponse"),
            "recaptchaSiteKey": .string("reference-identity-toolkit-verifies-no-recaptcha"),
            "recaptchaStoken": .string("reference-identity-toolkit-verifies-no-recaptcha"),
        ])
    }

    /// `GET v2/recaptchaConfig?clientType=…&version=RECAPTCHA_ENTERPRISE` (iOS `GetRecaptchaConfigRequest.swift`, the
    /// JS SDK's `getRecaptchaConfig`): reCAPTCHA Enterprise is off for every provider, so no SDK asks for a token.
    /// `recaptchaKey` is `projects/{p}/keys/{site key}`, the form the JS SDK splits to find the site key.
    func recaptchaConfig() -> FixtureValue {
        .object([
            "recaptchaKey": .string(
                "projects/\(backend.configuration.projectID)/keys/reference-identity-toolkit-verifies-no-recaptcha"),
            "recaptchaEnforcementState": .array(
                ["EMAIL_PASSWORD_PROVIDER", "PHONE_PROVIDER"].map { provider in
                    .object(["provider": .string(provider), "enforcementState": .string("OFF")])
                }),
        ])
    }

    /// `GET v2/passwordPolicy[?tenantId=…]`: the policy of the project or of the request's tenant, in the shape the JS
    /// SDK's `_getPasswordPolicy` reads (firebase-js-sdk
    /// `packages/auth/src/api/password_policy/get_password_policy.ts`: `customStrengthOptions`,
    /// `allowedNonAlphanumericCharacters`, `enforcementState`, `forceUpgradeOnSignin`, `schemaVersion`; the v2
    /// discovery document's `GoogleCloudIdentitytoolkitV2PasswordPolicy`). A project that configured no policy answers
    /// the default policy every project has (the SDK's `validatePassword` documents that one is used "if a password
    /// policy has not been configured"): not enforced, the minimum length only.
    func passwordPolicy() -> FixtureValue {
        let configuration = backend.configuration
        let policy = configuration.passwordPolicy
        var options: [String: FixtureValue] = [
            "minPasswordLength": .number(Double(configuration.passwordMinimumLength))
        ]
        if let policy {
            options["maxPasswordLength"] = policy.maximumLength.map { .number(Double($0)) }
            for (name, required) in [
                ("containsLowercaseCharacter", policy.requiresLowercase),
                ("containsUppercaseCharacter", policy.requiresUppercase),
                ("containsNumericCharacter", policy.requiresNumeric),
                ("containsNonAlphanumericCharacter", policy.requiresNonAlphanumeric),
            ] where required { options[name] = .bool(true) }
        }
        return .object([
            "customStrengthOptions": .object(options),
            "allowedNonAlphanumericCharacters": .array(
                PasswordPolicy.allowedNonAlphanumericCharacters.map { .string(String($0)) }),
            "enforcementState": .string(policy?.isEnforced == true ? "ENFORCE" : "OFF"),
            "forceUpgradeOnSignin": .bool(policy?.forceUpgradeOnSignIn ?? false), "schemaVersion": .number(1),
        ])
    }

    /// `verifyCustomToken` and `accounts:signInWithCustomToken`: a custom token the project's service account
    /// signed (``ServiceAccount``) signs its `uid` in, created the first time, with the provider `custom`.
    func signInWithCustomToken() async throws(AuthError) -> FixtureValue {
        let token = try ServiceAccount.verify(
            string("token") ?? "", projectID: backend.configuration.projectID, now: project.world.clock.date)
        guard token.tenantID == tenant else {
            throw AuthError(.internalError, "TENANT_ID_MISMATCH : the custom token's tenant is not the request's")
        }
        let response = try await backend.signInWithCustomToken(uid: token.uid)
        project.setDeveloperClaims(token.claims, ofSession: response.tokens.refreshToken)
        return Self.signedIn(response, kind: "identitytoolkit#VerifyCustomTokenResponse")
    }
}
