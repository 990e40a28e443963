extension CheckContext {
    /// Signs out whoever a case before this one signed in against the rule, so that a check that records every broken
    /// case and continues (``expectEveryCase(_:_:filePath:line:_:)``) judges each case from nobody signed in.
    package func signOutAfterAnAcceptedCase(
        _ client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws {
        guard await client.currentUser != nil else { return }
        try await expectSuccess("signOut() after a case signed someone in", filePath: filePath, line: line) {
            try await client.signOut()
        }
    }
}
