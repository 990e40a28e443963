import ConformanceKit
import Foundation
import MockIdP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server's door over HTTP (``IdentityToolkitDoor``): each request posted exactly as the check wrote it (only the
/// API key and, in a tenant, `tenantId` added), its status and JSON answered back, errors included.
struct IdentityToolkitDoorHTTP: IdentityToolkitDoor {
    let http: IdentityToolkitHTTP

    func send(_ request: DoorRequest) async throws(AuthError) -> DoorAnswer {
        // The server's clock first, as before every call (a token's hour has passed there too), then the server's
        // own layout (the preflight found it): a production root serves `/v1/accounts:*`.
        try await http.serverClock?.catchUp()
        return try await http.raw(
            http.layout.route(request.operation.emulatorPath), request.body,
            headers: request.pair.map { [DoorRequest.pairHeader: $0] } ?? [:])
    }
}

extension IdentityToolkitHTTP {
    /// `POST {base}{route}?key=…` with `body` as JSON (and `headers`, e.g. a pair's marker); the answer whatever its
    /// status, within the same bounds as every other call (the world's clock, and `URLRequest.timeoutInterval` in real
    /// time).
    func raw(
        _ route: String, _ body: FixtureValue, headers: [String: String] = [:]
    ) async throws(AuthError) -> DoorAnswer {
        let answer = try await exchange(jsonPost(route, body, headers: headers), describing: route)
        return DoorAnswer(status: answer.status, body: FixtureValue.decoding(answer.body) ?? .object([:]))
    }
}

extension IdentityToolkitBackend { var door: (any IdentityToolkitDoor)? { IdentityToolkitDoorHTTP(http: http) } }
