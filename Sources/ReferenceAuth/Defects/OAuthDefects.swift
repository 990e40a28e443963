import ConformanceKit

/// Defects of generic OAuth with GitHub: the OAUTH rules catch them.
extension Defect {
    /// In catalogue order.
    static let oauthDefects: [Defect] = [
        .forwardsReservedOAuthParameters, .forwardsOAuthToken, .dropsAllowSignup, .forgetsOAuthScopes, .usesPredictableOAuthState, .acceptsAnyOAuthState, .takesFirstRedirectWhilePending,
        .sendsWrongRedirectURI, .exchangesCodeTwice, .reportsProviderErrorsAsInternal, .treatsDenialAsSuccess, .omitsOAuthProfile, .linksIdentityOfAnotherAccount, .createsUserOnMismatchedReauthentication,
        .ignoresDisabledOAuthProvider, .sendsPlainPKCE, .omitsPKCE,
    ]

    public static let forwardsReservedOAuthParameters = Defect(
        "forwardsReservedOAuthParameters", rules: ["OAUTH-1"], "forwards custom parameters named state or redirect_uri over its own"
    ) { $0.oauth.guardsReservedParameters = false }

    public static let forwardsOAuthToken = Defect(
        "forwardsOAuthToken", rules: ["OAUTH-1"], "guards the six reserved parameters but forwards a custom oauth_token, which createAuthUri reserves too"
    ) { $0.oauth.unguardedReservedParameters = ["oauth_token"] }

    public static let dropsAllowSignup = Defect(
        "dropsAllowSignup", rules: ["OAUTH-2"], "leaves the custom parameter allow_signup out of the authorization request"
    ) { $0.oauth.droppedCustomParameters = ["allow_signup"] }

    public static let forgetsOAuthScopes = Defect(
        "forgetsOAuthScopes", rules: ["OAUTH-3"], "sends no scope parameter whatever scopes were requested"
    ) { $0.oauth.sendsScopes = false }

    public static let usesPredictableOAuthState = Defect(
        "usesPredictableOAuthState", rules: ["OAUTH-4"], "numbers its authorization requests' state 1, 2, 3…"
    ) { $0.oauth.randomState = false }

    public static let acceptsAnyOAuthState = Defect(
        "acceptsAnyOAuthState", rules: ["OAUTH-4"], "takes every auth-handler redirect and exchanges its code whatever its state"
    ) { $0.oauth.checksState = false }

    public static let takesFirstRedirectWhilePending = Defect(
        "takesFirstRedirectWhilePending", rules: ["OAUTH-4"], "while a request waits, takes the first auth-handler redirect whatever its state"
    ) { $0.oauth.checksStateWhilePending = false }

    public static let sendsWrongRedirectURI = Defect(
        "sendsWrongRedirectURI", rules: ["OAUTH-5"], "sends a redirect_uri under the project's domain other than its auth handler"
    ) { $0.oauth.redirectPath = "/__/auth/handler/callback" }

    public static let exchangesCodeTwice = Defect(
        "exchangesCodeTwice", rules: ["OAUTH-6"], "sends the authorization code to the token endpoint twice"
    ) { $0.oauth.codeExchanges = 2 }

    public static let reportsProviderErrorsAsInternal = Defect(
        "reportsProviderErrorsAsInternal", rules: ["OAUTH-6"], "reports the provider's token errors as internalError"
    ) { $0.oauth.providerErrorsAreInvalidCredential = false }

    public static let treatsDenialAsSuccess = Defect(
        "treatsDenialAsSuccess", rules: ["OAUTH-7"], "treats the user's denial at the provider as an approval without a code"
    ) { $0.oauth.denialCancels = false }

    public static let omitsOAuthProfile = Defect(
        "omitsOAuthProfile", rules: ["OAUTH-8"], "leaves the provider's profile out of additionalUserInfo"
    ) { $0.oauth.returnsProfile = false }

    public static let linksIdentityOfAnotherAccount = Defect(
        "linksIdentityOfAnotherAccount", rules: ["OAUTH-9"], "links a GitHub identity that another account already has"
    ) { $0.oauth.linkChecksOtherAccounts = false }

    public static let createsUserOnMismatchedReauthentication = Defect(
        "createsUserOnMismatchedReauthentication", rules: ["OAUTH-9"], "creates the other GitHub account's user while refusing the re-authentication with userMismatch"
    ) { $0.oauth.reauthenticationCreatesUsers = true }

    public static let ignoresDisabledOAuthProvider = Defect(
        "ignoresDisabledOAuthProvider", rules: ["OAUTH-10"], "opens the provider's page although the provider is not enabled"
    ) { $0.oauth.requiresEnabledProvider = false }

    public static let sendsPlainPKCE = Defect(
        "sendsPlainPKCE", rules: ["OAUTH-11"], "sends its PKCE challenge with the plain method"
    ) { $0.oauth.pkce = .plain }

    public static let omitsPKCE = Defect(
        "omitsPKCE", rules: ["OAUTH-11"], "sends no PKCE challenge"
    ) { $0.oauth.pkce = nil }
}
