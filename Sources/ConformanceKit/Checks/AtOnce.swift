import MockIdP

/// A call a check makes at the same time as others, named for failure messages.
package struct ConcurrentCall<T: Sendable>: Sendable {
    package let name: String
    package let call: @Sendable () async throws -> T

    package init(_ name: String, _ call: @escaping @Sendable () async throws -> T) {
        self.name = name
        self.call = call
    }

    /// Makes the call; what it returned or threw.
    package func outcome() async -> Result<T, any Error> {
        do { return .success(try await call()) } catch { return .failure(error) }
    }
}

extension CheckContext {
    /// Makes `calls` at the same time, deterministically: the SMS carrier holds every text, each call starts once
    /// every call before it has either had its text held or been answered, and only when all have the texts are
    /// released. So every call arrives while the others are still in flight, whatever the scheduling; the outcomes
    /// come back in the order of `calls`. Needs a backend that texts through the world's carrier (`.worldParties`).
    package func atOnceWithTextsHeld<T: Sendable>(_ calls: [ConcurrentCall<T>]) async throws -> [Result<T, any Error>] {
        let arrivals = EventLog<Void>()
        let hold = world.sms.hold { _ in arrivals.append(()) }
        return try await withThrowingTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            for (index, call) in calls.enumerated() {
                group.addTask {
                    let outcome = await call.outcome()
                    arrivals.append(())
                    return (index, outcome)
                }
                let before = calls.prefix(index).map(\.name)
                let others =
                    before.isEmpty
                    ? ""
                    : """
                    , while \(before.joined(separator: ", ")) wait\(before.count == 1 ? "s" : "") for the SMS \
                    carrier or were answered
                    """
                try await waiting(for: "\(call.name) to reach the SMS carrier or be answered\(others)") {
                    try await arrivals.next(after: index)
                }
            }
            hold.release()
            var outcomes = [Result<T, any Error>?](repeating: nil, count: calls.count)
            try await waiting(
                for: "\(calls.map(\.name).joined(separator: " and ")) to complete once the carrier let the texts go"
            ) { for try await (index, outcome) in group { outcomes[index] = outcome } }
            return outcomes.map { $0! }
        }
    }
}
