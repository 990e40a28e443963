import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth

/// The HTTP subject pointed at an in-process Identity Toolkit server built on ReferenceAuth, taking the key set the
/// server publishes by default. Its requests reach the server's handler directly (`answersInProcess`); the session
/// configuration's `URLProtocol` bridge, the public way in, stays for everything else (a vendor's client, and the
/// suites that build their configuration themselves). With `timeControl`, the subject drives the server's clock, as
/// the preflight lets it (the checks that need time to pass are judged); without, the preflight may still find it.
package func httpSubject(
    defects: Set<Defect> = [], variations: Set<Variation> = [],
    isolation: IdentityToolkitConfiguration.Isolation = .projectPerCheck,
    providerEndpoints: (any ProviderEndpointsHost)? = nil, timeControl: Bool = false
) -> (IdentityToolkitSubject, IdentityToolkitServer) {
    let server = IdentityToolkitServer(
        reference: ReferenceSubject(defects: defects, variations: variations),
        defaultProjectID: ProjectConfiguration.standard.projectID)
    var configuration = IdentityToolkitConfiguration(
        baseURL: server.baseURL, projectID: server.defaultProjectID, apiKey: "any-key", isolation: isolation,
        newProject: { server.newProject($0) }, makeSessionConfiguration: { server.urlSessionConfiguration() },
        name: "\(server.name) over HTTP")
    configuration.providerEndpoints = providerEndpoints
    if timeControl { configuration.timeControl = true }
    configuration.answersInProcess = { await server.handle($0) }
    return (IdentityToolkitSubject(configuration), server)
}
