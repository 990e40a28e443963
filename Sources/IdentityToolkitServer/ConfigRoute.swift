import ConformanceKit
import Foundation
import MockIdP

/// Identity Platform's admin configuration of a project or tenant, in production's shape, so a client sets the
/// console's settings as it would on Google's servers:
/// `GET|PATCH /v2/projects/{project}/config`
/// (https://cloud.google.com/identity-platform/docs/reference/rest/v2/projects/getConfig, `…/updateConfig`) and
/// `GET|PATCH /v2/projects/{project}/tenants/{tenant}`
/// (https://cloud.google.com/identity-platform/docs/reference/rest/v2/projects.tenants/patch), under
/// `/identitytoolkit.googleapis.com` or at the root; a PATCH takes `?updateMask=a.b,c` (only those fields) or, without
/// one, every field its body holds. Owner only (`Authorization: Bearer owner`, the emulator's stand-in for an OAuth2
/// token), as the Admin SDKs call it.
///
/// The fields and the ``ProjectConfiguration`` they set:
/// - project: `signIn.email.enabled` (``ProjectConfiguration/passwordSignInEnabled``), `signIn.email.passwordRequired`
///   (false: ``EmailLinkSettings/isEnabled``), `signIn.phoneNumber.enabled`, `signIn.phoneNumber.testPhoneNumbers`
///   (`{"+16505550101": "123456"}`), `authorizedDomains`, `mfa.state` (`ENABLED`, `DISABLED`: SMS),
///   `mfa.providerConfigs` (`[{"state": "ENABLED", "totpProviderConfig": {"adjacentIntervals": 5}}]`: TOTP,
///   ``MultiFactorSettings/totpAdjacentIntervals``), `passwordPolicyConfig.passwordPolicyEnforcementState` (`ENFORCE`,
///   `OFF`: a ``PasswordPolicy``), `passwordPolicyConfig.forceUpgradeOnSignin`,
///   `passwordPolicyConfig.passwordPolicyVersions[0].customStrengthOptions` (`minPasswordLength`, and with a policy
///   configured its other options);
/// - tenant: `allowPasswordSignup`, `enableEmailLinkSignin`, `testPhoneNumbers`, `mfaConfig.state`,
///   `mfaConfig.providerConfigs`, `passwordPolicyConfig` as above;
/// - both: `emailPrivacyConfig.enableImprovedEmailPrivacy`, email enumeration protection (a wrong password and an
///   unknown email both `INVALID_LOGIN_CREDENTIALS`), kept by the server beside the ``ProjectConfiguration``.
///
/// The reference keeps a project's configuration for its life, so a change starts the project afresh (its accounts,
/// codes, outboxes and clock new): the suite sets a project's configuration before its first user. An update that
/// changes nothing leaves the project as it is. An invalid configuration (PHONE-12's test numbers) is refused with
/// `INVALID_CONFIG`; a field the reference cannot take (anonymous sign-in off, sign-up quotas) with `INVALID_ARGUMENT`.
struct ConfigRoute {
    let projectID: String
    let tenant: String?

    init?(path: String) {
        let relative: Substring
        if path.hasPrefix("/identitytoolkit.googleapis.com/v2/projects/") {
            relative = path.dropFirst("/identitytoolkit.googleapis.com/v2/projects/".count)
        } else if path.hasPrefix("/v2/projects/") {
            relative = path.dropFirst("/v2/projects/".count)
        } else {
            return nil
        }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 2 where parts[1] == "config" && !parts[0].isEmpty: (projectID, tenant) = (parts[0], nil)
        case 3 where parts[1] == "tenants" && !parts[0].isEmpty && !parts[2].isEmpty:
            (projectID, tenant) = (parts[0], parts[2])
        default: return nil
        }
    }

    /// The resource's name: `projects/{p}/config` or `projects/{p}/tenants/{t}`.
    var name: String { tenant.map { "projects/\(projectID)/tenants/\($0)" } ?? "projects/\(projectID)/config" }
}

