import ConformanceKit

/// Defects of generic OAuth with GitHub: the OAUTH rules catch them.
extension Defect {
    /// In catalogue order.
    static let oauthDefects: [Defect] = [
        .forwardsReservedOAuthParameters, .forwardsOAuthToken, .dropsAllowSignup, .forgetsOAuthScopes,
        .usesPredictableOAuthState, .oauthStateOf31HexDigits, .acceptsAnyOAuthState, .takesFirstRedirectWhilePending,
        .takesRedirectWithoutState, .takesRedirectsOfOtherDevicesRequests, .mapsOnlyClientCredentialErrors,
        .sendsWrongRedirectURI, .exchangesCodeTwice, .reportsProviderErrorsAsInternal, .treatsDenialAsSuccess,
        .omitsOAuthProfile, .omitsTokenForReturningUsers, .linksIdentityOfAnotherAccount,
        .createsUserOnMismatchedReauthentication, .ignoresDisabledOAuthProvider, .sendsPlainPKCE, .omitsPKCE,
    ]

    package static let forwardsReservedOAuthParameters = Defect(
        "forwardsReservedOAuthParameters", rules: ["OAUTH-1"], catches: [.assertion("OAUTH-1/reserved-parameters")],
        "forwards custom parameters named state or redirect_uri over its own"
    ) { $0.oauth.guardsReservedParameters = false }

    package static let forwardsOAuthToken = Defect(
        "forwardsOAuthToken", rules: ["OAUTH-1"], catches: [.assertion("OAUTH-1/reserved-parameters")],
        "guards the six reserved parameters but forwards a custom oauth_token, which createAuthUri reserves too"
    ) { $0.oauth.unguardedReservedParameters = ["oauth_token"] }

    package static let dropsAllowSignup = Defect(
        "dropsAllowSignup", rules: ["OAUTH-2"],
        catches: [.assertion("OAUTH-2/other-parameters-unchanged"), .assertion("OAUTH-2/github-parameters")],
        "leaves the custom parameter allow_signup out of the authorization request"
    ) { $0.oauth.droppedCustomParameters = ["allow_signup"] }

    package static let forgetsOAuthScopes = Defect(
        "forgetsOAuthScopes", rules: ["OAUTH-3"], catches: [.assertion("OAUTH-3/scopes-reach-github")],
        "sends no scope parameter whatever scopes were requested"
    ) { $0.oauth.sendsScopes = false }

    package static let usesPredictableOAuthState = Defect(
        "usesPredictableOAuthState", rules: ["OAUTH-4"], catches: [.assertion("OAUTH-4/fresh-128-bit-states")],
        "numbers its authorization requests' state 1, 2, 3… in 32 hex digits, as long as a random state"
    ) { $0.oauth.stateLength = nil }

    package static let oauthStateOf31HexDigits = Defect(
        "oauthStateOf31HexDigits", rules: ["OAUTH-4"], catches: [.assertion("OAUTH-4/fresh-128-bit-states")],
        "draws each state as 31 random hex digits: 124 bits, under 128"
    ) {
        $0.oauth.stateLength = 31
        $0.oauth.stateAlphabet = Array("0123456789abcdef")
    }

    package static let acceptsAnyOAuthState = Defect(
        "acceptsAnyOAuthState", rules: ["OAUTH-4"],
        catches: [
            .assertion("OAUTH-4/stale-or-altered-state-refused"), .assertion("OAUTH-4/other-device-redirect-refused"),
        ], "takes every auth-handler redirect and exchanges its code whatever its state"
    ) { $0.oauth.checksState = false }

    package static let takesFirstRedirectWhilePending = Defect(
        "takesFirstRedirectWhilePending", rules: ["OAUTH-4"],
        catches: [.assertion("OAUTH-4/other-device-redirect-refused")],
        "while a request waits, takes the first auth-handler redirect whatever its state"
    ) { $0.oauth.checksStateWhilePending = false }

    package static let takesRedirectWithoutState = Defect(
        "takesRedirectWithoutState", rules: ["OAUTH-4"], catches: [.assertion("OAUTH-4/other-device-redirect-refused")],
        """
        compares the state only when the redirect carries one, so a redirect without a state answers the waiting \
        request
        """
    ) { $0.oauth.takesRedirectWithoutState = true }

