/// The step that OAUTH-9, APPLE-9 and their kin share: linking a provider's credential to the signed-in user.
extension CheckContext {
    /// Links `credential` (named `name` in messages) to the user signed in on `client`, which must succeed and leave
    /// `provider` among the user's providers.
    @discardableResult
    package func expectLinked(
        _ credential: AuthCredential, named name: String, provider: String, on client: any AuthClient,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthDataResult {
        let linked = try await expectSuccess("link(with: \(name))", filePath: filePath, line: line) {
            try await client.link(with: credential)
        }
        let providers = linked.user.providerData.map(\.providerID)
        try expect(
            providers.contains(provider), "after linking \(name) the user has no \(provider) provider",
            expected: "\(provider) among the providers", actual: "\(providers)", filePath: filePath, line: line)
        return linked
    }
}
