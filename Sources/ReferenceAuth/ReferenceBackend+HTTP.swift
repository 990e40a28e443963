import ConformanceKit
import MockIdP
import Synchronization

extension ReferenceBackend {
    /// One request to an HTTP-shaped party of the world within the network timeout, on the world's clock; an
    /// answer of 500 or more is the party's failure.
    func call(_ party: OutsideParty, _ request: HTTPRequest) async throws(AuthError) -> HTTPResponse {
        let world = world
        let transport = providerTransport
        let answer = ResponseSlot()
        try await callOutsideParty(party) { () async throws(PartyError) in
            let response: HTTPResponse
            if let transport {
                response = await transport(request)
            } else if party == .apple {
                response = await world.apple.handle(request)
            } else {
                response = await world.github.handle(request)
            }
            answer.value.withLock { $0 = response }
        }
        guard let response = answer.value.withLock({ $0 }), response.status < 500 else {
            throw behaviour.outsideParties.failure("\(party) failed: HTTP \(answer.value.withLock { $0?.status ?? 0 })")
        }
        return response
    }
}

/// Where a call to a party leaves its response.
private final class ResponseSlot: Sendable { let value = Mutex<HTTPResponse?>(nil) }
