import Foundation
import Synchronization

/// The world's clock. Time moves only when something advances it, so no check ever waits in real time.
///
/// Sleepers are resumed by ``advance(by:)`` once their deadline is reached; a sleeper whose deadline has
/// already passed resumes at once, and a cancelled sleeper throws `CancellationError`.
public final class VirtualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the world began.
        public var offset: Swift.Duration

        public init(offset: Swift.Duration) { self.offset = offset }
        public func advanced(by duration: Swift.Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Swift.Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "t+\(offset.formatted)" }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var nextSleeperID: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The calendar date at which the world begins.
    public let epoch: Date

    public init(epoch: Date) { self.epoch = epoch }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Swift.Duration { .zero }

    /// The calendar date that corresponds to ``now``.
    public var date: Date { date(at: now) }

    public func date(at instant: Instant) -> Date {
        epoch.addingTimeInterval(instant.offset.seconds)
    }

    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextSleeperID += 1
            return state.nextSleeperID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and resumes every sleeper whose deadline has come, earliest first.
    public func advance(by duration: Swift.Duration) {
        precondition(duration >= .zero, "the world's clock never runs backwards")
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let dueIDs = state.sleepers.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }.map(\.key)
            return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0) }
        }
        for sleeper in due { sleeper.continuation.resume() }
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
