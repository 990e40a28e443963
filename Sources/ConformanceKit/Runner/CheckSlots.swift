import Foundation
import Synchronization

/// How many checks may run at once. One value is shared by every runner of a process by default, so that a test
/// target that runs hundreds of rules and defect self-tests at once never starts more checks than the machine runs
/// well: a check that waits for a slot is not running, so no clock of it counts.
public final class CheckSlots: Sendable {
    /// Four checks per core of this machine, shared by every runner that does not bring its own.
    public static let machine = CheckSlots(limit: 4 * max(1, ProcessInfo.processInfo.activeProcessorCount))

    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// How many of the first waiters came ahead of the queue (``withSlotAhead(_:)``).
        var ahead = 0
    }

    private let state: Mutex<State>
    public let limit: Int

    /// A `limit` below one is taken as one.
    public init(limit: Int) {
        self.limit = max(1, limit)
        state = Mutex(State(free: max(1, limit)))
    }

    /// Runs `body` once a slot is free, first come first served.
    public func withSlot<T: Sendable>(_ body: () async -> T) async -> T {
        await acquire(ahead: false)
        defer { release() }
        return await body()
    }

    /// Runs `body` once a slot is free, ahead of the checks that wait for one in ``withSlot(_:)`` (behind those that
    /// came ahead before it): what a run of one check at a time asks for each check. Such a run holds one slot at
    /// most, so it never takes more than its share; waiting behind every check that parallel runs have queued would
    /// make it take as long as all of them, one check after another.
    package func withSlotAhead<T: Sendable>(_ body: () async -> T) async -> T {
        await acquire(ahead: true)
        defer { release() }
        return await body()
    }

    private func acquire(ahead: Bool) async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    if ahead {
                        state.waiters.insert(continuation, at: state.ahead)
                        state.ahead += 1
                    } else {
                        state.waiters.append(continuation)
                    }
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            state.ahead = max(0, state.ahead - 1)
            return state.waiters.removeFirst()  // the slot passes straight to the first waiter
        }
        next?.resume()
    }

    /// How many wait for a slot now.
    package var waiting: Int { state.withLock { $0.waiters.count } }

    /// How many checks hold a slot now.
    public var inUse: Int { state.withLock { limit - $0.free } }
}
