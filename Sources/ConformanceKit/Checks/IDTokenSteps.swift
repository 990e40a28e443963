/// Firebase's ID tokens live one hour ("Manage User Sessions"): the yardstick of the checks about expired ID tokens,
/// never the expiry a token claims for itself (a check judges by the documented yardstick).
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

    /// The ID token of the user signed in on `app`, which the backend's own verification accepts: where the checks of
    /// expired and forged tokens start from.
    package func currentVerifiedIDToken(
        of app: LaunchedApp, filePath: String = #filePath, line: Int = #line
    ) async throws -> String {
        let token = try await expectSuccess("getIDToken()", filePath: filePath, line: line) {
            try await app.client.getIDToken(forceRefresh: false)
        }
        try await expectSuccess("verifyIDToken(its own current token)", filePath: filePath, line: line) {
            try await app.backend.verifyIDToken(token)
        }
        return token
    }
}
