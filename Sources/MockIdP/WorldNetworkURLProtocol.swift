import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// This configuration with every request of its sessions sent through `world.network` as the app on `device`,
    /// then on as this configuration sends it: the one line that gives a URLSession-based SDK's adapter the seam the
    /// checks of calls in flight need (a check holds a request or its answer there), with
    /// `sendsRequestsThroughWorldNetwork` declared.
    ///
    /// ```swift
    /// let sdk = MyAuth(configuration: context.makeSessionConfiguration().throughWorldNetwork(
    ///     of: context.world, from: context.device))
    /// ```
    public func throughWorldNetwork(of world: World, from device: Device) -> URLSessionConfiguration {
        let onward = URLSession(configuration: self)
        // swift-corelibs-foundation's configuration copies its fields; a copy keeps this one unchanged.
        guard let routed = copy() as? URLSessionConfiguration else { return self }
        routed.protocolClasses = [WorldNetworkURLProtocol.self] + (protocolClasses ?? [])
        routed.httpAdditionalHeaders = (httpAdditionalHeaders ?? [:]).merging([
            WorldNetworkURLProtocol.routeHeader: WorldNetworkRoutes.key(
                for: WorldNetworkRoute(world: world, device: device, onward: onward))
        ]) { $1 }
        return routed
    }
}

/// Where a session routed through the world's network sends its requests: the app on `device` in `world`, then on
/// through `onward`, a session of the configuration it was made from.
struct WorldNetworkRoute: Sendable {
    weak var world: World?
    let device: Device
    let onward: URLSession
}

/// The routes of the sessions made by `throughWorldNetwork(of:from:)`, keyed by the header each session's
/// configuration carries; a route whose world is gone is dropped, and its onward session finished.
enum WorldNetworkRoutes {
    private static let routes = Mutex<(next: Int, byKey: [String: WorldNetworkRoute])>((0, [:]))

    static func key(for route: WorldNetworkRoute) -> String {
        let (key, gone) = routes.withLock { routes in
            let gone = routes.byKey.filter { $0.value.world == nil }
            for key in gone.keys { routes.byKey[key] = nil }
            routes.next += 1
            let key = "route-\(routes.next)"
            routes.byKey[key] = route
            return (key, gone.values.map(\.onward))
        }
        for session in gone { session.finishTasksAndInvalidate() }
        return key
    }

    static func route(for key: String) -> WorldNetworkRoute? { routes.withLock { $0.byKey[key] } }
}

/// Sends each request of a session through the world's network (`world.network.send`, named by its path's last
/// component, `accounts:signInWithPhoneNumber` or `token`), where a check can hold it or its answer, and then on
/// through the session it was routed from.
final class WorldNetworkURLProtocol: URLProtocol {
    static let routeHeader = "X-MockIdP-World-Network"

    private let loading = URLProtocolLoading()

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let key = sessionHeader(Self.routeHeader),
            let route = WorldNetworkRoutes.route(for: key), let world = route.world
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let sent = InProcessURLProtocol.httpRequest(request, url: url, droppingHeader: Self.routeHeader)
        var forwarded = URLRequest(url: url)
        forwarded.httpMethod = sent.method
        for (name, value) in sent.headers { forwarded.setValue(value, forHTTPHeaderField: name) }
        forwarded.httpBody = sent.body
        loading.started(
            Self.forward(
                forwarded, named: url.lastPathComponent, over: world.network, from: route.device, through: route.onward,
                to: Unchecked(value: self)))
    }

    override func stopLoading() { loading.stop() }

    private func deliver(_ answer: OnwardAnswer) {
        guard let response = answer.response else {
            client?.urlProtocol(self, didFailWithError: answer.error ?? URLError(.badServerResponse))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: answer.data)
        client?.urlProtocolDidFinishLoading(self)
    }

    /// Sends `request` through `network` as the app on `device`, then on through `session`, and hands the answer to
    /// `loader` unless it stopped loading meanwhile.
    private static func forward(
        _ request: URLRequest, named name: String, over network: AppNetwork, from device: Device,
        through session: URLSession, to loader: Unchecked<WorldNetworkURLProtocol>
    ) -> Task<Void, Never> {
        Task {
            let answer = await network.send(name, from: device, isolation: nil) {
                await exchange(request, through: session)
            }
            loader.value.loading.deliver { loader.value.deliver(answer) }
        }
    }

    /// The onward leg: the request as the routed configuration's session sends it.
    private static func exchange(_ request: URLRequest, through session: URLSession) async -> OnwardAnswer {
        await withCheckedContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                continuation.resume(returning: OnwardAnswer(data: data ?? Data(), response: response, error: error))
            }.resume()
        }
    }
}

/// What the onward leg brought back: the server's answer, or the error that kept it from coming. A response is not
/// Sendable, but it is read only once it has come, by the protocol that hands it to its client.
private struct OnwardAnswer: @unchecked Sendable {
    let data: Data
    let response: URLResponse?
    let error: (any Error)?
}
