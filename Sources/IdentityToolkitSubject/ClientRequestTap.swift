import ConformanceKit
import Foundation
import MockIdP
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `sendOobCode` requests a vendor's client sends, as it sent them: where the mails come from the administrator's
/// link route (``IdentityToolkitConfiguration/mailsFromAdminLinks``), the route is asked with the client's own
/// request, every field it sent and no other: a link the route made from fields of the suite's would judge a request
/// no one made (the Android fields a client sends missing from it, a `linkDomain` a client cannot send present).
///
/// The sessions the client is given (``IdentityToolkitClientContext/makeSessionConfiguration``) carry
/// ``ClientRequestTap`` first: it takes the client's `getOobConfirmationCode` and `accounts:sendOobCode` requests,
/// keeps each body here, and carries the request to the server through the subject's own transport, unchanged.
final class ClientRequests: Sendable {
    private let http: IdentityToolkitHTTP
    private let sent = Mutex<[FixtureValue]>([])
    /// The key the sessions' header names, by which the tap finds these requests.
    let key = UUID().uuidString.lowercased()

    private static let registry = Mutex<[String: WeakClientRequests]>([:])

    init(http: IdentityToolkitHTTP) {
        self.http = http
        Self.registry.withLock { registry in
            registry = registry.filter { $0.value.requests != nil }
            registry[key] = WeakClientRequests(requests: self)
        }
    }

    deinit { Self.registry.withLock { _ = $0.removeValue(forKey: key) } }

    static func requests(for key: String) -> ClientRequests? { registry.withLock { $0[key]?.requests } }

    /// `configuration` with the tap in front, for this backend's clients.
    func tapping(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        configuration.protocolClasses = [ClientRequestTap.self] + (configuration.protocolClasses ?? [])
        configuration.httpAdditionalHeaders = (configuration.httpAdditionalHeaders ?? [:]).merging([
            ClientRequestTap.header: key
        ]) { $1 }
        return configuration
    }

    /// The last request of `requestType` the client sent (for `email`, when the request names one), taken: a request
    /// is asked for once.
    func take(_ requestType: String, email: String? = nil) -> FixtureValue? {
        sent.withLock { sent in
            guard
                let index = sent.lastIndex(where: { request in
                    request["requestType"]?.stringValue == requestType
                        && (email == nil || request["email"]?.stringValue?.lowercased() == email?.lowercased())
                })
            else { return nil }
            return sent.remove(at: index)
        }
    }

    /// Keeps the request's body and carries it to the server.
    func carry(_ request: HTTPRequest) async -> HTTPResponse {
        if let body = FixtureValue.decoding(request.body) { sent.withLock { $0.append(body) } }
        var forwarded = URLRequest(url: request.url)
        forwarded.httpMethod = request.method
        for (name, value) in request.headers { forwarded.setValue(value, forHTTPHeaderField: name) }
        forwarded.httpBody = request.body
        forwarded.timeoutInterval = max(1, http.timeout.seconds)
        do {
            let answer = try await http.transport.send(forwarded)
            return HTTPResponse(
                status: answer.status, headers: ["Content-Type": "application/json; charset=UTF-8"], body: answer.body)
        } catch {
            return HTTPResponse(
                status: 502, headers: ["Content-Type": "text/plain"],
                body: Data("the suite could not carry the request to the server: \(error)".utf8))
        }
    }
}

private struct WeakClientRequests: Sendable { weak var requests: ClientRequests? }

/// Takes a vendor's client's `sendOobCode` requests for ``ClientRequests``.
final class ClientRequestTap: InProcessURLProtocol {
    static let header = "X-Conformance-Client-Requests"

    override class func canInit(with request: URLRequest) -> Bool {
        guard let path = request.url?.path else { return false }
        return path.hasSuffix("/getOobConfirmationCode") || path.hasSuffix("/accounts:sendOobCode")
    }

    override func responder(for request: URLRequest) -> (Responder, HTTPRequest)? {
        guard let url = request.url, let key = sessionHeader(Self.header),
            let requests = ClientRequests.requests(for: key)
        else { return nil }
        return ({ await requests.carry($0) }, Self.httpRequest(request, url: url, droppingHeader: Self.header))
    }
}
