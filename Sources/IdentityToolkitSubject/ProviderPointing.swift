import ConformanceKit
import Foundation
import MockIdP

/// Points the server's project (or the check's tenant) at the check's providers before the check's first client:
/// the providers served by the configured ``ProviderEndpointsHost``, then, for each provider, production's
/// configuration call (`…/v2/projects/{p}[/tenants/{t}]/defaultSupportedIdpConfigs/{idpId}`, as the administrator)
/// carrying the suite's `providerEndpoints` field (see ``ProviderEndpointsHost`` for the layout) and whether the
/// check's project enables the provider (`enabled`, production's field: OAUTH-10 disables GitHub).
enum ProviderPointing {
    static let providers = [ProviderID.apple, ProviderID.github]

    static func point(
        _ http: IdentityToolkitHTTP, projectID: String, project: ProjectConfiguration, world: World,
        at host: any ProviderEndpointsHost
    ) async throws(ConfigurationError) -> URL {
        let base: URL
        do { base = try await host.endpoints(for: world) } catch {
            throw .unsupported(field: "providers", reason: "the check's GitHub and Apple could not be served: \(error)")
        }
        let scope = "v2/projects/\(projectID)" + (http.tenantID.map { "/tenants/\($0)" } ?? "")
        for provider in providers {
            do {
                _ = try await http.post(
                    "\(scope)/defaultSupportedIdpConfigs/\(provider)",
                    .object([
                        "enabled": .bool(isEnabled(provider, in: project)),
                        "providerEndpoints": .string(base.absoluteString),
                    ]), authorization: "Bearer owner")
            } catch {
                throw .unsupported(
                    field: "providers",
                    reason:
                        "the server could not be pointed at the check's \(provider) at \(base.absoluteString): \(error)"
                )
            }
        }
        return base
    }

    /// Whether `project` enables `provider`, as the pointing call sets it.
    static func isEnabled(_ provider: String, in project: ProjectConfiguration) -> Bool {
        provider == ProviderID.apple ? project.apple.isEnabled : project.oauthProviders[provider]?.isEnabled ?? true
    }

    /// `served` with the providers enabled or disabled as `asked` has them: the pointing call sets that.
    static func settable(_ asked: ProjectConfiguration, onto served: ProjectConfiguration) -> ProjectConfiguration {
        var served = served
        served.apple.isEnabled = asked.apple.isEnabled
        for (provider, settings) in asked.oauthProviders where served.oauthProviders[provider] != nil {
            served.oauthProviders[provider]?.isEnabled = settings.isEnabled
        }
        return served
    }
}

extension Capabilities {
    /// The flows a server reaches the check's providers for: Sign in with Apple (the APPLE rules) and generic OAuth
    /// with GitHub (the OAUTH rules). Apple's tokens are then judged on the server's clock, real time, so the world's
    /// Apple keeps real time.
    mutating func addProviderFlows() {
        flows.insert(.apple)
        flows.insert(.oauth)
        verifiesAppleTokensOnSystemClock = true
    }
}
