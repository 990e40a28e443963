import Dispatch
import Synchronization

/// The executor a check's task tree prefers (SE-0417): the check's task, its child tasks, and the default actors
/// they call run their jobs here. It counts the jobs it holds, so the runner can tell a check that waits its turn
/// for the CPU (jobs queued) from one that can no longer move (nothing queued, nothing running), whatever the load.
package final class CheckExecutor: TaskExecutor, Sendable {
    private struct State {
        /// Jobs enqueued and not yet finished: queued or running.
        var held = 0
        /// Jobs enqueued and not yet started: waiting for a thread, however long the machine's load makes that.
        var waiting = 0
        /// Bumped by every enqueue and every finished job: what "something moved" means for the check's own work.
        var activity: UInt64 = 0
        var onIdle: (@Sendable () -> Void)?
        /// Tasks of the check waiting for everything else of it to park (``untilIdle()``).
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        /// What the check lets go of when nothing of it has moved for the quiet limit (``giveWayWhenQuiet(_:)``).
        var givingWay: [Int: @Sendable () -> Void] = [:]
        var nextGivingWay = 0
        /// Whether a listener of the check has held a subject's call (``ListenerHold``), and who waits to know.
        var listenerCallHeld = false
        var onListenerCallHeld: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// The executor of the check whose task tree is running, for the unstructured tasks the suite itself starts
    /// (``firstFinished(_:)``): they stay the check's work instead of going to the global pool.
    @TaskLocal
    package static var current: CheckExecutor?

    /// Where the jobs run: Dispatch's global queue (a test holds a queue of its own back).
    private let queue: DispatchQueue

    package init(queue: DispatchQueue = .global()) { self.queue = queue }

    package func enqueue(_ job: consuming ExecutorJob) {
        state.withLock { state in
            state.held += 1
            state.waiting += 1
            state.activity &+= 1
        }
        let job = UnownedJob(job)
        queue.async {
            self.state.withLock { $0.waiting -= 1 }
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.finishedOne()
        }
    }

    private func finishedOne() {
        let (idle, waiters) = state.withLock { state -> ((@Sendable () -> Void)?, [CheckedContinuation<Void, Never>]) in
            state.held -= 1
            state.activity &+= 1
            guard state.held == 0 else { return (nil, []) }
            // A task that asked to wait for this moment runs again; only an executor dry with nobody waiting is idle.
            guard state.idleWaiters.isEmpty else {
                defer { state.idleWaiters = [] }
                // Each waiter counts as held until its resumption is enqueued: a job of another thread that finishes
                // meanwhile must not find the executor dry with nobody waiting (a check that moves called hung).
                state.held += state.idleWaiters.count
                return (nil, state.idleWaiters)
            }
            return (state.onIdle, [])
        }
        for waiter in waiters {
            waiter.resume()  // enqueues the waiter's job here (its task prefers this executor)
            finishedOne()  // its reservation
        }
        idle?()
    }

    /// Returns once every other task of the check is suspended and nothing of it is queued: for a subject whose work
    /// stays in the check's tasks (``SubjectConcurrency/structured``), the moment everything it started has either
    /// finished or parked (held by the world, or waiting on another of its calls).
    package func untilIdle() async {
        await withCheckedContinuation { continuation in state.withLock { $0.idleWaiters.append(continuation) } }
    }

    /// Called each time the executor runs dry: every task of the check is suspended and nothing of it is queued.
    package func whenIdle(_ action: @escaping @Sendable () -> Void) { state.withLock { $0.onIdle = action } }

    /// Runs `action` (once) when nothing of the check has moved for the quiet limit, instead of calling the check hung:
    /// a check that holds a subject's queue (a listener that does not return) lets go of it there, for a subject whose
    /// work is outside the check's tasks and may wait for that queue. Returns the key that ``stopGivingWay(_:)`` takes.
    package func giveWayWhenQuiet(_ action: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.nextGivingWay += 1
            state.givingWay[state.nextGivingWay] = action
            return state.nextGivingWay
        }
    }

    /// The check no longer holds what `key`'s action lets go of.
    package func stopGivingWay(_ key: Int) { _ = state.withLock { $0.givingWay.removeValue(forKey: key) } }

    /// For the watchdog, when nothing moved for the quiet limit: runs what gives way, and says whether there was any
    /// (then the check moved again; otherwise it hangs).
    package func giveWay() -> Bool {
        let actions = state.withLock { state in
            defer { state.givingWay = [:] }
            return Array(state.givingWay.values)
        }
        for action in actions { action() }
        return !actions.isEmpty
    }

    /// For ``ListenerHold``: a listener of the check holds a subject's call from now on.
    package func noteListenerCallHeld() {
        let actions = state.withLock { state in
            state.listenerCallHeld = true
            defer { state.onListenerCallHeld = [] }
            return state.onListenerCallHeld
        }
        for action in actions { action() }
    }

    /// Runs `action` once a listener of the check holds a subject's call (at once if one already has): what the
    /// reference's defect that calls its listeners concurrently waits for before it starts a call while the previous
    /// one still runs, so that its calls overlap where a check holds one, and otherwise keep their order every run.
    package func whenListenerCallHeld(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            if !state.listenerCallHeld { state.onListenerCallHeld.append(action) }
            return state.listenerCallHeld
        }
        if now { action() }
    }

    /// Changes whenever a job of the check is enqueued or finishes.
    package var activity: UInt64 { state.withLock { $0.activity } }

    /// Whether a job of the check waits for a thread to start on: the check waits its turn, it does not hang.
    package var hasJobsWaitingToStart: Bool { state.withLock { $0.waiting > 0 } }
}
