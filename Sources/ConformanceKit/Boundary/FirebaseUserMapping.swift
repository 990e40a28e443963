import Foundation

/// A user as a Firebase-like SDK keeps it (Firebase `User`: `uid`, `email`, `phoneNumber`, `providerData`,
/// `metadata`, `multiFactor.enrolledFactors`), for ``AuthUser/init(firebaseUser:)``. The property names are
/// Firebase's where they can be, so that a vendor's user type conforms with a few lines; the rest are flattened
/// (`metadata.creationDate` is ``creationDate``, `multiFactor.enrolledFactors` is ``enrolledFactors``). Conforming
/// Firebase's own `User` is retroactive, and how to avoid that is said at ``FirebaseAdditionalUserInfoShape``.
public protocol FirebaseUserShape {
    var uid: String { get }
    var email: String? { get }
    var phoneNumber: String? { get }
    var displayName: String? { get }
    var photoURL: URL? { get }
    var isEmailVerified: Bool { get }
    var isAnonymous: Bool { get }
    /// `providerData`: one entry a linked provider (named apart, so that a type with Firebase's own `providerData`
    /// conforms).
    var linkedProviders: [any FirebaseUserInfoShape] { get }
    /// `metadata.creationDate`.
    var creationDate: Date? { get }
    /// `metadata.lastSignInDate`.
    var lastSignInDate: Date? { get }
    /// `multiFactor.enrolledFactors`.
    var enrolledFactors: [any FirebaseFactorShape] { get }
}

extension FirebaseUserShape {
    public var displayName: String? { nil }
    public var photoURL: URL? { nil }
    public var enrolledFactors: [any FirebaseFactorShape] { [] }
}

/// A linked provider as Firebase `UserInfo` has it.
public protocol FirebaseUserInfoShape {
    /// `password`, `phone`, `emailLink` is `password` too in Firebase (the method differs, not the provider).
    var providerID: String { get }
    var uid: String { get }
    var email: String? { get }
    var phoneNumber: String? { get }
    var displayName: String? { get }
}

extension FirebaseUserInfoShape { public var displayName: String? { nil } }

/// An enrolled second factor as Firebase `MultiFactorInfo` (and `PhoneMultiFactorInfo`) has it.
public protocol FirebaseFactorShape {
    var uid: String { get }
    var displayName: String? { get }
    var enrollmentDate: Date { get }
    /// `phone` or `totp`.
    var factorID: String { get }
    var phoneNumber: String? { get }
}

extension AuthUser {
    /// The boundary's user for a user as a Firebase-like SDK keeps it. The mapping, field by field:
    ///
    /// | Firebase `User` | ``AuthUser`` |
    /// |---|---|
    /// | `uid`, `email`, `phoneNumber`, `displayName`, `photoURL` | the same, an empty string as nil |
    /// | `isEmailVerified`, `isAnonymous` | the same |
    /// | `providerID` | always `Firebase` (``ProviderID/firebase``) |
    /// | `providerData[]` (`providerID`, `uid`, `email`, `phoneNumber`, `displayName`) | ``providerData`` |
    /// | `metadata.creationDate`, `.lastSignInDate` | ``metadata``; a missing date is the epoch |
    /// | `multiFactor.enrolledFactors[]` (`uid`, `displayName`, `enrollmentDate`, `factorID`) | ``enrolledFactors`` |
    public init(firebaseUser user: some FirebaseUserShape) {
        let epoch = Date(timeIntervalSince1970: 0)
        self.init(
            uid: user.uid, email: user.email.nonEmpty, phoneNumber: user.phoneNumber.nonEmpty,
            displayName: user.displayName.nonEmpty, photoURL: user.photoURL, isEmailVerified: user.isEmailVerified,
            isAnonymous: user.isAnonymous,
            providerData: user.linkedProviders.map { provider in
                UserInfo(
                    providerID: provider.providerID, uid: provider.uid, email: provider.email.nonEmpty,
                    phoneNumber: provider.phoneNumber.nonEmpty, displayName: provider.displayName.nonEmpty)
            },
            metadata: UserMetadata(
                creationDate: user.creationDate ?? epoch, lastSignInDate: user.lastSignInDate ?? epoch),
            enrolledFactors: user.enrolledFactors.map { factor in
                MultiFactorInfo(
                    uid: factor.uid, displayName: factor.displayName.nonEmpty, enrollmentDate: factor.enrollmentDate,
                    factorID: factor.factorID, phoneNumber: factor.phoneNumber.nonEmpty)
            })
    }
}

extension Optional where Wrapped == String {
    fileprivate var nonEmpty: String? { self.flatMap { $0.isEmpty ? nil : $0 } }
}
