extension Rule {
    /// The fixture files (paths under `Fixtures/`) the rule's checks read, and those whose cases name the rule in
    /// their `rules`: MFA-7's checks call `PhoneHintMask`, the function whose every case `mfa/phone-hint-mask.json`
    /// holds for MFA-7. A test keeps this list honest against the fixtures and the check names.
    public var fixtures: [String] { RuleFixtures.files[id] ?? [] }
}

enum RuleFixtures {
    static let files: [RuleID: [String]] = [
        "PHONE-1": ["phone/e164.json"], "MFA-4": ["phone/e164.json"], "MFA-7": ["mfa/phone-hint-mask.json"],
        "LINK-4": ["email-link/links.json"], "LINK-5": ["email-link/links.json"],
        "OAUTH-1": ["oauth/custom-parameters.json"], "OAUTH-2": ["oauth/custom-parameters.json"],
        "APPLE-1": ["apple/nonce.json"], "APPLE-2": ["apple/nonce.json"], "APPLE-3": ["apple/id-tokens.json"],
        "APPLE-4": ["apple/id-tokens.json"], "APPLE-5": ["apple/id-tokens.json"], "APPLE-8": ["apple/id-tokens.json"],
    ]
}
