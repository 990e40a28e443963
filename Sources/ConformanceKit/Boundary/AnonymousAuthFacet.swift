/// Anonymous accounts (Firebase `Auth.signInAnonymously()`).
public protocol AnonymousAuthFacet: Sendable { func signInAnonymously() async throws(AuthError) -> AuthDataResult }
