import MockIdP

extension CheckContext {
    /// Makes `calls` at the same time, deterministically, with the push channel holding every silent push: each call
    /// starts once every call before it has either had its push held or been answered, and only when all have are the
    /// pushes released. So each call's app verification is still waiting for its push when the next call starts,
    /// whatever the scheduling, also for a subject whose requests to its backend the world cannot hold; the outcomes
    /// come back in the order of `calls`. Needs a backend that pushes through the world's channel (`.worldParties`).
    package func atOnceWithPushesHeld<T: Sendable>(_ calls: [ConcurrentCall<T>]) async throws -> [Result<T, any Error>]
    {
        try await atOnce(calls, holding: { world.push.hold(onHeld: $0) }, released: "the pushes were let go") {
            call, _ in "\(call) to have its push held in the push channel, or be answered"
        }
    }
}
