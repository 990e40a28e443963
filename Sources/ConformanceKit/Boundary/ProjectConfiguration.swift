/// The project a backend serves: what the Firebase console and the app's `GoogleService-Info.plist` hold.
///
/// Checks start from ``standard`` and change what their rule is about. The configuration is passed to the
/// subject as it is: rejecting an invalid *test phone number* configuration is the subject's job (PHONE-12),
/// while ``validated()`` rejects values no project can have (an empty project ID, a zero timeout).
public struct ProjectConfiguration: Sendable, Hashable {
    public var projectID: String
    /// The app name that appears in the texts the project sends.
    public var appName: String
    public var bundleID: String
    public var phone: PhoneSettings
    public var multiFactor: MultiFactorSettings
    public var emailLink: EmailLinkSettings
    public var passwordSignInEnabled: Bool
    /// The generic OAuth providers the project configured, by provider ID (`github.com`).
    public var oauthProviders: [String: OAuthProviderSettings]
    /// Sign in with Apple (the `apple.com` provider).
    public var apple: AppleSignInSettings
    /// How long any call may wait for an outside party (SMS, email, GitHub, Apple) before failing with `networkError`
    /// (AUTH-2).
    public var networkTimeout: Duration
    /// The fewest characters a new account's password may have (Firebase's password policy; 6 unless the project sets
    /// more): AUTH-8.
    public var passwordMinimumLength: Int
    /// The password policy the project configured (Identity Platform's `passwordPolicyConfig`), nil when it
    /// configured none: the policy's minimum is ``passwordMinimumLength``.
    public var passwordPolicy: PasswordPolicy?

    public init(
        projectID: String = "conformance-demo", appName: String = "Conformance Demo",
        bundleID: String = ProjectConfiguration.standardBundleID, phone: PhoneSettings = PhoneSettings(),
        multiFactor: MultiFactorSettings = MultiFactorSettings(), emailLink: EmailLinkSettings = EmailLinkSettings(),
        passwordSignInEnabled: Bool = true,
        oauthProviders: [String: OAuthProviderSettings] = [ProviderID.github: .github],
        apple: AppleSignInSettings = .standard, networkTimeout: Duration = .seconds(30), passwordMinimumLength: Int = 6,
        passwordPolicy: PasswordPolicy? = nil
    ) {
        self.passwordPolicy = passwordPolicy
        self.oauthProviders = oauthProviders
        self.apple = apple
        self.projectID = projectID
        self.appName = appName
        self.bundleID = bundleID
        self.phone = phone
        self.multiFactor = multiFactor
        self.emailLink = emailLink
        self.passwordSignInEnabled = passwordSignInEnabled
        self.networkTimeout = networkTimeout
        self.passwordMinimumLength = passwordMinimumLength
    }

    public static let standard = ProjectConfiguration()
    public static let standardBundleID = "com.example.conformance"

    /// The configuration itself if it is one a project can have; otherwise the first problem found.
    public func validated() throws(ConfigurationError) -> ProjectConfiguration {
        guard !projectID.isEmpty, projectID.count <= 30,
            projectID.allSatisfy({ $0.isLowercaseASCIIAlphanumeric || $0 == "-" })
        else {
            throw .invalidValue(
                field: "projectID", value: projectID, expected: "1 to 30 lowercase letters, digits or dashes")
        }
        guard !appName.isEmpty else {
            throw .invalidValue(field: "appName", value: appName, expected: "a non-empty name")
        }
        guard !bundleID.isEmpty else {
            throw .invalidValue(field: "bundleID", value: bundleID, expected: "a non-empty bundle ID")
        }
        try Self.requirePositive(networkTimeout, field: "networkTimeout")
        try Self.requirePositive(phone.codeLifetime, field: "phone.codeLifetime")
        try Self.requirePositive(phone.verificationLimit.window, field: "phone.verificationLimit.window")
        try Self.requirePositive(multiFactor.pendingSignInLifetime, field: "multiFactor.pendingSignInLifetime")
        try Self.requirePositive(multiFactor.recentSignInWindow, field: "multiFactor.recentSignInWindow")
        try Self.requirePositive(emailLink.linkLifetime, field: "emailLink.linkLifetime")
        guard passwordMinimumLength > 0 else {
            throw .invalidValue(
                field: "passwordMinimumLength", value: "\(passwordMinimumLength)", expected: "at least 1")
        }
        if let intervals = multiFactor.totpAdjacentIntervals, !(0...10).contains(intervals) {
            throw .invalidValue(field: "multiFactor.totpAdjacentIntervals", value: "\(intervals)", expected: "0 to 10")
        }
        if let policy = passwordPolicy {
            guard (6...30).contains(passwordMinimumLength) else {
                throw .invalidValue(
                    field: "passwordMinimumLength", value: "\(passwordMinimumLength)",
                    expected: "6 to 30 with a password policy")
            }
            if let maximum = policy.maximumLength, !(passwordMinimumLength...4096).contains(maximum) {
                throw .invalidValue(
                    field: "passwordPolicy.maximumLength", value: "\(maximum)",
                    expected: "from the minimum length to 4096")
            }
        }
        guard phone.verificationLimit.maxRequests > 0 else {
            throw .invalidValue(
                field: "phone.verificationLimit.maxRequests", value: "\(phone.verificationLimit.maxRequests)",
                expected: "at least 1")
        }
        return self
    }

    private static func requirePositive(_ duration: Duration, field: String) throws(ConfigurationError) {
        guard duration > .zero else {
            throw .invalidValue(field: field, value: duration.description, expected: "a positive duration")
        }
    }
}

