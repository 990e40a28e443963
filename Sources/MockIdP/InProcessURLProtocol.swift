import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers from an HTTP-shaped party in process, without sockets and without waiting in
/// real time. A subclass says which requests it takes (`canInit(with:)`) and who answers one (`responder(for:)`).
open class InProcessURLProtocol: URLProtocol {
    /// An in-process party's answer to a request.
    public typealias Responder = @Sendable (HTTPRequest) async -> HTTPResponse

    private let loading = URLProtocolLoading()

    /// Who answers `request`, and the request as it reaches them; nil fails it with `cannotConnectToHost`.
    open func responder(for request: URLRequest) -> (Responder, HTTPRequest)? { nil }

    override open class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override open func startLoading() {
        guard let url = request.url, let (responder, forwarded) = responder(for: request) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let loader = Unchecked(value: self)
        loading.started(
            Task {
                let response = await responder(forwarded)
                loader.value.loading.deliver { loader.value.deliver(response, for: url) }
            })
    }

    override open func stopLoading() { loading.stop() }

    private func deliver(_ response: HTTPResponse, for url: URL) {
        guard
            let answer = HTTPURLResponse(
                url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
            return
        }
        client?.urlProtocol(self, didReceive: answer, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: response.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    /// `request` as an `HTTPRequest`, its body read from the stream the loading system may have put it in.
    public static func httpRequest(
        _ request: URLRequest, url: URL, droppingHeader dropped: String? = nil
    ) -> HTTPRequest {
        var headers = request.allHTTPHeaderFields ?? [:]
        if let dropped { headers[dropped] = nil }
        return HTTPRequest(method: request.httpMethod ?? "GET", url: url, headers: headers, body: body(of: request))
    }

    private static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return Data() }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}

extension URLProtocol {
    /// The value of the header `name` that the session's configuration adds to its requests
    /// (`httpAdditionalHeaders`): from the request when the loading system merged the configuration's headers into
    /// it, else from the session's configuration. swift-corelibs-foundation merges them only below the protocol layer
    /// and keeps a task's session internal, so it is read by reflection there.
    package func sessionHeader(_ name: String) -> String? {
        if let value = request.value(forHTTPHeaderField: name) { return value }
        guard let task else { return nil }
        var mirror: Mirror? = Mirror(reflecting: task)
        while let current = mirror {
            if let session = current.children.first(where: { $0.label == "session" })?.value as? URLSession {
                return session.configuration.httpAdditionalHeaders?[name] as? String
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}

/// URLProtocol is not Sendable, but the loading system accepts a protocol's calls to its client from any
/// thread, and the protocol's own state is behind a mutex.
struct Unchecked<Value>: @unchecked Sendable { let value: Value }
