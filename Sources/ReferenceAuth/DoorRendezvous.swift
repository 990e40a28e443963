import Synchronization

/// Where a defective door call waits between its check and its consume: until a second call with the same key
/// arrives (which has then passed the same check), or, unpaired, for a bounded patience. The race window is thereby
/// certain, not left to scheduling: of two requests at the server at once, the first waits for the second to pass its
/// check, so both consume (AUTH-8's sign-ups at once). Only a defect uses it; a conforming backend never waits here.
final class DoorRendezvous: Sendable {
    /// How long the first of a pair waits for the second.
    enum Patience: Sendable {
        /// In process: yields to the check's other tasks, which have all started before any yields twice (a request
        /// sent at once is a child task already queued), so no real time passes and a lone call is never a hang.
        case yields(Int)
        /// At a server: real time, for the second request still on its way over the network.
        case realTime(Duration)
    }

    private let arrivals = Mutex<[String: Int]>([:])

    /// Returns once a partner with `key` has arrived (true), or when `patience` runs out without one (false).
    @discardableResult
    func meet(_ key: String, patience: Patience) async -> Bool {
        let order = arrivals.withLock { arrivals in
            arrivals[key, default: 0] += 1
            return arrivals[key] ?? 1
        }
        guard order == 1 else { return true }
        defer { arrivals.withLock { $0[key] = nil } }
        switch patience {
        case .yields(let count):
            var left = count
            while left > 0, !partnered(key) {
                left -= 1
                await Task.yield()
            }
        case .realTime(let duration):
            let deadline = ContinuousClock.now + duration
            while !partnered(key), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
        }
        return partnered(key)
    }

    private func partnered(_ key: String) -> Bool { arrivals.withLock { ($0[key] ?? 0) >= 2 } }
}
