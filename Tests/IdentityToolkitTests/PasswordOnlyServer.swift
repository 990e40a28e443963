import Foundation
import IdentityToolkitServer
import MockIdP
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small third-party backend as issue 30 found one: email and password only (`accounts:signUp`,
/// `signInWithPassword`, `lookup`, `update`, `delete`, the token refresh), at production's paths at its root
/// (`/v1/accounts:*`, `/v1/token`), with no outbox, no time control and no other flow: every other path is a 404. Its
/// answers are the in-process reference server's, so whatever it is judged on passes.
final class PasswordOnlyServer: Sendable {
    let server = IdentityToolkitServer()
    let baseURL: URL

    init() {
        baseURL = URL(
            string: "http://password-only-\(UUID().uuidString.lowercased())\(PasswordOnlyURLProtocol.hostSuffix)")!
        PasswordOnlyURLProtocol.register(self, at: baseURL.host ?? "")
    }

    /// The calls it has, by production path, and the emulator-layout path of the same call on the reference server.
    static let routes: [String: String] = Dictionary(
        uniqueKeysWithValues: ["signUp", "signInWithPassword", "lookup", "update", "delete"].map {
            ("/v1/accounts:\($0)", "/identitytoolkit.googleapis.com/v1/accounts:\($0)")
        } + [("/v1/token", "/securetoken.googleapis.com/v1/token")])

    func sessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [PasswordOnlyURLProtocol.self] + (configuration.protocolClasses ?? [])
        return configuration
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let path = request.url.path
        let forwarded = Self.routes[path] ?? (path == IdentityToolkitServer.publishedKeysPath ? path : nil)
        guard let forwarded, var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false) else {
            return HTTPResponse(
                status: 404, headers: ["Content-Type": "text/plain"],
                body: Data("Cannot \(request.method) \(path)".utf8))
        }
        components.percentEncodedPath = forwarded
        components.percentEncodedQuery = request.url.query
        var inner = request
        inner.url = components.url ?? server.baseURL
        return await server.handle(inner)
    }
}

/// Routes the requests for a ``PasswordOnlyServer``'s host to it, in process.
final class PasswordOnlyURLProtocol: InProcessURLProtocol {
    static let hostSuffix = ".password-only.invalid"
    private static let servers = Mutex<[String: PasswordOnlyServer]>([:])

    static func register(_ server: PasswordOnlyServer, at host: String) { servers.withLock { $0[host] = server } }

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.lowercased().hasSuffix(hostSuffix) ?? false
    }

    override func responder(for request: URLRequest) -> (Responder, HTTPRequest)? {
        guard let url = request.url, let server = Self.servers.withLock({ $0[url.host?.lowercased() ?? ""] }) else {
            return nil
        }
        return ({ await server.handle($0) }, Self.httpRequest(request, url: url))
    }
}
