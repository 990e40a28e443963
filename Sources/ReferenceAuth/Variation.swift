import ConformanceKit

/// A conforming alternative the reference can take where the rules leave room: every variation must pass the
/// whole catalogue. Each is a way real implementations differ that once made the suite fail them falsely, and
/// a change of the ``ReferenceBehaviour`` the reference reads, declared here once.
public struct Variation: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    public let name: String
    let effect: @Sendable (inout ReferenceBehaviour) -> Void

    /// `name` is the name of the static property that declares the variation.
    init(_ name: String, effect: @escaping @Sendable (inout ReferenceBehaviour) -> Void) {
        self.name = name
        self.effect = effect
    }

    public init?(rawValue: String) {
        guard let variation = Self.allCases.first(where: { $0.name == rawValue }) else { return nil }
        self = variation
    }

    public static let allCases: [Variation] = [
        .smsWithYearAndAutoFillLine, .htmlEmail, .asynchronousListeners, .realTimeTimestamps, .rejectsShortNumbers, .emailEnumerationProtection,
        .dropsReservedOAuthParameters, .appleFamilyNameFirst, .keepsAppleNonceAfterCallback,
    ]

    public var rawValue: String { name }

    public var description: String { name }

    public static func == (lhs: Variation, rhs: Variation) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension Variation {
    /// The SMS names the year and ends with Apple's domain-bound AutoFill line, repeating the code (PHONE-3).
    public static let smsWithYearAndAutoFillLine = Variation("smsWithYearAndAutoFillLine") { $0.phone.smsEndsWithAutoFillLine = true }

    /// The verification email is HTML: a single-quoted `href`, and the link again in text before a full stop.
    public static let htmlEmail = Variation("htmlEmail") { $0.emailPassword.verificationMailIsHTML = true }

    /// Listeners are called asynchronously, on one serial queue, as Firebase calls them on the main queue. The queue
    /// is an unstructured task of the client's own, so the subject declares that it works outside the check's tasks.
    public static let asynchronousListeners = Variation("asynchronousListeners") {
        $0.session.listenersCalledAsynchronously = true
        $0.capabilities.concurrency = .unstructured
    }

    /// Enrollment dates are stamped with real time, as a server reached over HTTP stamps them; the subject
    /// declares that it keeps real time.
    public static let realTimeTimestamps = Variation("realTimeTimestamps") {
        $0.stampsRealTime = true
        $0.capabilities.runsOnWorldClock = false
    }

    /// Numbers shorter than any in service are refused, as libphonenumber refuses them, and declared so.
    public static let rejectsShortNumbers = Variation("rejectsShortNumbers") {
        $0.phoneNumbers.acceptsShortNumbers = false
        $0.capabilities.acceptsShortPhoneNumbers = false
    }

    /// Email enumeration protection: wrong password and unknown email both answer `invalidCredential`.
    public static let emailEnumerationProtection = Variation("emailEnumerationProtection") {
        $0.emailPassword.enumerationProtection = true
        $0.capabilities.emailEnumerationProtection = true
    }

    /// OAUTH-1's other conformant answer: custom parameters naming reserved keys are dropped, not rejected.
    public static let dropsReservedOAuthParameters = Variation("dropsReservedOAuthParameters") {
        $0.capabilities.reservedOAuthParameters = .dropped
    }
}

extension Variation {
    /// The display name from Apple's name puts the family name first ("Appleseed Alice"), as name formatting does in
    /// some locales (APPLE-7 asks for the name, not an order).
    public static let appleFamilyNameFirst = Variation("appleFamilyNameFirst") { $0.apple.familyNameFirst = true }

    /// The pending request's raw nonce outlives its callback, as the guide's sample keeps `currentNonce` (APPLE-6
    /// refuses only callbacks to an app that sent no request).
    public static let keepsAppleNonceAfterCallback = Variation("keepsAppleNonceAfterCallback") { $0.apple.forgetsNonceAfterCallback = false }
}
