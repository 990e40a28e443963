import Foundation

/// An enrolled second factor (Firebase `MultiFactorInfo` / `PhoneMultiFactorInfo`).
///
/// On the signed-in user (`AuthUser.enrolledFactors`) `phoneNumber` is the enrolled number; in a resolver's
/// hints it is masked (MFA-7).
public struct MultiFactorInfo: Sendable, Hashable {
    /// The enrollment ID (`mfaEnrollmentId`).
    public var uid: String
    public var displayName: String?
    public var enrollmentDate: Date
    /// `phone` or `totp` (``MultiFactorID``).
    public var factorID: String
    public var phoneNumber: String?

    public init(uid: String, displayName: String?, enrollmentDate: Date, factorID: String, phoneNumber: String?) {
        self.uid = uid
        self.displayName = displayName
        self.enrollmentDate = enrollmentDate
        self.factorID = factorID
        self.phoneNumber = phoneNumber
    }
}

/// Firebase's factor IDs (`PhoneMultiFactorID`, `TOTPMultiFactorID`).
public enum MultiFactorID {
    public static let phone = "phone"
    public static let totp = "totp"
}

/// An opaque multi-factor session: for enrollment, proof of the signed-in user; in a resolver, proof of a
/// first factor that succeeded (Firebase `MultiFactorSession`).
public struct MultiFactorSession: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { "session \"\(rawValue.abbreviated)\"" }
}

/// Proof of a second factor (Firebase `PhoneMultiFactorGenerator.assertion(with:)`, `TOTPMultiFactorGenerator`).
public enum MultiFactorAssertion: Sendable, Hashable {
    case phone(verificationID: String, verificationCode: String)
    case totp(oneTimePassword: String)

    public var factorID: String {
        switch self {
        case .phone: MultiFactorID.phone
        case .totp: MultiFactorID.totp
        }
    }
}

/// What a first-factor sign-in of a multi-factor user hands back inside `secondFactorRequired` (MFA-6):
/// the hints, the pending session, and the way to finish.
public protocol MultiFactorResolver: Sendable {
    var hints: [MultiFactorInfo] { get }
    var session: MultiFactorSession { get }
    /// Completes the sign-in with a second factor and makes the user current.
    func resolveSignIn(with assertion: MultiFactorAssertion) async throws(AuthError) -> AuthDataResult
}
