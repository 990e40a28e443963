import ConformanceKit

/// A conforming alternative the reference can take where the rules leave room: every variation must pass the
/// whole catalogue. Each is a way real implementations differ that once made the suite fail them falsely.
public enum Variation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The SMS names the year and ends with Apple's domain-bound AutoFill line, repeating the code (PHONE-3).
    case smsWithYearAndAutoFillLine
    /// The verification email is HTML: a single-quoted `href`, and the link again in text before a full stop.
    case htmlEmail
    /// Listeners are called asynchronously, on one serial queue, as Firebase calls them on the main queue.
    case asynchronousListeners
    /// Enrollment dates are stamped with real time, as a server reached over HTTP stamps them; the subject
    /// declares that it keeps real time.
    case realTimeTimestamps
    /// Numbers shorter than any in service are refused, as libphonenumber refuses them, and declared so.
    case rejectsShortNumbers
    /// Email enumeration protection: wrong password and unknown email both answer `invalidCredential`.
    case emailEnumerationProtection

    public var description: String { rawValue }
}
