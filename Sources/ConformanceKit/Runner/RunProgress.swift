import Synchronization

/// How far a long run has come (`done` of `total` `unit`), for a progress line on a terminal.
public struct RunProgress: Sendable, Hashable {
    /// What is running: `stress gate`, `variant audit`, `benchmark`.
    public let task: String
    public let done: Int
    public let total: Int
    /// What is counted: `runs`, `variants`, `timings`.
    public let unit: String

    public init(task: String, done: Int, total: Int, unit: String) {
        self.task = task
        self.done = done
        self.total = total
        self.unit = unit
    }

    /// `stress gate: 12 of 200 runs`.
    public var rendered: String { "\(task): \(done) of \(total) \(unit)" }
}

/// Told of every step of a long run, in order, from whichever task finished it.
public typealias ProgressHandler = @Sendable (RunProgress) -> Void

/// Counts the pieces of a run as concurrent tasks finish them, and tells the handler each count in order.
package final class ProgressCounter: Sendable {
    private let done = Mutex(0)
    private let task: String
    private let total: Int
    private let unit: String
    private let handler: ProgressHandler?

    package init(_ task: String, total: Int, unit: String, handler: ProgressHandler?) {
        self.task = task
        self.total = total
        self.unit = unit
        self.handler = handler
    }

    package func finishOne() {
        guard let handler else { return }
        // Told under the lock, so that no count overtakes the one before it.
        done.withLock { done in
            done += 1
            handler(RunProgress(task: task, done: done, total: total, unit: unit))
        }
    }
}
