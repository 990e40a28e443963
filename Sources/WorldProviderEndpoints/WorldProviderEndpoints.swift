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

/// The worlds served, held weakly, each under the key its checks' URLs carry. A world's key is found by its identity,
/// and the entries of worlds gone are dropped once they could be half of them: a run asks once per check, and looking
/// through every entry each time grew with the run.
private final class Worlds: Sendable {
    private struct Entry { weak var world: World? }

    private struct State {
        var next = 0
        var byKey: [String: Entry] = [:]
        var keyByWorld: [ObjectIdentifier: String] = [:]
        /// How many entries there may be before those of worlds gone are dropped.
        var pruneAt = 64
    }

    private let state = Mutex(State())

    func key(for world: World) -> String {
        state.withLock { state in
            // An identity is reused once its world is gone: the key is the world's only while its entry holds it.
            if let key = state.keyByWorld[ObjectIdentifier(world)], state.byKey[key]?.world === world { return key }
            if state.byKey.count >= state.pruneAt {
                state.byKey = state.byKey.filter { $0.value.world != nil }
                state.keyByWorld = state.keyByWorld.filter { state.byKey[$0.value] != nil }
                state.pruneAt = max(64, 2 * state.byKey.count)
            }
            state.next += 1
            let key = "check-\(state.next)"
            state.byKey[key] = Entry(world: world)
            state.keyByWorld[ObjectIdentifier(world)] = key
            return key
        }
    }

    func world(for key: String) -> World? { state.withLock { $0.byKey[key]?.world } }
}