    package static let takesRedirectsOfOtherDevicesRequests = Defect(
        "takesRedirectsOfOtherDevicesRequests", rules: ["OAUTH-4"],
        catches: [.assertion("OAUTH-4/own-redirect-on-other-device")],
        """
        takes a redirect that answers no request of its own and exchanges its code when the backend knows its state, \
        so a request waiting on one device is answered on another
        """
    ) { $0.oauth.takesRedirectsOfOtherDevicesRequests = true }

    package static let sendsWrongRedirectURI = Defect(
        "sendsWrongRedirectURI", rules: ["OAUTH-5"], catches: [.assertion("OAUTH-5/redirect-uri-is-handler")],
        "sends a redirect_uri under the project's domain other than its auth handler"
    ) { $0.oauth.redirectPath = "/__/auth/handler/callback" }

    package static let exchangesCodeTwice = Defect(
        "exchangesCodeTwice", rules: ["OAUTH-6"], catches: [.assertion("OAUTH-6/code-exchanged-once")],
        "sends the authorization code to the token endpoint twice"
    ) { $0.oauth.codeExchanges = 2 }

    package static let reportsProviderErrorsAsInternal = Defect(
        "reportsProviderErrorsAsInternal", rules: ["OAUTH-6"], catches: [.assertion("OAUTH-6/bad-client-credentials")],
        "reports the provider's token errors as internalError"
    ) { $0.oauth.providerErrorsAreInvalidCredential = false }

    package static let mapsOnlyClientCredentialErrors = Defect(
        "mapsOnlyClientCredentialErrors", rules: ["OAUTH-6"],
        catches: [.assertion("OAUTH-6/redirect-uri-mismatch"), .assertion("OAUTH-6/bad-verification-code")],
        "takes only incorrect_client_credentials for invalidCredential; GitHub's other token errors are internalError"
    ) { $0.oauth.onlyClientCredentialErrorsAreInvalidCredential = true }

    package static let treatsDenialAsSuccess = Defect(
        "treatsDenialAsSuccess", rules: ["OAUTH-7"], catches: [.assertion("OAUTH-7/denied-or-closed")],
        "treats the user's denial at the provider as an approval without a code"
    ) { $0.oauth.denialCancels = false }

    package static let omitsOAuthProfile = Defect(
        "omitsOAuthProfile", rules: ["OAUTH-8"], catches: [.assertion("OAUTH-8/new-then-same-user")],
        "leaves the provider's profile out of additionalUserInfo"
    ) { $0.oauth.returnsProfile = false }

    package static let omitsTokenForReturningUsers = Defect(
        "omitsTokenForReturningUsers", rules: ["OAUTH-8"], catches: [.assertion("OAUTH-8/every-later-sign-in")],
        "gives a returning GitHub user's sign-in no access token on its credential"
    ) { $0.oauth.returnsTokenToReturningUsers = false }

    package static let linksIdentityOfAnotherAccount = Defect(
        "linksIdentityOfAnotherAccount", rules: ["OAUTH-9"], catches: [.assertion("OAUTH-9/already-in-use")],
        "links a GitHub identity that another account already has"
    ) { $0.oauth.linkChecksOtherAccounts = false }

    package static let createsUserOnMismatchedReauthentication = Defect(
        "createsUserOnMismatchedReauthentication", rules: ["OAUTH-9"],
        catches: [.assertion("OAUTH-9/link-sign-in-reauthenticate")],
        "creates the other GitHub account's user while refusing the re-authentication with userMismatch"
    ) { $0.oauth.reauthenticationCreatesUsers = true }

    package static let ignoresDisabledOAuthProvider = Defect(
        "ignoresDisabledOAuthProvider", rules: ["OAUTH-10"], catches: [.assertion("OAUTH-10/disabled-not-allowed")],
        "opens the provider's page although the provider is not enabled"
    ) { $0.oauth.requiresEnabledProvider = false }

    package static let sendsPlainPKCE = Defect(
        "sendsPlainPKCE", rules: ["OAUTH-11"], catches: [.assertion("OAUTH-11/s256-challenge-and-verifier")],
        "sends its PKCE challenge with the plain method"
    ) { $0.oauth.pkce = .plain }

    package static let omitsPKCE = Defect(
        "omitsPKCE", rules: ["OAUTH-11"], catches: [.assertion("OAUTH-11/s256-challenge-and-verifier")],
        "sends no PKCE challenge"
    ) { $0.oauth.pkce = nil }
}
