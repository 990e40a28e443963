import ConformanceKit
import MockIdP

extension ReferenceBehaviour {
    /// Generic OAuth with GitHub (OAUTH-1…11).
    struct OAuth: Sendable {
        /// Custom parameters naming a reserved key are refused (per the declared handling) instead of forwarded.
        var guardsReservedParameters = true
        /// Reserved keys the guard lets through as if they were ordinary custom parameters.
        var unguardedReservedParameters: Set<String> = []
        /// Custom parameters the request leaves out (besides the reserved ones).
        var droppedCustomParameters: Set<String> = []
        var sendsScopes = true
        /// The `state`: random characters of `stateAlphabet`, or, when nil, a counter written as 32 hex digits.
        var stateLength: Int? = 32
        var stateAlphabet = RandomSource.alphanumerics
        /// Only a redirect carrying the pending request's state is taken and exchanged.
        var checksState = true
        /// While a request waits, only a redirect with its state is taken; otherwise the first redirect is.
        var checksStateWhilePending = true
        /// A redirect without a state is taken for the waiting request, as a client that compares the state only when
        /// there is one does (OAUTH-4 forbids it).
        var takesRedirectWithoutState = false
        /// A redirect that answers no request of this app is still exchanged when its state names a request the
        /// backend has in flight, from any device: a state bound to the backend, not to the device that started the
        /// flow (OAUTH-4 forbids it).
        var takesRedirectsOfOtherDevicesRequests = false
        /// The path of the `redirect_uri` on the project's domain.
        var redirectPath = "/__/auth/handler"
        /// How many times the backend sends the code to the token endpoint.
        var codeExchanges = 1
        /// Provider errors surface as `invalidCredential`; otherwise as `internalError`.
        var providerErrorsAreInvalidCredential = true
        /// Of the provider's token errors, only `incorrect_client_credentials` is taken for `invalidCredential`; the
        /// others are `internalError` (OAUTH-6 forbids it).
        var onlyClientCredentialErrorsAreInvalidCredential = false
        /// A denial at the provider fails with `webContextCancelled`; otherwise it is taken for an empty approval.
        var denialCancels = true
        /// Linking checks that no other account has the provider identity.
        var linkChecksOtherAccounts = true
        /// Re-authenticating with an unknown provider account creates its user before the user check refuses it.
        var reauthenticationCreatesUsers = false
        /// The sign-in result carries the provider's profile.
        var returnsProfile = true
        /// Every sign-in carries the provider's access token on its credential; otherwise only a new user's does.
        var returnsTokenToReturningUsers = true
        var requiresEnabledProvider = true
        /// A provider sign-in of a multi-factor user stops at the second factor (MFA-6).
        var asksForSecondFactor = true
        /// The PKCE method sent with the authorization request, or none.
        var pkce: PKCEMethod? = .s256
        /// How long the provider's page may stay open: a redirect that reaches the app this long after the page
        /// opened, or later, is not taken (the page timed out); nil for no deadline.
        var browserPageDeadline: Duration?
        /// `credential(with:)` returns the provider's redirect (`AuthCredential.oauthResponse`) and the code is
        /// exchanged at the credential's first use, as `signInWithIdp` does; otherwise at once.
        var exchangesAtSignIn = false
        /// A sign-in with a provider account no user has, whose email another account has, creates nobody and is
        /// answered `needConfirmation` (one account per email, the project default: the JS SDK's
        /// `auth/account-exists-with-different-credential`); otherwise the new user is created without the email.
        var confirmsEmailOfAnotherAccount = false
    }

    enum PKCEMethod: String, Sendable {
        case s256 = "S256"
        case plain
    }
}