/// The phone sign-in settings of a project.
public struct PhoneSettings: Sendable, Hashable {
    public var isEnabled: Bool
    /// Numbers that receive no SMS and sign in with a fixed code (at most 10, each valid E.164, 6-digit codes:
    /// PHONE-12).
    public var testPhoneNumbers: [TestPhoneNumber]
    /// How long an SMS code stays good (PHONE-8).
    public var codeLifetime: Duration
    /// How many verification requests one number or one device may make in a window (PHONE-17).
    public var verificationLimit: RateLimit

    public init(
        isEnabled: Bool = true, testPhoneNumbers: [TestPhoneNumber] = [], codeLifetime: Duration = .seconds(300),
        verificationLimit: RateLimit = RateLimit(maxRequests: 5, window: .seconds(3600))
    ) {
        self.isEnabled = isEnabled
        self.testPhoneNumbers = testPhoneNumbers
        self.codeLifetime = codeLifetime
        self.verificationLimit = verificationLimit
    }
}

/// The SMS multi-factor settings of a project (Identity Platform).
public struct MultiFactorSettings: Sendable, Hashable {
    /// SMS multi-factor authentication is enabled for the project.
    public var isEnabled: Bool
    /// How long a resolver's session stays good after the first factor succeeded (MFA-11).
    public var pendingSignInLifetime: Duration
    /// How recent a sign-in must be to enroll a second factor (MFA-15).
    public var recentSignInWindow: Duration
    /// TOTP second factors (an authenticator app's codes, RFC 6238) are enabled, accepting a code this many 30-second
    /// intervals before or after the current one (0 to 10: Identity Platform's `totpProviderConfig.adjacentIntervals`);
    /// nil when TOTP is not enabled. Independent of ``isEnabled``, which is SMS.
    public var totpAdjacentIntervals: Int?

    public init(
        isEnabled: Bool = true, pendingSignInLifetime: Duration = .seconds(600),
        recentSignInWindow: Duration = .seconds(300), totpAdjacentIntervals: Int? = nil
    ) {
        self.isEnabled = isEnabled
        self.totpAdjacentIntervals = totpAdjacentIntervals
        self.pendingSignInLifetime = pendingSignInLifetime
        self.recentSignInWindow = recentSignInWindow
    }
}

/// The email-link settings of a project: the console's sign-in method and authorized domains.
public struct EmailLinkSettings: Sendable, Hashable {
    /// Email-link (passwordless) sign-in is enabled; it also needs password sign-in enabled (LINK-3).
    public var isEnabled: Bool
    /// The domains a continue URL may point to (LINK-2). The project's own hosting domains are authorized too.
    public var authorizedDomains: [String]
    /// The Firebase Hosting domains a link may be built on (LINK-14).
    public var linkDomains: [String]
    /// How long a sign-in link stays good (LINK-9).
    public var linkLifetime: Duration

    public init(
        isEnabled: Bool = true, authorizedDomains: [String] = ["example.com", "localhost"],
        linkDomains: [String] = ["links.example.com"], linkLifetime: Duration = .seconds(3600)
    ) {
        self.isEnabled = isEnabled
        self.authorizedDomains = authorizedDomains
        self.linkDomains = linkDomains
        self.linkLifetime = linkLifetime
    }
}

/// A fictional number allowed for development, with its fixed verification code.
public struct TestPhoneNumber: Sendable, Hashable {
    public var phoneNumber: String
    public var verificationCode: String

    public init(_ phoneNumber: String, code verificationCode: String) {
        self.phoneNumber = phoneNumber
        self.verificationCode = verificationCode
    }
}

public struct RateLimit: Sendable, Hashable {
    public var maxRequests: Int
    public var window: Duration

    public init(maxRequests: Int, window: Duration) {
        self.maxRequests = maxRequests
        self.window = window
    }
}

/// Why a project configuration was refused, by the library (an impossible value) or by the subject (PHONE-12).
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidValue(field: String, value: String, expected: String)
    /// A test phone number that is not valid E.164 (Admin SDK `auth/invalid-testing-phone-number`).
    case invalidTestPhoneNumber(String)
    /// A test phone number whose fixed code is not exactly 6 digits.
    case invalidTestVerificationCode(phoneNumber: String, code: String)
    /// More test phone numbers than allowed (Admin SDK `auth/test-phone-number-limit-exceeded`).
    case tooManyTestPhoneNumbers(count: Int, limit: Int)
    /// A setting the subject cannot take from the configuration (a server reached over HTTP has its own
    /// console): not a refusal of the value, so checks that need the setting are not applicable, with `reason`.
    case unsupported(field: String, reason: String)

    public var description: String {
        switch self {
        case .invalidValue(let field, let value, let expected): "\(field) is \"\(value)\"; expected \(expected)"
        case .invalidTestPhoneNumber(let number): "test phone number \"\(number)\" is not a valid E.164 number"
        case .invalidTestVerificationCode(let number, let code):
            "test phone number \(number) has code \"\(code)\"; a code is exactly 6 digits"
        case .tooManyTestPhoneNumbers(let count, let limit): "\(count) test phone numbers; at most \(limit) are allowed"
        case .unsupported(let field, let reason):
            "the subject cannot take \(field) from the project configuration: \(reason)"
        }
    }
}

extension Character {
    var isLowercaseASCIIAlphanumeric: Bool { ("a"..."z").contains(self) || ("0"..."9").contains(self) }
}
