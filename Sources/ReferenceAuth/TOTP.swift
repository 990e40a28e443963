import Crypto
import Foundation

/// Time-based one-time passwords as Identity Platform's TOTP second factors make them (RFC 6238 over RFC 4226's
/// HOTP): HMAC-SHA1 of the count of 30-second intervals since 1970, 6 digits. `mfaEnrollment:start` hands the shared
/// secret out base32-encoded (RFC 4648 §6) with these parameters (`totpSessionInfo`: `hashingAlgorithm`,
/// `verificationCodeLength`, `periodSec`; the Identity Toolkit v2 discovery document's
/// `StartMfaTotpEnrollmentResponseInfo`), which the JS SDK's `TotpSecret` keeps (firebase-js-sdk
/// `packages/auth/src/mfa/assertions/totp.ts`).
package enum TOTP {
    package static let hashingAlgorithm = "SHA1"
    package static let codeLength = 6
    package static let period: Int64 = 30
    /// The bytes of a new shared secret: 160 bits, the HMAC-SHA1 key size RFC 4226 recommends.
    static let secretLength = 20

    /// The code for the interval `counter` (RFC 4226 §5.3: dynamic truncation, then the last `codeLength` digits).
    static func code(secret: [UInt8], counter: Int64) -> String {
        let message = withUnsafeBytes(of: UInt64(counter).bigEndian) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        let text = String(binary % 1_000_000)
        return String(repeating: "0", count: codeLength - text.count) + text
    }

    /// The interval `date` falls in.
    static func counter(at date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / Double(period)).rounded(.down)) }

    /// Whether `code` is the secret's code for the interval of `date` or one of the `adjacentIntervals` before or
    /// after it (clock skew between the server and the authenticator app).
    static func accepts(_ code: String, secret: [UInt8], at date: Date, adjacentIntervals: Int) -> Bool {
        guard code.count == codeLength, code.allSatisfy(\.isASCII) else { return false }
        let now = counter(at: date)
        let window = Int64(adjacentIntervals)
        return (now - window...now + window).contains { Self.code(secret: secret, counter: $0) == code }
    }

    /// RFC 4648 §6 base32, with no padding (a 20-byte secret is 32 characters, a whole number of blocks).
    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var text = ""
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = ((buffer << 8) | Int(byte)) & 0xffff
            bits += 8
            while bits >= 5 {
                text.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { text.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return text
    }
}

/// A TOTP enrollment under way: the secret handed out by `mfaEnrollment:start`, for the user it was handed to, until
/// `finalizeEnrollmentTime`.
struct PendingTOTPEnrollment: Sendable {
    let uid: String
    let secret: [UInt8]
    let finalizeBy: Date
}

/// What `mfaEnrollment:start` answers for a TOTP enrollment (`totpSessionInfo`).
package struct TOTPEnrollmentSession: Sendable {
    package let sharedSecretKey: String
    package let sessionInfo: String
    package let finalizeEnrollmentTime: Date
}
