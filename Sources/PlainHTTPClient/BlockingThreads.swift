import Foundation

/// Threads for work that blocks (a socket's reads): an idle thread takes the next job, and a new one starts when none
/// is idle, so no job ever waits behind another, whatever blocks. Idle threads wait for the next job, with no
/// deadline, until ``close()``. Starting a thread per request was a tenth of the HTTP client's CPU.
package final class BlockingThreads: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var idle = 0
    private var closed = false

    package init() {}

    /// Runs `job` on one of the threads, at once.
    package func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let starts = jobs.count > idle
        if !starts { condition.signal() }
        condition.unlock()
        guard starts else { return }
        let thread = Thread { [self] in work() }
        thread.stackSize = 512 * 1024
        thread.start()
    }

    /// Ends the idle threads, and each busy one once its job is done.
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while true {
            while jobs.isEmpty {
                guard !closed else {
                    condition.unlock()
                    return
                }
                idle += 1
                condition.wait()
                idle -= 1
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
            condition.lock()
        }
    }
}
