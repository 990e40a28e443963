import Crypto
import Foundation

/// A salted SHA-256 password hash; enough for an in-process reference, never for production. It is kept across a
/// restart as it is stored (salt and digest), never as the password.
package struct PasswordHash: Sendable, Hashable, Codable {
    private let salt: [UInt8]
    private let digest: [UInt8]

    package init(_ password: String, salt: [UInt8]) {
        self.salt = salt
        digest = Self.hash(password, salt: salt)
    }

    func matches(_ password: String) -> Bool { Self.hash(password, salt: salt) == digest }

    private static func hash(_ password: String, salt: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: salt + Array(password.utf8)))
    }
}
