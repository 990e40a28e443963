import ConformanceKit

extension ReferenceBehaviour {
    /// How the backend waits for the parties of the outside world and reports their failures (AUTH-1, AUTH-2).
    struct OutsideParties: Sendable {
        /// The parties a call to which is given up after the network timeout.
        var timed: Set<OutsideParty> = [.smsCarrier, .mailServer, .github, .apple]
        var timeoutMultiplier = 1
        /// The error for a party's failure, from its description: a `networkError` that names the party.
        var failure: @Sendable (_ description: String) -> AuthError = { AuthError(.networkError, $0) }
    }
}
