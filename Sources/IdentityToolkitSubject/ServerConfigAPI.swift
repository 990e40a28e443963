import ConformanceKit
import Foundation

/// Identity Platform's config API, through which the subject sets the console settings a check asks for, in
/// production's shape (https://cloud.google.com/identity-platform/docs/reference/rest/v2/projects/updateConfig and
/// `…/v2/projects.tenants/patch`), with the owner's credentials (`Authorization: Bearer owner`, as the Auth Emulator
/// takes them):
///
///     PATCH /v2/projects/{project}/config?updateMask=signIn.email.enabled,…
///     {"signIn": {"email": {"enabled": true, "passwordRequired": false},
///                 "phoneNumber": {"enabled": true, "testPhoneNumbers": {"+16505550101": "123456"}}},
///      "authorizedDomains": ["example.com"], "mfa": {"state": "ENABLED"},
///      "passwordPolicyConfig": {"passwordPolicyVersions": [{"customStrengthOptions": {"minPasswordLength": 6}}]}}
///
/// and for a tenant `PATCH /v2/projects/{project}/tenants/{tenant}` with `allowPasswordSignup`,
/// `enableEmailLinkSignin`, `testPhoneNumbers`, `mfaConfig.state` and `passwordPolicyConfig`. Under the emulator's
/// layout the host is the first segment (`/identitytoolkit.googleapis.com/v2/…`). `conformance serve` implements it.
///
/// With a tenant per check, a new tenant whose configuration (the API's answer for a new tenant, asked once per
/// subject) already has every field of the update is not updated (`isSet(_:in:inTenant:)`).
///
/// What it can set (`settable`): sign-in methods (password, email link, phone), test phone numbers, authorized
/// domains (not in a tenant), SMS multi-factor on or off and the minimum password length. Code and link lifetimes, the
/// SMS
/// verification limit, link domains and the rest stay the server's own: a check that asks for another value of them
/// is not applicable, naming the field.
public enum ServerConfigAPI {
    /// The route of the project's (or tenant's) configuration in `layout`.
    static func route(projectID: String, tenantID: String?, layout: ServerLayout) -> String {
        let resource = tenantID.map { "tenants/\($0)" } ?? "config"
        return layout.route("/identitytoolkit.googleapis.com/v2/projects/\(projectID)/\(resource)")
    }

    /// `served` with the settings of `asked` that the API sets.
    static func settable(
        _ asked: ProjectConfiguration, onto served: ProjectConfiguration, inTenant: Bool
    ) -> ProjectConfiguration {
        var served = served
        served.passwordSignInEnabled = asked.passwordSignInEnabled
        served.emailLink.isEnabled = asked.emailLink.isEnabled
        served.phone.testPhoneNumbers = asked.phone.testPhoneNumbers
        served.multiFactor.isEnabled = asked.multiFactor.isEnabled
        served.passwordMinimumLength = asked.passwordMinimumLength
        if !inTenant {
            served.phone.isEnabled = asked.phone.isEnabled
            served.emailLink.authorizedDomains = asked.emailLink.authorizedDomains
        }
        return served
    }

    /// The update that sets `project`'s settable fields, with its mask.
    package static func update(of project: ProjectConfiguration, inTenant: Bool) -> (body: FixtureValue, mask: String) {
        let testNumbers = FixtureValue.object(
            Dictionary(project.phone.testPhoneNumbers.map { ($0.phoneNumber, .string($0.verificationCode)) }) {
                first, _ in first
            })
        let mfa = FixtureValue.object(["state": .string(project.multiFactor.isEnabled ? "ENABLED" : "DISABLED")])
        let policy = FixtureValue.object([
            "passwordPolicyVersions": .array([
                .object([
                    "customStrengthOptions": .object([
                        "minPasswordLength": .number(Double(project.passwordMinimumLength))
                    ])
                ])
            ])
        ])
        if inTenant {
            return (
                .object([
                    "allowPasswordSignup": .bool(project.passwordSignInEnabled),
                    "enableEmailLinkSignin": .bool(project.emailLink.isEnabled), "testPhoneNumbers": testNumbers,
                    "mfaConfig": mfa, "passwordPolicyConfig": policy,
                ]),
                "allowPasswordSignup,enableEmailLinkSignin,testPhoneNumbers,mfaConfig.state,"
                    + "passwordPolicyConfig.passwordPolicyVersions"
            )
        }
        return (
            .object([
                "signIn": .object([
                    "email": .object([
                        "enabled": .bool(project.passwordSignInEnabled),
                        "passwordRequired": .bool(!project.emailLink.isEnabled),
                    ]),
                    "phoneNumber": .object(["enabled": .bool(project.phone.isEnabled), "testPhoneNumbers": testNumbers]
                    ),
                ]), "authorizedDomains": .array(project.emailLink.authorizedDomains.map { .string($0) }), "mfa": mfa,
                "passwordPolicyConfig": policy,
            ]),
            "signIn.email.enabled,signIn.email.passwordRequired,signIn.phoneNumber.enabled,"
                + "signIn.phoneNumber.testPhoneNumbers,authorizedDomains,mfa.state,"
                + "passwordPolicyConfig.passwordPolicyVersions"
        )
    }

    /// Sets `project`'s settable fields on the server's project (or the tenant `http` works in).
    static func set(
        _ project: ProjectConfiguration, projectID: String, over http: IdentityToolkitHTTP
    ) async throws(ConfigurationError) {
        let (body, mask) = update(of: project, inTenant: http.tenantID != nil)
        let route = route(projectID: projectID, tenantID: http.tenantID, layout: http.layout)
        do throws(AuthError) {
            _ = try await http.hook(
                "PATCH", route, body: body, query: [URLQueryItem(name: "updateMask", value: mask)],
                authorization: http.adminAuthorization)
        } catch {
            throw .invalidValue(
                field: "the console settings", value: error.message,
                expected: "a configuration the server's config API (PATCH \(route)) accepts")
        }
    }

    /// Whether `document` (the config API's answer for a project or tenant) already has every field the update of
    /// `project`'s settable fields would set, as that update would set it.
    package static func isSet(_ project: ProjectConfiguration, in document: FixtureValue, inTenant: Bool) -> Bool {
        let (body, mask) = update(of: project, inTenant: inTenant)
        return mask.split(separator: ",").allSatisfy { path in
            let keys = path.split(separator: ".").map(String.init)
            let asked = keys.reduce(Optional(body)) { $0?[$1] }
            return asked != nil && asked == keys.reduce(Optional(document)) { $0?[$1] }
        }
    }

    /// The configuration the server gives a tenant it has never seen: the config API's answer for a new one, or nil
    /// when it gives none.
    static func freshTenant(projectID: String, over http: IdentityToolkitHTTP) async -> FixtureValue? {
        let route = route(
            projectID: projectID, tenantID: "check-\(UUID().uuidString.lowercased())", layout: http.layout)
        return try? await http.hook("GET", route, authorization: http.adminAuthorization)
    }

    /// Whether the server answers its config API: a GET of the project's configuration with a `name`.
    static func isOffered(projectID: String, over http: IdentityToolkitHTTP) async -> Bool {
        let route = route(projectID: projectID, tenantID: nil, layout: http.layout)
        guard let answer = try? await http.hook("GET", route, authorization: http.adminAuthorization) else {
            return false
        }
        return answer["name"]?.stringValue != nil
    }
}
