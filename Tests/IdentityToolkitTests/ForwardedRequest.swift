import Foundation
import IdentityToolkitServer
import MockIdP

extension IdentityToolkitServer {
    /// `request` answered by this server at `path` (the request's own path by default), its query kept: how the
    /// tests' fake servers put a layout of their own in front of the reference server.
    func answer(_ request: HTTPRequest, at path: String? = nil) async -> HTTPResponse {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        components?.percentEncodedPath = path ?? request.url.path
        components?.percentEncodedQuery = request.url.query
        var inner = request
        inner.url = components?.url ?? baseURL
        return await handle(inner)
    }
}
