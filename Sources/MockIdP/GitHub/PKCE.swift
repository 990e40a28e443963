import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636), as the authorization server checks it.
public enum PKCE {
    public enum Method: String, Sendable, Hashable {
        case s256 = "S256"
        case plain
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// RFC 7636 §4.1: 43 to 128 unreserved characters.
    public static func isWellFormed(verifier: String) -> Bool {
        (43...128).contains(verifier.count) && verifier.allSatisfy(unreserved.contains)
    }

    /// RFC 7636 §4.2.
    public static func challenge(for verifier: String, method: Method) -> String {
        switch method {
        case .plain: verifier
        case .s256: Base64URL.encode(SHA256.hash(data: Data(verifier.utf8)))
        }
    }

    /// RFC 7636 §4.6.
    public static func verify(_ verifier: String, against challenge: String, method: Method) -> Bool {
        isWellFormed(verifier: verifier) && self.challenge(for: verifier, method: method) == challenge
    }
}