extension IdentityToolkitServer {
    /// Answers a config request: the resource as it is (GET), or as the update leaves it (PATCH).
    func configRequest(_ request: HTTPRequest, _ route: ConfigRoute) async -> HTTPResponse {
        guard request.header("Authorization")?.lowercased() == "bearer owner" else {
            return Self.failure(
                403, "The caller does not have permission: the config API needs the owner's credentials",
                status: "PERMISSION_DENIED")
        }
        let key = request.queryItems.first { $0.name == "key" }?.value
        let served = project(forAPIKey: key, projectID: route.projectID, tenant: route.tenant)
        let current = served.backend.configuration
        let document = ConfigDocument(route: route)
        switch request.method {
        case "GET": return Self.json(document.document(of: current, protectsEmails: served.protectsEmailEnumeration))
        case "PATCH", "POST":
            guard let body = FixtureValue.body(request.body, contentType: "application/json"), case .object = body
            else { return Self.invalidArgument("Invalid JSON payload received. Expected a JSON object.") }
            let mask = request.queryItems.first { $0.name == "updateMask" }?.value.map {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let updated: ProjectConfiguration
            let protects: Bool
            do throws(ConfigDocument.Refusal) {
                updated = try document.applying(body, mask: mask, to: current)
                protects = try document.protectsEmails(body, mask: mask) ?? served.protectsEmailEnumeration
            } catch { return Self.invalidArgument(error.message) }
            do throws(ConfigurationError) {
                _ = try await reference.makeBackend(configuration: updated, world: World())
            } catch { return Self.failure(400, "INVALID_CONFIG : \(error)") }
            reconfigure(
                forAPIKey: key, projectID: route.projectID, tenant: route.tenant, to: updated,
                protectingEmailEnumeration: protects)
            return Self.json(document.document(of: updated, protectsEmails: protects))
        default: return Self.notServed(request)
        }
    }
}

/// A project's or tenant's configuration as the config API writes and reads it.
struct ConfigDocument {
    let route: ConfigRoute

    struct Refusal: Error { let message: String }

    /// `emailPrivacyConfig.enableImprovedEmailPrivacy` of an update (where `mask` names it, or every field without a
    /// mask), nil when it sets none: Identity Platform's email enumeration protection
    /// (https://cloud.google.com/identity-platform/docs/admin/email-enumeration-protection).
    func protectsEmails(_ body: FixtureValue, mask: [String]?) throws(Refusal) -> Bool? {
        let path = "emailPrivacyConfig.enableImprovedEmailPrivacy"
        guard let value = Self.value(at: path, in: body) else { return nil }
        if let mask, !mask.contains(where: { path == $0 || path.hasPrefix($0 + ".") }) { return nil }
        return try Self.bool(value, path)
    }

    func document(of configuration: ProjectConfiguration, protectsEmails: Bool = false) -> FixtureValue {
        let privacy = FixtureValue.object(["enableImprovedEmailPrivacy": .bool(protectsEmails)])
        let testNumbers = FixtureValue.object(
            Dictionary(configuration.phone.testPhoneNumbers.map { ($0.phoneNumber, .string($0.verificationCode)) }) {
                first, _ in first
            })
        var mfa: [String: FixtureValue] = [
            "state": .string(configuration.multiFactor.isEnabled ? "ENABLED" : "DISABLED"),
            "enabledProviders": .array(configuration.multiFactor.isEnabled ? [.string("PHONE_SMS")] : []),
        ]
        if let intervals = configuration.multiFactor.totpAdjacentIntervals {
            mfa["providerConfigs"] = .array([
                .object([
                    "state": .string("ENABLED"),
                    "totpProviderConfig": .object(["adjacentIntervals": .number(Double(intervals))]),
                ])
            ])
        }
        let passwordPolicy = Self.passwordPolicyConfig(of: configuration)
        if route.tenant != nil {
            return .object([
                "name": .string(route.name), "allowPasswordSignup": .bool(configuration.passwordSignInEnabled),
                "enableEmailLinkSignin": .bool(configuration.emailLink.isEnabled), "enableAnonymousUser": .bool(true),
                "testPhoneNumbers": testNumbers, "mfaConfig": .object(mfa), "passwordPolicyConfig": passwordPolicy,
                "emailPrivacyConfig": privacy,
            ])
        }
        return .object([
            "name": .string(route.name),
            "signIn": .object([
                "email": .object([
                    "enabled": .bool(configuration.passwordSignInEnabled),
                    "passwordRequired": .bool(!configuration.emailLink.isEnabled),
                ]),
                "phoneNumber": .object([
                    "enabled": .bool(configuration.phone.isEnabled), "testPhoneNumbers": testNumbers,
                ]), "anonymous": .object(["enabled": .bool(true)]),
            ]), "authorizedDomains": .array(configuration.emailLink.authorizedDomains.map { .string($0) }),
            "mfa": .object(mfa), "passwordPolicyConfig": passwordPolicy, "emailPrivacyConfig": privacy,
        ])
    }

