import Foundation

/// The claims of an Apple identity token (Apple, "Authenticating users with Sign in with Apple", `id_token`):
/// what the world's Apple mints and what a verifier reads. Apple sends `email_verified` and
/// `is_private_email` as strings or as booleans, so both round-trip.
public struct AppleIdentityClaims: Codable, Sendable, Hashable {
    public var iss: String
    /// Apple's tokens carry a string; OpenID Connect allows an array, which a verifier must also read.
    public var aud: Audience
    public var exp: Int
    public var iat: Int
    public var sub: String
    public var nonce: String?
    public var nonceSupported: Bool?
    public var email: String?
    public var emailVerified: AppleBoolean?
    public var isPrivateEmail: AppleBoolean?
    /// 0 unsupported, 1 unknown, 2 likely real (`ASUserDetectionStatus`).
    public var realUserStatus: Int?
    public var authTime: Int?

    public static let issuer = "https://appleid.apple.com"

    public init(
        iss: String = AppleIdentityClaims.issuer, aud: String, exp: Int, iat: Int, sub: String, nonce: String? = nil,
        nonceSupported: Bool? = true, email: String? = nil, emailVerified: AppleBoolean? = nil,
        isPrivateEmail: AppleBoolean? = nil, realUserStatus: Int? = nil, authTime: Int? = nil
    ) {
        self.iss = iss
        self.aud = .one(aud)
        self.exp = exp
        self.iat = iat
        self.sub = sub
        self.nonce = nonce
        self.nonceSupported = nonceSupported
        self.email = email
        self.emailVerified = emailVerified
        self.isPrivateEmail = isPrivateEmail
        self.realUserStatus = realUserStatus
        self.authTime = authTime
    }

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, iat, sub, nonce, email
        case nonceSupported = "nonce_supported"
        case emailVerified = "email_verified"
        case isPrivateEmail = "is_private_email"
        case realUserStatus = "real_user_status"
        case authTime = "auth_time"
    }

    /// The claims as a JWS payload, keys sorted.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Reads the payload of a token; nil when it is not an object with Apple's required claims.
    public init?(payload: Data) {
        guard let claims = try? JSONDecoder().decode(AppleIdentityClaims.self, from: payload) else { return nil }
        self = claims
    }

    /// `aud`: one audience, or several (OpenID Connect Core §2).
    public enum Audience: Codable, Sendable, Hashable {
        case one(String)
        case many([String])

        public var values: [String] {
            switch self {
            case .one(let value): [value]
            case .many(let values): values
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(String.self) {
                self = .one(value)
            } else {
                self = .many(try container.decode([String].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .one(let value): try container.encode(value)
            case .many(let values): try container.encode(values)
            }
        }
    }
}

/// A boolean claim Apple sends either as JSON `true`/`false` or as the string `"true"`/`"false"`.
public struct AppleBoolean: Codable, Sendable, Hashable, CustomStringConvertible {
    public var value: Bool
    public var isString: Bool

    public init(_ value: Bool, asString: Bool = false) {
        self.value = value
        isString = asString
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self.init(value)
        } else {
            let text = try container.decode(String.self)
            guard text == "true" || text == "false" else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is neither \"true\" nor \"false\"")
            }
            self.init(text == "true", asString: true)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if isString { try container.encode(value ? "true" : "false") } else { try container.encode(value) }
    }

    public var description: String { isString ? "\"\(value)\"" : "\(value)" }
}
