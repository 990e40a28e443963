/// Firebase's ID tokens live one hour ("Manage User Sessions"): the yardstick of the checks about expired ID tokens,
/// never the expiry a token claims for itself (SPEC.md, "How a check judges").
package let firebaseIDTokenLifetime = Duration.seconds(3600)

extension CheckContext {
    /// Not applicable to a subject whose ID tokens are stamped and verified on the system clock: their time cannot
    /// move.
    package func requireIDTokenTimeToMove() throws {
        guard !capabilities.verifiesIDTokensOnSystemClock else {
            throw NotApplicable(
                """
                the check needs the ID tokens' time to move, and the subject stamps and verifies them on the system \
                clock (verifiesIDTokensOnSystemClock is true)
                """)
        }
    }
}