    /// `passwordPolicyConfig`: the configured policy (`ENFORCE` or `OFF`) with its strength options, or without one
    /// the minimum length alone under `OFF`, the length the server refuses shorter passwords under (AUTH-8): what
    /// `v2/passwordPolicy` answers the clients.
    private static func passwordPolicyConfig(of configuration: ProjectConfiguration) -> FixtureValue {
        var options: [String: FixtureValue] = [
            "minPasswordLength": .number(Double(configuration.passwordMinimumLength))
        ]
        var config: [String: FixtureValue] = ["passwordPolicyEnforcementState": .string("OFF")]
        if let policy = configuration.passwordPolicy {
            options["maxPasswordLength"] = policy.maximumLength.map { .number(Double($0)) }
            options["containsLowercaseCharacter"] = .bool(policy.requiresLowercase)
            options["containsUppercaseCharacter"] = .bool(policy.requiresUppercase)
            options["containsNumericCharacter"] = .bool(policy.requiresNumeric)
            options["containsNonAlphanumericCharacter"] = .bool(policy.requiresNonAlphanumeric)
            config["passwordPolicyEnforcementState"] = .string(policy.isEnforced ? "ENFORCE" : "OFF")
            config["forceUpgradeOnSignin"] = .bool(policy.forceUpgradeOnSignIn)
        }
        config["passwordPolicyVersions"] = .array([.object(["customStrengthOptions": .object(options)])])
        return .object(config)
    }

    /// `configuration` with the fields of `body` that `mask` names (every field `body` holds without a mask).
    func applying(
        _ body: FixtureValue, mask: [String]?, to configuration: ProjectConfiguration
    ) throws(Refusal) -> ProjectConfiguration {
        var updated = configuration
        let fields = route.tenant == nil ? Self.projectFields : Self.tenantFields
        for path in fields {
            guard let value = Self.value(at: path, in: body) else { continue }
            if let mask, !mask.contains(where: { path == $0 || path.hasPrefix($0 + ".") }) { continue }
            try Self.set(path, to: value, in: &updated)
        }
        let known = fields + ["emailPrivacyConfig.enableImprovedEmailPrivacy"]
        for path in mask ?? [] where !known.contains(where: { $0 == path || $0.hasPrefix(path + ".") }) {
            throw Refusal(
                message: """
                    updateMask names \(path), which this server cannot set; it sets \(known.joined(separator: ", "))
                    """)
        }
        return updated
    }

    /// The fields in the order they are set: a policy's enforcement state before its strength options, which a
    /// configured policy keeps.
    private static let projectFields =
        [
            "signIn.email.enabled", "signIn.email.passwordRequired", "signIn.phoneNumber.enabled",
            "signIn.phoneNumber.testPhoneNumbers", "signIn.anonymous.enabled", "authorizedDomains", "mfa.state",
            "mfa.providerConfigs",
        ] + policyFields

    private static let tenantFields =
        [
            "allowPasswordSignup", "enableEmailLinkSignin", "enableAnonymousUser", "testPhoneNumbers",
            "mfaConfig.state", "mfaConfig.providerConfigs",
        ] + policyFields

    private static let policyFields = [
        "passwordPolicyConfig.passwordPolicyEnforcementState", "passwordPolicyConfig.forceUpgradeOnSignin",
        "passwordPolicyConfig.passwordPolicyVersions",
    ]

    /// Sets the field at `path` (one of ``projectFields`` or ``tenantFields``) to `value`.
    private static func set(
        _ path: String, to value: FixtureValue, in configuration: inout ProjectConfiguration
    ) throws(Refusal) {
        switch path {
        case "signIn.email.enabled", "allowPasswordSignup": configuration.passwordSignInEnabled = try bool(value, path)
        case "signIn.email.passwordRequired": configuration.emailLink.isEnabled = !(try bool(value, path))
        case "enableEmailLinkSignin": configuration.emailLink.isEnabled = try bool(value, path)
        case "signIn.phoneNumber.enabled": configuration.phone.isEnabled = try bool(value, path)
        case "signIn.phoneNumber.testPhoneNumbers", "testPhoneNumbers":
            configuration.phone.testPhoneNumbers = try testNumbers(value)
        case "signIn.anonymous.enabled", "enableAnonymousUser": try anonymous(value)
        case "authorizedDomains": configuration.emailLink.authorizedDomains = try strings(value, path)
        case "mfa.state", "mfaConfig.state": configuration.multiFactor.isEnabled = try mfaState(value)
        case "mfa.providerConfigs", "mfaConfig.providerConfigs":
            configuration.multiFactor.totpAdjacentIntervals = try totpAdjacentIntervals(value)
        case "passwordPolicyConfig.passwordPolicyEnforcementState":
            switch value.stringValue {
            case "ENFORCE", "OFF":
                var policy = configuration.passwordPolicy ?? PasswordPolicy()
                policy.isEnforced = value.stringValue == "ENFORCE"
                configuration.passwordPolicy = policy
            default: throw Refusal(message: "\(path) must be ENFORCE or OFF")
            }
        case "passwordPolicyConfig.forceUpgradeOnSignin":
            configuration.passwordPolicy?.forceUpgradeOnSignIn = try bool(value, path)
        case "passwordPolicyConfig.passwordPolicyVersions":
            let options = value.arrayValue.first?["customStrengthOptions"]
            if options?["minPasswordLength"] != nil || configuration.passwordPolicy == nil {
                configuration.passwordMinimumLength = try minimumLength(value)
            }
            if let options, configuration.passwordPolicy != nil {
                try strengthOptions(options, into: &configuration.passwordPolicy)
            }
        default: break
        }
    }

