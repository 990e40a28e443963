import Foundation
import IdentityToolkitServer
import MockIdP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small third-party backend as one was found: email and password only (`accounts:signUp`,
/// `signInWithPassword`, `lookup`, `update`, `delete`, the token refresh, the administrator's
/// `projects/{p}/accounts:*`), at production's paths at its root (`/v1/accounts:*`, `/v1/token`), with no outbox, no
/// time control and no other flow: every other path is a 404. Its answers are the in-process reference server's, so
/// whatever it is judged on passes.
final class PasswordOnlyServer: Sendable {
    let server: IdentityToolkitServer
    let baseURL: URL

    init() {
        let server = IdentityToolkitServer()
        self.server = server
        baseURL = FakeServerURLProtocol.register("password-only") { request in
            await Self.handle(request, forwardingTo: server)
        }
    }

    /// The calls it has, by production path, and the emulator-layout path of the same call on the reference server.
    static let routes: [String: String] = Dictionary(
        uniqueKeysWithValues: ["signUp", "signInWithPassword", "lookup", "update", "delete"].map {
            ("/v1/accounts:\($0)", "/identitytoolkit.googleapis.com/v1/accounts:\($0)")
        } + [("/v1/token", "/securetoken.googleapis.com/v1/token")])

    func sessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [FakeServerURLProtocol.self] + (configuration.protocolClasses ?? [])
        return configuration
    }

    static func handle(_ request: HTTPRequest, forwardingTo server: IdentityToolkitServer) async -> HTTPResponse {
        let path = request.url.path
        // The administrator's calls (`/v1/projects/{project}/accounts:update`, as Firebase Admin sends them) as well.
        let admin = path.hasPrefix("/v1/projects/") ? "/identitytoolkit.googleapis.com" + path : nil
        let forwarded = Self.routes[path] ?? admin ?? (path == IdentityToolkitServer.publishedKeysPath ? path : nil)
        guard let forwarded else {
            return HTTPResponse(
                status: 404, headers: ["Content-Type": "text/plain"],
                body: Data("Cannot \(request.method) \(path)".utf8))
        }
        return await server.answer(request, at: forwarded)
    }
}
