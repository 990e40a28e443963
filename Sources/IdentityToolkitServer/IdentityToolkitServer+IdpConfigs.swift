import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth

/// `…/v2/projects/{p}[/tenants/{t}]/defaultSupportedIdpConfigs[/{idpId}]`: the path of a built-in provider's
/// configuration, with the provider it names (in the path, or `?idpId=` on a create).
struct IdpConfigScope {
    let projectID: String
    let tenant: String?
    let idpID: String?

    init?(path: String, query: [URLQueryItem]) {
        guard let scoped = ProjectPath(path, below: "/identitytoolkit.googleapis.com/v2/projects/"),
            scoped.rest.first == "defaultSupportedIdpConfigs", scoped.rest.count <= 2
        else { return nil }
        (projectID, tenant) = (scoped.projectID, scoped.tenant)
        idpID = scoped.rest.count == 2 ? scoped.rest[1] : query.first { $0.name == "idpId" }?.value
    }
}

/// Pointing a project (or tenant) at its identity providers, as a vendor configures its backend with its providers'
/// settings. The call is production's (Identity Platform `projects.defaultSupportedIdpConfigs`: `POST
/// …/defaultSupportedIdpConfigs?idpId=github.com` or `PATCH …/defaultSupportedIdpConfigs/apple.com`, with `enabled`,
/// `clientId`, `clientSecret`, as the administrator: `Authorization: Bearer owner`, the emulator's admin token).
/// `enabled: false` turns the provider off for the project, so that sign-in with it fails with
/// `OPERATION_NOT_ALLOWED` before any request reaches the provider (OAUTH-10); like any change of a project's
/// configuration, it starts the project afresh.
///
/// One field is the suite's convention, not production's: `providerEndpoints`, the base URL the provider's hosts are
/// reached under (``ProviderEndpointTransport``: `{providerEndpoints}/github.com/login/oauth/access_token`,
/// `{providerEndpoints}/appleid.apple.com/auth/keys`, …), where the suite serves the check's GitHub and Apple on
/// loopback. Production reaches the real providers; a server that wants the OAUTH and APPLE rules judged over HTTP
/// takes this field (or is pointed at the endpoints some other way) and calls the providers there.
///
/// The served reference keeps its standard apps (`OAuthProviderSettings.github`, `AppleSignInSettings.standard`, the
/// apps each check registers with its world): a `clientId` or `clientSecret` other than theirs is refused by name.
extension IdentityToolkitServer {
    static let providerIDs: Set<String> = [ProviderID.github, ProviderID.apple]

    func configureIdp(_ request: HTTPRequest, _ scope: IdpConfigScope) async -> HTTPResponse {
        guard request.header("Authorization")?.lowercased() == "bearer owner" else {
            return Self.failure(
                401, "Request is missing required authentication credential: Authorization: Bearer owner",
                status: "UNAUTHENTICATED")
        }
        guard let idpID = scope.idpID, Self.providerIDs.contains(idpID) else {
            return Self.invalidArgument(
                """
                INVALID_PROVIDER_ID : the served reference configures \(Self.providerIDs.sorted()), not \
                \(scope.idpID ?? "none")
                """)
        }
        let key = request.queryItems.first { $0.name == "key" }?.value
        var project = project(forAPIKey: key, projectID: scope.projectID, tenant: scope.tenant)
        var settings = project.backend.configuration
        let body = FixtureValue.body(request.body, contentType: "application/json") ?? .object([:])
        let clientID = idpID == ProviderID.apple ? settings.apple.clientID : settings.oauthProviders[idpID]?.clientID
        let secret = idpID == ProviderID.apple ? nil : settings.oauthProviders[idpID]?.clientSecret
        if let asked = body["clientId"]?.stringValue, asked != clientID {
            return Self.invalidArgument(
                "INVALID_CONFIG : clientId \(asked): the served reference keeps \(clientID ?? "none") for \(idpID)")
        }
        if let asked = body["clientSecret"]?.stringValue, secret != nil, asked != secret {
            return Self.invalidArgument(
                "INVALID_CONFIG : clientSecret: the served reference keeps its own for \(idpID)")
        }
        if request.method != "GET", let enabled = body["enabled"] {
            guard case .bool(let enabled) = enabled else {
                return Self.invalidArgument("INVALID_CONFIG : enabled must be true or false")
            }
            // A provider turned on or off is a change of the project's configuration: like the config API's, it
            // starts the project afresh, still pointed where it was (and then wherever this call points it).
            let pointed = project.providerEndpoints
            var updated = settings
            if idpID == ProviderID.apple {
                updated.apple.isEnabled = enabled
            } else {
                updated.oauthProviders[idpID]?.isEnabled = enabled
            }
            reconfigure(forAPIKey: key, projectID: scope.projectID, tenant: scope.tenant, to: updated)
            let fresh = self.project(forAPIKey: key, projectID: scope.projectID, tenant: scope.tenant)
            if fresh !== project, let pointed {
                fresh.pointAtProviders(pointed)
                await fresh.backend.reachProviders(through: pointed.transport)
            }
            project = fresh
            settings = project.backend.configuration
        }
        if request.method != "GET" {
            switch body["providerEndpoints"] {
            case nil: break
            case .some(.null):
                project.pointAtProviders(nil)
                await project.backend.reachProviders(through: nil)
            case .some(let value):
                guard let text = value.stringValue, let base = URL(string: text), base.scheme?.hasPrefix("http") == true
                else { return Self.invalidArgument("INVALID_CONFIG : providerEndpoints must be an http(s) URL") }
                let transport = ProviderEndpointTransport(base: base, client: providerConnections)
                project.pointAtProviders(transport)
                await project.backend.reachProviders(through: transport.transport)
            }
        }
        let name =
            "projects/\(scope.projectID)" + (scope.tenant.map { "/tenants/\($0)" } ?? "")
            + "/defaultSupportedIdpConfigs/\(idpID)"
        var answer: [String: FixtureValue] = [
            "name": .string(name),
            "enabled": .bool(
                idpID == ProviderID.apple
                    ? settings.apple.isEnabled : settings.oauthProviders[idpID]?.isEnabled ?? false),
            "clientId": .string(clientID ?? ""),
        ]
        answer["providerEndpoints"] = project.providerEndpoints.map { .string($0.base.absoluteString) }
        return Self.json(.object(answer))
    }
}