    private static func value(at path: String, in body: FixtureValue) -> FixtureValue? {
        var value: FixtureValue? = body
        for key in path.split(separator: ".") { value = value?[String(key)] }
        return value
    }

    private static func bool(_ value: FixtureValue, _ field: String) throws(Refusal) -> Bool {
        guard let bool = value.boolValue else { throw Refusal(message: "\(field) must be true or false") }
        return bool
    }

    private static func strings(_ value: FixtureValue, _ field: String) throws(Refusal) -> [String] {
        guard case .array(let array) = value else { throw Refusal(message: "\(field) must be a list of strings") }
        var strings: [String] = []
        for entry in array {
            guard let string = entry.stringValue else { throw Refusal(message: "\(field) must be a list of strings") }
            strings.append(string)
        }
        return strings
    }

    /// `{"+16505550101": "123456", …}`, in the order of the numbers.
    private static func testNumbers(_ value: FixtureValue) throws(Refusal) -> [TestPhoneNumber] {
        guard case .object(let entries) = value else {
            throw Refusal(message: "testPhoneNumbers must map each phone number to its code")
        }
        var numbers: [TestPhoneNumber] = []
        for (number, code) in entries.sorted(by: { $0.key < $1.key }) {
            guard let code = code.stringValue else {
                throw Refusal(message: "testPhoneNumbers: the code of \(number) must be a string")
            }
            numbers.append(TestPhoneNumber(number, code: code))
        }
        return numbers
    }

    private static func mfaState(_ value: FixtureValue) throws(Refusal) -> Bool {
        switch value.stringValue {
        case "ENABLED": return true
        case "DISABLED": return false
        default:
            throw Refusal(message: "mfa.state must be ENABLED or DISABLED (this server does not make MFA MANDATORY)")
        }
    }

    private static func anonymous(_ value: FixtureValue) throws(Refusal) {
        guard value.boolValue == true else {
            throw Refusal(message: "this server always allows anonymous sign-in; it cannot be switched off")
        }
    }

    /// `[{"state": "ENABLED", "totpProviderConfig": {"adjacentIntervals": 5}}]`: TOTP's adjacent intervals where a
    /// provider config enables it (5 when it names none, the Admin SDK's default), nil otherwise.
    private static func totpAdjacentIntervals(_ value: FixtureValue) throws(Refusal) -> Int? {
        guard case .array(let configs) = value else {
            throw Refusal(message: "providerConfigs must be a list of provider configs")
        }
        for config in configs {
            guard let totp = config["totpProviderConfig"] else { continue }
            guard config["state"]?.stringValue != "DISABLED" else { return nil }
            let text = totp["adjacentIntervals"]?.stringValue ?? "5"
            guard let intervals = Int(text), (0...10).contains(intervals) else {
                throw Refusal(message: "totpProviderConfig.adjacentIntervals must be a whole number from 0 to 10")
            }
            return intervals
        }
        return nil
    }

    /// The strength options besides the minimum length, into a configured policy.
    private static func strengthOptions(_ options: FixtureValue, into policy: inout PasswordPolicy?) throws(Refusal) {
        let flags: [(String, WritableKeyPath<PasswordPolicy, Bool>)] = [
            ("containsLowercaseCharacter", \.requiresLowercase), ("containsUppercaseCharacter", \.requiresUppercase),
            ("containsNumericCharacter", \.requiresNumeric),
            ("containsNonAlphanumericCharacter", \.requiresNonAlphanumeric),
        ]
        for (name, keyPath) in flags {
            var required = false
            if let value = options[name] { required = try bool(value, name) }
            policy?[keyPath: keyPath] = required
        }
        if let maximum = options["maxPasswordLength"] {
            guard let text = maximum.stringValue, let length = Int(text), length > 0 else {
                throw Refusal(message: "customStrengthOptions.maxPasswordLength must be a positive number")
            }
            policy?.maximumLength = length
        } else {
            policy?.maximumLength = nil
        }
    }

    private static func minimumLength(_ value: FixtureValue) throws(Refusal) -> Int {
        guard let length = value.arrayValue.first?["customStrengthOptions"]?["minPasswordLength"]?.stringValue,
            let minimum = Int(length), minimum > 0
        else {
            throw Refusal(
                message: "passwordPolicyVersions[0].customStrengthOptions.minPasswordLength must be a positive number")
        }
        return minimum
    }
}
