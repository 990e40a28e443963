import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The worlds a `URLSessionBridge` may route to, held weakly and keyed by the identifier each world's
/// session configuration carries: the only process-wide state the bridge needs.
enum WorldRegistry {
    private struct Entry {
        weak var world: World?
    }

    private static let entries = Mutex<(next: Int, byKey: [String: Entry])>((0, [:]))

    static func key(for world: World) -> String {
        entries.withLock { entries in
            entries.byKey = entries.byKey.filter { $0.value.world != nil }
            if let existing = entries.byKey.first(where: { $0.value.world === world }) { return existing.key }
            entries.next += 1
            let key = "world-\(entries.next)"
            entries.byKey[key] = Entry(world: world)
            return key
        }
    }

    static func world(for key: String) -> World? { entries.withLock { $0.byKey[key]?.world } }
}

/// A `URLProtocol` that answers requests for the world's hosts (`github.com`, `api.github.com`, `appleid.apple.com`) from the
/// in-process parties, so a subject that uses `URLSession` reaches them unchanged. It finds its world through
/// the header ``worldHeader`` that ``World/urlSessionConfiguration()`` adds to every request of the session,
/// and hands the request over without waiting in real time.
public final class URLSessionBridge: URLProtocol {
    public static let worldHeader = "X-MockIdP-World"

    private let loading = Mutex<Task<Void, Never>?>(nil)

    override public class func canInit(with request: URLRequest) -> Bool {
        guard let host = request.url?.host?.lowercased() else { return false }
        return GitHubServer.hosts.contains(host) || AppleIDProvider.hosts.contains(host)
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override public func startLoading() {
        let request = request
        guard let url = request.url, let key = worldKey, let world = WorldRegistry.world(for: key) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        var headers = request.allHTTPHeaderFields ?? [:]
        headers[Self.worldHeader] = nil
        let forwarded = HTTPRequest(method: request.httpMethod ?? "GET", url: url, headers: headers, body: Self.body(of: request))
        let bridge = Unchecked(value: self)
        let task = Task {
            let isApple = AppleIDProvider.hosts.contains(url.host?.lowercased() ?? "")
            let response = isApple ? await world.apple.handle(forwarded) : await world.github.handle(forwarded)
            guard !Task.isCancelled else { return }
            bridge.value.deliver(response, for: url)
        }
        loading.withLock { $0 = task }
    }

    /// The world's key: from the request when the loading system merged the configuration's headers into it,
    /// else from the session's configuration. swift-corelibs-foundation merges them only below the protocol
    /// layer and keeps a task's session internal, so the bridge reads it by reflection there.
    private var worldKey: String? {
        if let key = request.value(forHTTPHeaderField: Self.worldHeader) { return key }
        guard let task else { return nil }
        var mirror: Mirror? = Mirror(reflecting: task)
        while let current = mirror {
            if let session = current.children.first(where: { $0.label == "session" })?.value as? URLSession {
                return session.configuration.httpAdditionalHeaders?[Self.worldHeader] as? String
            }
            mirror = current.superclassMirror
        }
        return nil
    }

    override public func stopLoading() {
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
/// thread, and the bridge's own state is behind a mutex.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

extension World {
    /// A configuration whose sessions reach this world's parties instead of the network.
    public func urlSessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [URLSessionBridge.self] + (configuration.protocolClasses ?? [])
        configuration.httpAdditionalHeaders = (configuration.httpAdditionalHeaders ?? [:]).merging(
            [URLSessionBridge.worldHeader: WorldRegistry.key(for: self)]) { $1 }
        return configuration
    }
}
