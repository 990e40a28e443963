import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The worlds a `URLSessionBridge` may route to, held weakly and keyed by the identifier each world's
/// session configuration carries: the only process-wide state the bridge needs.
enum WorldRegistry {
    private struct Entry { weak var world: World? }

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

/// A `URLProtocol` that answers requests for the world's hosts (`github.com`, `api.github.com`, `appleid.apple.com`)
/// from the
/// in-process parties, so a subject that uses `URLSession` reaches them unchanged. It finds its world through
/// the header ``worldHeader`` that ``World/urlSessionConfiguration()`` adds to every request of the session,
/// and hands the request over without waiting in real time.
public final class URLSessionBridge: InProcessURLProtocol {
    public static let worldHeader = "X-MockIdP-World"

    override public class func canInit(with request: URLRequest) -> Bool {
        guard let host = request.url?.host?.lowercased() else { return false }
        return GitHubServer.hosts.contains(host) || AppleIDProvider.hosts.contains(host)
    }

    override public func responder(for request: URLRequest) -> (Responder, HTTPRequest)? {
        guard let url = request.url, let key = worldKey, let world = WorldRegistry.world(for: key) else { return nil }
        let forwarded = Self.httpRequest(request, url: url, droppingHeader: Self.worldHeader)
        if AppleIDProvider.hosts.contains(url.host?.lowercased() ?? "") {
            return ({ await world.apple.handle($0) }, forwarded)
        }
        return ({ await world.github.handle($0) }, forwarded)
    }

    /// The world's key, from the session's headers (``InProcessURLProtocol/sessionHeader(_:)``).
    private var worldKey: String? { sessionHeader(Self.worldHeader) }
}

extension World {
    /// A configuration whose sessions reach this world's parties instead of the network.
    public func urlSessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [URLSessionBridge.self] + (configuration.protocolClasses ?? [])
        configuration.httpAdditionalHeaders = (configuration.httpAdditionalHeaders ?? [:]).merging([
            URLSessionBridge.worldHeader: WorldRegistry.key(for: self)
        ]) { $1 }
        return configuration
    }
}
