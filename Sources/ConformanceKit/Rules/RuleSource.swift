import Foundation

/// A public document a rule comes from, precise enough that a vendor can open it and find the passage.
public struct RuleSource: Sendable, Hashable, Codable, CustomStringConvertible {
    public let title: String
    public let url: URL
    /// Where in the document: a heading, an API name or an error code, with the passage in English when it adds
    /// something.
    public let section: String?

    public init(title: String, url: URL, section: String? = nil) {
        self.title = title
        self.url = url
        self.section = section
    }

    /// `Title — section: https://…`, or `Title: https://…` without a section.
    public var description: String { "\(title)\(section.map { " — \($0)" } ?? ""): \(url.absoluteString)" }
}

// The documents the catalogue cites, named so that a rule file cites one in a line.
extension RuleSource {
    public static func firebasePhoneAuth(section: String? = nil) -> RuleSource {
        document(
            "Authenticate with Firebase on Apple platforms using a Phone Number",
            "https://firebase.google.com/docs/auth/ios/phone-auth", section)
    }

    public static func firebaseMultiFactor(section: String? = nil) -> RuleSource {
        document(
            "Add multi-factor authentication to your iOS app", "https://firebase.google.com/docs/auth/ios/multi-factor",
            section)
    }

    /// The iOS SDK's `MultiFactor` class; `section` names the method.
    public static func firebaseMultiFactorReference(section: String? = nil) -> RuleSource {
        document(
            "FirebaseAuth Framework Reference: MultiFactor",
            "https://firebase.google.com/docs/reference/swift/firebaseauth/api/reference/Classes/MultiFactor", section)
    }

    public static func firebaseEmailLink(section: String? = nil) -> RuleSource {
        document(
            "Authenticate with Firebase Using Email Link on Apple Platforms",
            "https://firebase.google.com/docs/auth/ios/email-link-auth", section)
    }

    public static func firebaseGitHub(section: String? = nil) -> RuleSource {
        document(
            "Authenticate Using GitHub on Apple Platforms", "https://firebase.google.com/docs/auth/ios/github-auth",
            section)
    }

    public static func firebaseApple(section: String? = nil) -> RuleSource {
        document("Authenticate Using Apple", "https://firebase.google.com/docs/auth/ios/apple", section)
    }

    public static func firebasePasswordAuth(section: String? = nil) -> RuleSource {
        document(
            "Authenticate with Firebase using Password-Based Accounts on Apple Platforms",
            "https://firebase.google.com/docs/auth/ios/password-auth", section)
    }

    /// The iOS SDK's error codes; `section` names the case (e.g. `sessionExpired`).
    public static func firebaseAuthErrorCode(section: String? = nil) -> RuleSource {
        document(
            "FirebaseAuth Framework Reference: AuthErrorCode",
            "https://firebase.google.com/docs/reference/swift/firebaseauth/api/reference/Enums/AuthErrorCode", section)
    }

    public static func firebaseAuthEmulator(section: String? = nil) -> RuleSource {
        document(
            "Connect your app to the Authentication Emulator",
            "https://firebase.google.com/docs/emulator-suite/connect_auth", section)
    }

    /// The emulator's source, for behaviour its documentation does not state; `section` names the file and function.
    public static func firebaseAuthEmulatorSource(section: String? = nil) -> RuleSource {
        document(
            "Firebase Authentication Emulator source (firebase-tools)",
            "https://github.com/firebase/firebase-tools/tree/master/src/emulator/auth", section)
    }

    public static func firebaseAuthLimits(section: String? = nil) -> RuleSource {
        document("Firebase Authentication Limits", "https://firebase.google.com/docs/auth/limits", section)
    }

    public static func firebaseVerifyIDTokens(section: String? = nil) -> RuleSource {
        document(
            "Verify ID Tokens (Firebase Admin SDK)", "https://firebase.google.com/docs/auth/admin/verify-id-tokens",
            section)
    }

    public static func emailEnumerationProtection(section: String? = nil) -> RuleSource {
        document(
            "Enable or disable email enumeration protection (Identity Platform)",
            "https://cloud.google.com/identity-platform/docs/admin/email-enumeration-protection", section)
    }

    /// The REST method behind phone sign-in; its `sessionInfo` is what the SDK calls the verification ID.
    public static func identityToolkitSignInWithPhoneNumber(section: String? = nil) -> RuleSource {
        document(
            "Identity Toolkit API: accounts.signInWithPhoneNumber",
            "https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/signInWithPhoneNumber", section)
    }

    /// The REST method that completes a second-factor sign-in with the first factor's `mfaPendingCredential`.
    public static func identityToolkitFinalizeMFASignIn(section: String? = nil) -> RuleSource {
        document(
            "Identity Toolkit API: accounts.mfaSignIn.finalize",
            "https://cloud.google.com/identity-platform/docs/reference/rest/v2/accounts.mfaSignIn/finalize", section)
    }

    /// The REST method that builds a provider's authorization URL; its `customParameter` names the keys reserved for
    /// the server.
    public static func identityToolkitCreateAuthUri(section: String? = nil) -> RuleSource {
        document(
            "Identity Toolkit API: accounts.createAuthUri",
            "https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/createAuthUri", section)
    }

