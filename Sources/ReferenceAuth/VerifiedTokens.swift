import Synchronization

/// The claims of the ID tokens a signer has found signed, by token and the checks it read them with: what
/// ``IDTokenSigner`` need not work out again. Bounded, for a served project that issues tokens for days: when full, it
/// starts afresh.
final class VerifiedTokens: Sendable {
    struct Key: Hashable, Sendable {
        let token: String
        let checks: IDTokenSigner.Checks
    }

    static let capacity = 512

    private let claims = Mutex<[Key: IDTokenSigner.Claims]>([:])

    func claims(for key: Key) -> IDTokenSigner.Claims? { claims.withLock { $0[key] } }

    func remember(_ verified: IDTokenSigner.Claims, for key: Key) {
        claims.withLock { claims in
            if claims.count >= Self.capacity { claims.removeAll(keepingCapacity: true) }
            claims[key] = verified
        }
    }
}
