import ConformanceKit
import Foundation
import MockIdP

/// Points the server's project (or the check's tenant) at the check's providers, served by the configured
/// ``ProviderEndpointsHost``: for each provider, production's configuration call
/// (`…/v2/projects/{p}[/tenants/{t}]/defaultSupportedIdpConfigs/{idpId}`, as the administrator) carrying the suite's
/// `providerEndpoints` field (see ``ProviderEndpointsHost`` for the layout) and whether the check's project enables the
/// provider (`enabled`, production's field: OAUTH-10 disables GitHub).
///
/// When the backend has a project or tenant of its own (a new one has every provider on), the check's project keeps
/// every provider on and the suite's own client is in front of the server, the calls wait for the check's first call
/// that reaches a provider (``SDKEndpoint/reachesProviders``, through ``DeferredPointing``): most checks never reach
/// one, and two calls per backend were a tenth of a run's requests. Turning a provider on or off starts a
/// served project afresh, so a project that turns one off is pointed before the check's first client, as is the
/// project the checks share (the last check may have turned one off) and the server behind a vendor's client, whose
/// calls the subject does not see.
struct ProviderPointing: Sendable {
    static let providers = [ProviderID.apple, ProviderID.github]

    let http: IdentityToolkitHTTP
    let projectID: String
    let project: ProjectConfiguration
    /// Where the check's providers are served.
    let base: URL

    /// Where `host` serves `world`'s providers.
    static func endpoints(at host: any ProviderEndpointsHost, for world: World) async throws(ConfigurationError) -> URL
    {
        do { return try await host.endpoints(for: world) } catch {
            throw .unsupported(field: "providers", reason: "the check's GitHub and Apple could not be served: \(error)")
        }
    }

    /// One configuration call per provider.
    func point() async throws(AuthError) {
        let scope = "v2/projects/\(projectID)" + (http.tenantID.map { "/tenants/\($0)" } ?? "")
        for provider in Self.providers {
            do {
                _ = try await http.post(
                    "\(scope)/defaultSupportedIdpConfigs/\(provider)",
                    .object([
                        "enabled": .bool(Self.isEnabled(provider, in: project)),
                        "providerEndpoints": .string(base.absoluteString),
                    ]), authorization: http.adminAuthorization)
            } catch {
                throw AuthError(
                    error.code,
                    "the server could not be pointed at the check's \(provider) at \(base.absoluteString): \(error)")
            }
        }
    }

    /// Whether the pointing of a new project or tenant may wait for the first call that reaches a provider: it changes
    /// nothing on the server but where the providers are reached (`project` keeps them all on, as a new one has them).
    static func mayWait(for project: ProjectConfiguration) -> Bool {
        providers.allSatisfy { isEnabled($0, in: project) }
    }

    /// Whether the server takes the pointing call (the preflight's question; the Auth Emulator does not implement it):
    /// the call itself for the project's GitHub, pointing it at nobody (`"providerEndpoints": null`, no `enabled`, so
    /// nothing else changes), answered with success. It is the call a server that follows the convention implements.
    static func isOffered(projectID: String, over http: IdentityToolkitHTTP) async -> Bool {
        let call = "v2/projects/\(projectID)/defaultSupportedIdpConfigs/\(ProviderID.github)"
        return
            (try? await http.post(call, .object(["providerEndpoints": .null]), authorization: http.adminAuthorization))
            != nil
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

/// A backend's ``ProviderPointing`` made once, before the first call that reaches a provider; calls at once wait for
/// the same pointing, and a failed pointing fails every call that needed it. A class: the pointing holds the HTTP
/// client that holds it.
final class DeferredPointing: Sendable {
    private let pointing: ProviderPointing
    private let done = Once<AuthError?>()

    init(_ pointing: ProviderPointing) { self.pointing = pointing }

    func ensure() async throws(AuthError) {
        let pointing = pointing
        let failure = await done.value {
            do throws(AuthError) {
                try await pointing.point()
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
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
