import Foundation

/// A URL protocol's loading in flight: the task that brings its answer, and whether the loading system has stopped
/// it. An answer reaches the protocol's client only while the loading is not stopped, and never at the same time as
/// the stop: a task cancelled (its caller's timeout, a session invalidated) may be finished and its session gone by
/// the time the answer arrives, and swift-corelibs-foundation's client then reads a freed session.
final class URLProtocolLoading: @unchecked Sendable {
    /// Guards `stopped` and `task`, and is held while an answer is delivered. Recursive: the loading system may stop
    /// the protocol from within a delivery.
    private let lock = NSRecursiveLock()
    private var stopped = false
    private var task: Task<Void, Never>?

    /// The task that brings the answer; cancelled at once if the loading was stopped already.
    func started(_ task: Task<Void, Never>) {
        let cancel = lock.withLock {
            self.task = task
            return stopped
        }
        if cancel { task.cancel() }
    }

    /// The loading system's `stopLoading()`: no answer is delivered from now on.
    func stop() {
        let task = lock.withLock {
            stopped = true
            return self.task
        }
        task?.cancel()
    }

    /// Runs `delivery` (the calls to the protocol's client) unless the loading was stopped.
    func deliver(_ delivery: () -> Void) {
        lock.withLock {
            guard !stopped else { return }
            delivery()
        }
    }
}