    public static func ituE164(section: String? = nil) -> RuleSource {
        document(
            "ITU-T Recommendation E.164: The international public telecommunication numbering plan",
            "https://www.itu.int/rec/T-REC-E.164", section)
    }

    public static func githubAuthorizingOAuthApps(section: String? = nil) -> RuleSource {
        document(
            "GitHub Docs: Authorizing OAuth apps",
            "https://docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps", section)
    }

    public static func rfc6749(section: String? = nil) -> RuleSource {
        document("RFC 6749: The OAuth 2.0 Authorization Framework", "https://www.rfc-editor.org/rfc/rfc6749", section)
    }

    public static func rfc7515(section: String? = nil) -> RuleSource {
        document("RFC 7515: JSON Web Signature (JWS)", "https://www.rfc-editor.org/rfc/rfc7515", section)
    }

    public static func rfc7519(section: String? = nil) -> RuleSource {
        document("RFC 7519: JSON Web Token (JWT)", "https://www.rfc-editor.org/rfc/rfc7519", section)
    }

    public static func rfc7636(section: String? = nil) -> RuleSource {
        document(
            "RFC 7636: Proof Key for Code Exchange by OAuth Public Clients", "https://www.rfc-editor.org/rfc/rfc7636",
            section)
    }

    /// Firebase's web guide for Apple, which states what the iOS guide leaves out (private relay, no photo URL).
    public static func firebaseAppleWeb(section: String? = nil) -> RuleSource {
        document("Authenticate Using Apple with JavaScript", "https://firebase.google.com/docs/auth/web/apple", section)
    }

    public static func appleVerifyingUser(section: String? = nil) -> RuleSource {
        document(
            "Sign in with Apple: Verifying a user",
            "https://developer.apple.com/documentation/signinwithapple/verifying-a-user", section)
    }

    public static func appleIdentityToken(section: String? = nil) -> RuleSource {
        document(
            "Sign in with Apple JS: id_token",
            "https://developer.apple.com/documentation/signinwithapplejs/authorizationi/id_token", section)
    }

    public static func appleUserObject(section: String? = nil) -> RuleSource {
        document(
            "Sign in with Apple JS: UserI", "https://developer.apple.com/documentation/signinwithapplejs/useri", section
        )
    }

    public static func appleFetchPublicKey(section: String? = nil) -> RuleSource {
        document(
            "Sign in with Apple REST API: Fetch Apple's public key for verifying token signature",
            """
            https://developer.apple.com/documentation/signinwithapplerestapi/fetch-apple%27s-public-key-for-verif\
            ying-token-signature
            """, section)
    }

    public static func appleRevokeTokens(section: String? = nil) -> RuleSource {
        document(
            "Sign in with Apple REST API: Revoke tokens",
            "https://developer.apple.com/documentation/signinwithapplerestapi/revoke-tokens", section)
    }

    public static func openIDConnectCore(section: String? = nil) -> RuleSource {
        document("OpenID Connect Core 1.0", "https://openid.net/specs/openid-connect-core-1_0.html", section)
    }

    public static func firebaseManageSessions(section: String? = nil) -> RuleSource {
        document(
            "Manage User Sessions (Firebase Admin SDK)", "https://firebase.google.com/docs/auth/admin/manage-sessions",
            section)
    }

    /// The iOS SDK's `Auth` class; `section` names the method.
    public static func firebaseAuthReference(section: String? = nil) -> RuleSource {
        document(
            "FirebaseAuth Framework Reference: Auth",
            "https://firebase.google.com/docs/reference/swift/firebaseauth/api/reference/Classes/Auth", section)
    }

    /// The iOS SDK's `User` class; `section` names the method.
    public static func firebaseUserReference(section: String? = nil) -> RuleSource {
        document(
            "FirebaseAuth Framework Reference: User",
            "https://firebase.google.com/docs/reference/swift/firebaseauth/api/reference/Classes/User", section)
    }

    /// The REST method behind a password or email change, and the administrator's revocation and disabling.
    public static func identityToolkitUpdate(section: String? = nil) -> RuleSource {
        document(
            "Identity Toolkit API: accounts.update",
            "https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/update", section)
    }

    /// The REST method that deletes an account: the caller's own, by ID token, or any, by `localId`, with the
    /// administrator's credential.
    public static func identityToolkitDelete(section: String? = nil) -> RuleSource {
        document(
            "Identity Toolkit API: accounts.delete",
            "https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/delete", section)
    }

    /// The REST method that reads accounts: the caller's own, by ID token, or any, by `localId` or email, with the
    /// administrator's credential.
    public static func identityToolkitLookup(section: String? = nil) -> RuleSource {
        document(
            "Identity Toolkit API: accounts.lookup",
            "https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/lookup", section)
    }

    private static func document(_ title: String, _ address: StaticString, _ section: String?) -> RuleSource {
        guard let url = URL(string: "\(address)") else { preconditionFailure("not a URL: \(address)") }
        return RuleSource(title: title, url: url, section: section)
    }
}
