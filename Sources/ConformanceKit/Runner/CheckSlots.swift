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
        await acquire()
        defer { release() }
        return await body()
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiters.append(continuation)
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
            return state.waiters.removeFirst()  // the slot passes straight to the first waiter
        }
        next?.resume()
    }

    /// How many checks hold a slot now.
    public var inUse: Int { state.withLock { limit - $0.free } }
}
