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
        try await atOnce(calls, holding: { world.sms.hold(onHeld: $0) }, released: "the carrier let the texts go") {
            call, before in
            let others =
                before.isEmpty
                ? ""
                : """
                , while \(before.joined(separator: ", ")) wait\(before.count == 1 ? "s" : "") for the SMS \
                carrier or were answered
                """
            return "\(call) to reach the SMS carrier or be answered\(others)"
        }
    }

    /// The pattern of `atOnceWithTextsHeld(_:)` and `atOnceWithPushesHeld(_:)`, for any party that holds what
    /// reaches it: each call starts once every call before it has either reached the held party or been answered, and
    /// only when all have is the hold released (also when a wait fails). `reaching` names, for failure messages, what a
    /// call is waited for, given the calls started before it.
    func atOnce<T: Sendable>(
        _ calls: [ConcurrentCall<T>], holding makeHold: (@escaping @Sendable (Int) -> Void) -> Hold, released: String,
        reaching: (String, [String]) -> String
    ) async throws -> [Result<T, any Error>] {
        let arrivals = EventLog<Void>()
        let hold = makeHold { _ in arrivals.append(()) }
        defer { hold.release() }
        return try await withThrowingTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            for (index, call) in calls.enumerated() {
                group.addTask {
                    let outcome = await call.outcome()
                    arrivals.append(())
                    return (index, outcome)
                }
                try await waiting(for: reaching(call.name, calls.prefix(index).map(\.name))) {
                    try await arrivals.next(after: index)
                }
            }
            hold.release()
            var outcomes = [Result<T, any Error>?](repeating: nil, count: calls.count)
            try await waiting(for: "\(calls.map(\.name).joined(separator: " and ")) to complete once \(released)") {
                for try await (index, outcome) in group { outcomes[index] = outcome }
            }
            return outcomes.map { $0! }
        }
    }
}
