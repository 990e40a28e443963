/// A project's password policy (Identity Platform's `passwordPolicyConfig`,
/// https://cloud.google.com/identity-platform/docs/reference/rest/v2/Config#PasswordPolicyConfig): what a new password
/// must hold beyond ``ProjectConfiguration/passwordMinimumLength``, and whether the server refuses one that does not
/// (`ENFORCE`) or only publishes the policy for clients to check against (`OFF`).
public struct PasswordPolicy: Sendable, Hashable {
    /// `ENFORCE`: sign-up and a password change refuse a password the policy does not allow
    /// (`PASSWORD_DOES_NOT_MEET_REQUIREMENTS`); otherwise (`OFF`) the policy is published only.
    public var isEnforced: Bool
    /// The most characters a password may have (`maxPasswordLength`); nil: no maximum.
    public var maximumLength: Int?
    /// `containsLowercaseCharacter`.
    public var requiresLowercase: Bool
    /// `containsUppercaseCharacter`.
    public var requiresUppercase: Bool
    /// `containsNumericCharacter`.
    public var requiresNumeric: Bool
    /// `containsNonAlphanumericCharacter`: one of ``allowedNonAlphanumericCharacters``.
    public var requiresNonAlphanumeric: Bool
    /// `forceUpgradeOnSignin`: users must have a password the policy allows to sign in.
    public var forceUpgradeOnSignIn: Bool

    public init(
        isEnforced: Bool = true, maximumLength: Int? = nil, requiresLowercase: Bool = false,
        requiresUppercase: Bool = false, requiresNumeric: Bool = false, requiresNonAlphanumeric: Bool = false,
        forceUpgradeOnSignIn: Bool = false
    ) {
        self.isEnforced = isEnforced
        self.maximumLength = maximumLength
        self.requiresLowercase = requiresLowercase
        self.requiresUppercase = requiresUppercase
        self.requiresNumeric = requiresNumeric
        self.requiresNonAlphanumeric = requiresNonAlphanumeric
        self.forceUpgradeOnSignIn = forceUpgradeOnSignIn
    }

    /// The characters that satisfy ``requiresNonAlphanumeric``, as Identity Platform lists its special characters
    /// (`allowedNonAlphanumericCharacters` of `GET v2/passwordPolicy`).
    public static let allowedNonAlphanumericCharacters: [Character] = Array(#"^$*.[]{}()?"!@#%&/\,><':;|_~"#)

    /// The requirements `password` misses, each as a sentence (empty: the policy allows it), with `minimumLength`
    /// (the project's ``ProjectConfiguration/passwordMinimumLength``) as its minimum.
    public func unmetRequirements(of password: String, minimumLength: Int) -> [String] {
        var missing: [String] = []
        if password.count < minimumLength {
            missing.append("Password must contain at least \(minimumLength) characters")
        }
        if let maximumLength, password.count > maximumLength {
            missing.append("Password may contain at most \(maximumLength) characters")
        }
        if requiresLowercase, !password.contains(where: \.isLowercase) {
            missing.append("Password must contain a lower case character")
        }
        if requiresUppercase, !password.contains(where: \.isUppercase) {
            missing.append("Password must contain an upper case character")
        }
        if requiresNumeric, !password.contains(where: \.isNumber) {
            missing.append("Password must contain a numeric character")
        }
        if requiresNonAlphanumeric, !password.contains(where: { Self.allowedNonAlphanumericCharacters.contains($0) }) {
            missing.append("Password must contain a non-alphanumeric character")
        }
        return missing
    }
}
