import Foundation
import MockIdP
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that hands requests for an ``IdentityToolkitServer``'s host to that server in process,
/// without sockets and without waiting in real time.
final class IdentityToolkitURLProtocol: URLProtocol {
    private let loading = Mutex<Task<Void, Never>?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.lowercased().hasSuffix(IdentityToolkitServerRegistry.hostSuffix) ?? false
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let request = request
        guard let url = request.url, let server = IdentityToolkitServerRegistry.server(at: url.host?.lowercased() ?? "") else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let forwarded = HTTPRequest(method: request.httpMethod ?? "GET", url: url, headers: request.allHTTPHeaderFields ?? [:], body: Self.body(of: request))
        let loader = UncheckedProtocol(value: self)
        let task = Task {
            let response = await server.handle(forwarded)
            guard !Task.isCancelled else { return }
            loader.value.deliver(response, for: url)
        }
        loading.withLock { $0 = task }
    }

    override func stopLoading() {
        loading.withLock { $0?.cancel() }
    }

    private func deliver(_ response: HTTPResponse, for url: URL) {
        guard let answer = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers) else {
            client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
            return
        }
        client?.urlProtocol(self, didReceive: answer, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: response.body)
        client?.urlProtocolDidFinishLoading(self)
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

/// URLProtocol is not Sendable, but the loading system accepts a protocol's calls to its client from any
/// thread, and the protocol's own state is behind a mutex.
private struct UncheckedProtocol: @unchecked Sendable {
    let value: IdentityToolkitURLProtocol
}
