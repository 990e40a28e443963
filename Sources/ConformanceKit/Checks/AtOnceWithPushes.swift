import MockIdP

extension CheckContext {
    /// Makes `calls` at the same time, deterministically, with the push channel holding every silent push: each call
    /// starts once every call before it has either had its push held or been answered, and only when all have are the
    /// pushes released. So each call's app verification is still waiting for its push when the next call starts,
    /// whatever the scheduling, also for a subject whose requests to its backend the world cannot hold; the outcomes
    /// come back in the order of `calls`. Needs a backend that pushes through the world's channel (`.worldParties`).
    package func atOnceWithPushesHeld<T: Sendable>(_ calls: [ConcurrentCall<T>]) async throws -> [Result<T, any Error>]
    {
        let arrivals = EventLog<Void>()
        let hold = world.push.hold { _ in arrivals.append(()) }
        defer { hold.release() }
        return try await withThrowingTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            for (index, call) in calls.enumerated() {
                group.addTask {
                    let outcome = await call.outcome()
                    arrivals.append(())
                    return (index, outcome)
                }
                try await waiting(for: "\(call.name) to have its push held in the push channel, or be answered") {
                    try await arrivals.next(after: index)
                }
            }
            hold.release()
            var outcomes = [Result<T, any Error>?](repeating: nil, count: calls.count)
            try await waiting(
                for: "\(calls.map(\.name).joined(separator: " and ")) to complete once the pushes were let go"
            ) { for try await (index, outcome) in group { outcomes[index] = outcome } }
            return outcomes.map { $0! }
        }
    }
}
