extension ReferenceBehaviour {
    /// How the app proves a verification request comes from it, and which pushes and URLs it claims (PHONE-14 …
    /// PHONE-16).
    package struct AppVerification: Sendable {
        /// Which pushes or redirects the client claims as its own.
        enum Claim: Sendable {
            /// Only the one it waits for: the push naming its receipt, the redirect naming its event.
            case awaited
            /// Any of the right shape while it waits for one.
            case anyWhileWaiting
            case every
        }

        /// The client asks for a push or a reCAPTCHA before it requests a code.
        var clientProvesApp = true
        /// A cancelled reCAPTCHA ends the request; it does not go on without a proof.
        var reCaptchaCancellationEndsRequest = true
        /// The backend refuses a request without a proof.
        package var backendRequiresProof = true
        /// The backend compares a push proof's secret with the one its push for that receipt carried; otherwise any
        /// receipt and secret pass (PHONE-14).
        var backendComparesPushSecret = true
        /// With app verification disabled for testing, only test numbers get codes (PHONE-15).
        var disabledOnlyForTestNumbers = true
        var claimedPushes = Claim.awaited
        /// Each verification in flight waits for its own push; otherwise the client keeps one slot, and a second
        /// verification's receipt replaces the first's, whose push is then refused (PHONE-14 at once).
        var awaitsPushPerVerification = true
        var claimedRedirects = Claim.awaited
        /// The query parameter of the reCAPTCHA redirect that names the client's event.
        var redirectEventParameter = "eventId"
    }
}
