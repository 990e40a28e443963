/// The one error type of the boundary: a code from the taxonomy and a human-readable message.
///
/// Everything a subject throws must be an `AuthError` (rule AUTH-1). Flows that carry more than a code
/// (the multi-factor resolver, an updated credential) add it here as optional values, as Firebase does in
/// the error's `userInfo`.
public struct AuthError: Error, Sendable, CustomStringConvertible {
    public var code: AuthErrorCode
    public var message: String
    /// With `secondFactorRequired`: how to finish the sign-in (`AuthErrorUserInfoMultiFactorResolverKey`).
    public var resolver: (any MultiFactorResolver)?
    /// With `credentialAlreadyInUse`: a credential that signs in to the account the credential belongs to
    /// (`AuthErrorUserInfoUpdatedCredentialKey`, APPLE-9).
    public var updatedCredential: AuthCredential?

    public init(
        _ code: AuthErrorCode, _ message: String = "", resolver: (any MultiFactorResolver)? = nil,
        updatedCredential: AuthCredential? = nil
    ) {
        self.code = code
        self.message = message
        self.resolver = resolver
        self.updatedCredential = updatedCredential
    }

    public var description: String { message.isEmpty ? code.label : "\(code.label): \(message)" }
}
