/// Why a JOSE object could not be read, made or checked.
public enum JOSEError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not three base64url parts, or a header or payload that is not a JSON object.
    case malformed(String)
    case malformedKey(String)
    case malformedKeySet(String)
    /// The key has no private members.
    case notASigningKey(String)
    case signingFailed(String)
    /// A forge was asked for a forgery that would leave the genuine token as it was (``Forgery``).
    case notAForgery(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "malformed JWS: \(reason)"
        case .malformedKey(let kid): "key \"\(kid)\" is not a usable RSA key"
        case .malformedKeySet(let reason): "malformed JWK set: \(reason)"
        case .notASigningKey(let kid): "key \"\(kid)\" has no private members"
        case .signingFailed(let reason): "signing failed: \(reason)"
        case .notAForgery(let reason): "not a forgery: \(reason)"
        }
    }
}
