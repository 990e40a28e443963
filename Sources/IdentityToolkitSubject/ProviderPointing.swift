import ConformanceKit
import Foundation
import MockIdP

/// Points the server's project (or the check's tenant) at the check's providers before the check's first client:
/// the providers served by the configured ``ProviderEndpointsHost``, then, for each provider, production's
/// configuration call (`…/v2/projects/{p}[/tenants/{t}]/defaultSupportedIdpConfigs/{idpId}`, as the administrator)
/// carrying the suite's `providerEndpoints` field (see ``ProviderEndpointsHost`` for the layout).
enum ProviderPointing {
    static let providers = [ProviderID.apple, ProviderID.github]

    static func point(
        _ http: IdentityToolkitHTTP, projectID: String, world: World, at host: any ProviderEndpointsHost
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
                    .object(["enabled": .bool(true), "providerEndpoints": .string(base.absoluteString)]),
                    authorization: "Bearer owner")
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
}

extension Capabilities {
    /// The flows a server reaches the check's providers for: Sign in with Apple (the APPLE rules). Apple's tokens are
    /// then judged on the server's clock, real time, so the world's Apple keeps real time.
    mutating func addProviderFlows() {
        flows.insert(.apple)
        verifiesAppleTokensOnSystemClock = true
    }
}
