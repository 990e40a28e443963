import ConformanceKit
import Foundation
import HTTPMessages
import IdentityToolkitSubject
import LoopbackHTTP
import MockIdP
import Synchronization

/// The checks' identity providers served on loopback for a run: one listener on `127.0.0.1` (and `::1`), and below it
/// one path prefix per check's world, `/check-{n}`, under which `/{host}{path}` reaches that world's party for `host`
/// (GitHub's `github.com` and `api.github.com`: authorize, token, user, emails; Apple's `appleid.apple.com`: key
/// set, token, revoke), answered as the party answers in process (its `handle`). Worlds are held weakly: when a
/// check's world is gone, its prefix answers 404, so nothing needs stopping per check.
///
/// The package's `conformance` command and its tests give it to the HTTP subject (``ProviderEndpointsHost``);
/// SwiftNIO stays out of what vendors link.
public final class WorldProviderEndpoints: ProviderEndpointsHost {
    private let server: LoopbackHTTPServer
    private let worlds: Worlds

    /// Starts listening on a port the system picks.
    public init() throws(LoopbackHTTPServer.StartError) {
        let worlds = Worlds()
        self.worlds = worlds
        server = try LoopbackHTTPServer(
            port: 0, handler: { await Self.answer($0, worlds: worlds) },
            rejection: { status, message in .json(status, ["message": message]) })
    }

    /// The port the endpoints listen on.
    public var port: UInt16 { server.port }

    public func endpoints(for world: World) async throws(AuthError) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)/\(worlds.key(for: world))")!
    }

    /// Stops listening and closes every connection.
    public func stop() { server.stop() }

    /// `/{key}/{host}{path}?{query}` answered by the world of `key`, as its party answers
    /// `https://{host}{path}?{query}`.
    private static func answer(_ request: HTTPRequest, worlds: Worlds) async -> HTTPResponse {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? request.url.path
        let parts = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty, let world = worlds.world(for: String(parts[1])) else {
            return .json(404, ["message": "no check's providers at \(path)"])
        }
        let rest = parts[2]
        let host = rest.prefix { $0 != "/" }.lowercased()
        var provider = URLComponents()
        provider.scheme = "https"
        provider.host = host
        provider.percentEncodedPath = String(rest.dropFirst(host.count))
        provider.percentEncodedQuery = components?.percentEncodedQuery
        guard let url = provider.url else { return .json(404, ["message": "not a provider's URL: \(path)"]) }
        var forwarded = request
        forwarded.url = url
        if AppleIDProvider.hosts.contains(host) { return await world.apple.handle(forwarded) }
        if GitHubServer.hosts.contains(host) { return await world.github.handle(forwarded) }
        return .json(404, ["message": "no provider answers at \(host)"])
    }
}

/// The worlds served, held weakly, each under the key its checks' URLs carry.
private final class Worlds: Sendable {
    private struct Entry { weak var world: World? }

    private let entries = Mutex<(next: Int, byKey: [String: Entry])>((0, [:]))

    func key(for world: World) -> String {
        entries.withLock { entries in
            entries.byKey = entries.byKey.filter { $0.value.world != nil }
            if let existing = entries.byKey.first(where: { $0.value.world === world }) { return existing.key }
            entries.next += 1
            let key = "check-\(entries.next)"
            entries.byKey[key] = Entry(world: world)
            return key
        }
    }

    func world(for key: String) -> World? { entries.withLock { $0.byKey[key]?.world } }
}
