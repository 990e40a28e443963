import Foundation

/// An adapter's mapping of the errors a Firebase-like SDK throws.
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
    /// code (``init(firebaseCode:message:)``); a transport error as `networkError`; anything else as `internalError`.
    /// The message keeps the evidence (``evidence(of:)``): the localized description, the domain and code, the SDK's
    /// error name, the server's answer where the SDK kept it, and the underlying errors, so that a report of an
    /// `internalError` says what went wrong. A resolver or an updated credential the SDK puts in `userInfo` is its
    /// own type, so the adapter adds it (``resolver``, ``updatedCredential``).
    public init(firebaseError error: any Error) {
        if let error = error as? AuthError {
            self = error
            return
        }
        let nsError = error as NSError
        switch nsError.domain {
        case Self.firebaseErrorDomain: self.init(firebaseCode: nsError.code, message: Self.evidence(of: nsError))
        case NSURLErrorDomain: self.init(.networkError, Self.evidence(of: nsError))
        default:
            self.init(
                .internalError,
                "\(nsError.domain) error \(nsError.code), not a Firebase Auth error: "
                    + (Self.isNSError(error) ? Self.evidence(of: nsError) : Self.described(error)))
        }
    }

    private static func colon(_ message: String) -> String { message.isEmpty ? "" : ": \(message)" }

    /// An error's evidence in one line: `description [domain code NAME; response: …] ← underlying [domain code] ← …`.
    /// The Firebase iOS SDK names its errors under `FIRAuthErrorUserInfoNameKey` (`ERROR_INVALID_EMAIL`), keeps the
    /// server's answer under `FIRAuthErrorUserInfoDeserializedResponseKey` and the cause under `NSUnderlyingErrorKey`
    /// (`Utilities/AuthErrorUtils.swift`). A cause that is a Swift error rather than an `NSError` (an `EncodingError`
    /// of the SDK's request, kept as it was thrown: on Linux it does not bridge to `NSError`) is named by its type and
    /// its own description, which says what went wrong.
    public static func evidence(of error: NSError) -> String {
        var parts: [String] = []
        var current: NSError? = error
        var seen = 0
        while let next = current, seen < 8 {
            var facts = ["\(next.domain) \(next.code)"]
            if let name = next.userInfo["FIRAuthErrorUserInfoNameKey"] { facts.append("\(name)") }
            if let response = next.userInfo["FIRAuthErrorUserInfoDeserializedResponseKey"] {
                facts.append("response: \(response)")
            }
            parts.append("\(next.localizedDescription) [\(facts.joined(separator: " "))]")
            current = nil
            seen += 1
            switch next.userInfo[NSUnderlyingErrorKey] {
            case let underlying? where isNSError(underlying): current = underlying as? NSError
            case let underlying as any Error: parts.append(described(underlying))
            case let underlying?: parts.append("\(underlying)")
            case nil: break
            }
        }
        return parts.joined(separator: " ← ")
    }

    /// Whether `value` is an `NSError` itself, not a Swift error that Foundation would bridge to one (whose bridged
    /// description names only its type and case number).
    private static func isNSError(_ value: Any) -> Bool { type(of: value) is NSError.Type }

    /// A Swift error by its type and its own description: `EncodingError: invalidValue(…)`.
    private static func described(_ error: any Error) -> String { "\(type(of: error)): \(error)" }
}
