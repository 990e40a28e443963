import Foundation
import MockIdP
import ReferenceAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that hands requests for an ``IdentityToolkitServer``'s host to that server in process,
/// without sockets and without waiting in real time.
final class IdentityToolkitURLProtocol: InProcessURLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.lowercased().hasSuffix(IdentityToolkitServerRegistry.hostSuffix) ?? false
    }

    override func responder(for request: URLRequest) -> (Responder, HTTPRequest)? {
        guard let url = request.url, let server = IdentityToolkitServerRegistry.server(at: url.host?.lowercased() ?? "")
        else { return nil }
        return ({ await server.handle($0) }, Self.httpRequest(request, url: url))
    }
}
