import Foundation

/// An adapter's mapping of the errors a Firebase-like SDK throws (issue 31).
///
/// The table it implements is ``AuthErrorCode`` itself: each case has the raw value of the Firebase `AuthErrorCode`
/// case of the same name (`Utilities/AuthErrors.swift` in firebase-ios-sdk: `invalidCredential` 17004,
/// `emailAlreadyInUse` 17007, `invalidEmail` 17008, `wrongPassword` 17009, `userNotFound` 17011,
/// `invalidUserToken` 17017, `networkError` 17020, `userTokenExpired` 17021, `weakPassword` 17026,
/// `invalidActionCode` 17030, `invalidPhoneNumber` 17042, `invalidVerificationCode` 17044, `sessionExpired` 17051,
/// `nullUser` 17067, `secondFactorRequired` 17078, … `internalError` 17999), so a code maps to the case of the same
/// raw value. A code the taxonomy does not have, an error of another domain, and an error that is not an `NSError`
/// map to `internalError` [17999], naming what was thrown; a transport error (`NSURLErrorDomain`) maps to
/// `networkError` [17020], as the Firebase SDK maps it.
extension AuthError {
    /// The Firebase Auth error domain (`AuthErrorDomain`, `"FIRAuthErrorDomain"`).
    public static let firebaseErrorDomain = "FIRAuthErrorDomain"

    /// The error of the Firebase `AuthErrorCode` raw value `code` (17004 is ``AuthErrorCode/invalidCredential``), or
    /// `internalError` naming a code the taxonomy does not have.
    public init(firebaseCode code: Int, message: String = "") {
        guard let known = AuthErrorCode(rawValue: code) else {
            self.init(.internalError, "Firebase error code \(code) is not in the taxonomy\(Self.colon(message))")
            return
        }
        self.init(known, message)
    }

    /// `error` as the boundary's error: an ``AuthError`` as it is; an `NSError` of ``firebaseErrorDomain`` by its
    /// code (``init(firebaseCode:message:)``, with its localized description); a transport error as `networkError`;
    /// anything else as `internalError`. A resolver or an updated credential the SDK puts in `userInfo` is its own
    /// type, so the adapter adds it (``resolver``, ``updatedCredential``).
    public init(firebaseError error: any Error) {
        if let error = error as? AuthError {
            self = error
            return
        }
        let nsError = error as NSError
        switch nsError.domain {
        case Self.firebaseErrorDomain: self.init(firebaseCode: nsError.code, message: nsError.localizedDescription)
        case NSURLErrorDomain: self.init(.networkError, nsError.localizedDescription)
        default:
            self.init(.internalError, "\(nsError.domain) error \(nsError.code), not a Firebase Auth error: \(error)")
        }
    }

    private static func colon(_ message: String) -> String { message.isEmpty ? "" : ": \(message)" }
}
