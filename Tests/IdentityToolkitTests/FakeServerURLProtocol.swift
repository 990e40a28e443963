import Foundation
import MockIdP
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes the requests for a test's fake server to its handler, in process: each fake registers a handler and gets a
/// host of its own under `.fake-server.invalid`.
final class FakeServerURLProtocol: InProcessURLProtocol {
    static let hostSuffix = ".fake-server.invalid"
    private static let handlers = Mutex<[String: Responder]>([:])

    /// A base URL whose requests `handler` answers; `name` is part of its host, for failure messages.
    static func register(_ name: String, _ handler: @escaping Responder) -> URL {
        let host = "\(name)-\(UUID().uuidString.lowercased())\(hostSuffix)"
        handlers.withLock { $0[host] = handler }
        return URL(string: "http://\(host)")!
    }

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.lowercased().hasSuffix(hostSuffix) ?? false
    }

    override func responder(for request: URLRequest) -> (Responder, HTTPRequest)? {
        guard let url = request.url, let handler = Self.handlers.withLock({ $0[url.host?.lowercased() ?? ""] }) else {
            return nil
        }
        return (handler, Self.httpRequest(request, url: url))
    }
}
