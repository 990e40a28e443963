import Foundation
import Synchronization

/// The world's clock. Time moves only when something advances it, so no check ever waits in real time.
///
/// Waiters are resumed by ``advance(by:)`` once their deadline is reached; a waiter whose deadline has
/// already passed resumes at once, and a cancelled waiter throws `CancellationError`. It deliberately does
/// not conform to `Clock`: nothing in the suite may sleep, and every wait is on virtual time.
public final class VirtualClock: Sendable {
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the world began.
        public var offset: Swift.Duration

        public init(offset: Swift.Duration) { self.offset = offset }
        public func advanced(by duration: Swift.Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Swift.Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "t+\(offset.formatted)" }
    }

    private struct Waiter {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiterID: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The calendar date at which the world begins.
    public let epoch: Date

    public init(epoch: Date) { self.epoch = epoch }

    public var now: Instant { state.withLock { $0.now } }

    /// The calendar date that corresponds to ``now``.
    public var date: Date { date(at: now) }

    public func date(at instant: Instant) -> Date {
        epoch.addingTimeInterval(instant.offset.seconds)
    }

    /// Suspends until virtual time reaches `deadline`.
    public func wait(until deadline: Instant) async throws {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.waiters[id] = Waiter(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Suspends until `duration` of virtual time has passed.
    public func wait(for duration: Swift.Duration) async throws {
        try await wait(until: now.advanced(by: duration))
    }

    /// Moves time forward and resumes every waiter whose deadline has come, earliest first.
    public func advance(by duration: Swift.Duration) {
        precondition(duration >= .zero, "the world's clock never runs backwards")
        let due = state.withLock { state -> [Waiter] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let dueIDs = state.waiters.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }.map(\.key)
            return dueIDs.compactMap { state.waiters.removeValue(forKey: $0) }
        }
        for waiter in due { waiter.continuation.resume() }
    }
}

extension Swift.Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    /// A short human form such as `90s` or `1.5s`, used in transcripts and failure messages.
    public var formatted: String {
        let value = seconds
        return value == value.rounded() ? "\(Int64(value))s" : "\(value)s"
    }
}
