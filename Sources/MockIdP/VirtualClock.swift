import Foundation
import Synchronization

/// The world's clock: a Swift `Clock` whose `sleep` is virtual. Time moves only when something advances it,
/// so code that takes `any Clock<Duration>` runs on the world's time unchanged and no check waits in real time.
///
/// The clock knows every pending deadline. A stalled party (`Stalls`) uses that to move time straight to
/// the next deadline and then waits for the sleeper's reaction, so what a check observes never depends on
/// how threads are scheduled.
public final class VirtualClock: Clock, Sendable {
    public typealias Duration = Swift.Duration

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
        /// Nil while the deadline is reserved (``withTimeout(_:operation:)``) but nobody waits on it yet.
        var continuation: CheckedContinuation<Void, any Error>?
        var isDue = false
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
        /// Bumped whenever a deadline is set or ``signal()`` is called: what a stalled party waits for.
        var generation: UInt64 = 0
        var watchers: [UInt64: (after: UInt64, continuation: CheckedContinuation<Void, Never>)] = [:]
    }

    private let state = Mutex(State())
    /// The calendar date at which the world begins.
    public let epoch: Date

    public init(epoch: Date) { self.epoch = epoch }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// The calendar date that corresponds to ``now``.
    public var date: Date { date(at: now) }

    public func date(at instant: Instant) -> Date { epoch.addingTimeInterval(instant.offset.seconds) }

    /// Suspends until virtual time reaches `deadline`; throws `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = try reserve(deadline)
        try await waitFor(id)
    }

    /// Moves time forward and resumes every sleeper whose deadline has come, earliest first.
    package func advance(by duration: Duration) {
        precondition(duration >= .zero, "the world's clock never runs backwards")
        advance(to: now.advanced(by: duration))
    }

    /// Moves time to `instant` (if it is later than now) and resumes every sleeper whose deadline has come.
    package func advance(to instant: Instant) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            if instant > state.now { state.now = instant }
            return Self.takeDue(&state)
        }
        for continuation in due { continuation.resume() }
    }

    /// Marks every sleeper whose deadline has come as due and returns the continuations to resume, earliest first.
    private static func takeDue(_ state: inout State) -> [CheckedContinuation<Void, any Error>] {
        let now = state.now
        let dueIDs = state.sleepers.filter { !$0.value.isDue && $0.value.deadline <= now }.sorted {
            ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
        }.map(\.key)
        return dueIDs.compactMap { id in
            guard let continuation = state.sleepers[id]?.continuation else {
                state.sleepers[id]?.isDue = true
                return nil
            }
            state.sleepers[id] = nil
            return continuation
        }
    }

    // MARK: Deadlines, for the parties that stall

    /// What ``advanceToEarliestDeadline(ifGeneration:notBeyond:)`` did.
    package enum DeadlineStep: Sendable {
        case advanced(to: Instant)
        /// A deadline was set (or ``signal()`` called) since the caller looked: look again.
        case stale
        case noDeadline
        /// The earliest deadline lies beyond the limit; time did not move.
        case beyondLimit
    }

    /// Atomically: if nothing changed since `generation`, moves time to the earliest pending deadline (when it is
    /// not beyond `limit`) and wakes its sleepers.
    package func advanceToEarliestDeadline(ifGeneration generation: UInt64, notBeyond limit: Instant) -> DeadlineStep {
        let (step, due) = state.withLock { state -> (DeadlineStep, [CheckedContinuation<Void, any Error>]) in
            guard state.generation == generation else { return (.stale, []) }
            guard let earliest = state.sleepers.values.filter({ !$0.isDue }).map(\.deadline).min() else {
                return (.noDeadline, [])
            }
            guard earliest <= limit else { return (.beyondLimit, []) }
            if earliest > state.now { state.now = earliest }
            return (.advanced(to: earliest), Self.takeDue(&state))
        }
        for continuation in due { continuation.resume() }
        return step
    }

    /// Changes whenever a deadline is set or ``signal()`` is called.
    package var generation: UInt64 { state.withLock { $0.generation } }

    /// Wakes everyone waiting in ``change(after:)``.
    package func signal() {
        let watchers = state.withLock { state in
            state.generation += 1
            defer { state.watchers = [:] }
            return state.watchers.values.map(\.continuation)
        }
        for watcher in watchers { watcher.resume() }
    }

    /// Returns once ``generation`` is past `generation`, or the task is cancelled.
    package func change(after generation: UInt64) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if Task.isCancelled || state.generation > generation { return true }
                    state.watchers[id] = (generation, continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.watchers.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    // MARK: Sleepers

    /// Records `deadline` as pending before anyone waits on it, so that a stalled party sees it at once.
    func reserve(_ deadline: Instant) throws -> UInt64 {
        let (id, watchers) = try state.withLock { state throws -> (UInt64, [CheckedContinuation<Void, Never>]) in
            if Task.isCancelled { throw CancellationError() }
            state.nextID += 1
            state.sleepers[state.nextID] = Sleeper(deadline: deadline, isDue: deadline <= state.now)
            state.generation += 1
            defer { state.watchers = [:] }
            return (state.nextID, state.watchers.values.map(\.continuation))
        }
        for watcher in watchers { watcher.resume() }
        return id
    }

    /// Waits for a reserved deadline to come.
    func waitFor(_ id: UInt64) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    guard let sleeper = state.sleepers[id] else { return .failure(CancellationError()) }
                    if Task.isCancelled {
                        state.sleepers[id] = nil
                        return .failure(CancellationError())
                    }
                    if sleeper.isDue {
                        state.sleepers[id] = nil
                        return .success(())
                    }
                    state.sleepers[id]?.continuation = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation?.resume(throwing: CancellationError())
        }
    }

    /// Forgets a reserved deadline nobody waits for any more.
    func release(_ id: UInt64) {
        state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation?.resume(throwing: CancellationError())
    }
}

extension Swift.Duration {
    /// The duration in seconds, as a floating-point number.
    package var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    /// A short human form such as `90s` or `1.5s`, used in transcripts and failure messages.
    package var formatted: String {
        let value = seconds
        return value == value.rounded() ? "\(Int64(value))s" : "\(value)s"
    }
}
