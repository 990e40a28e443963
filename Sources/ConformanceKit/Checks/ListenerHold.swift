import Foundation

/// A listener of the check's own that holds the queue it is called on: once armed, a call made outside the check's
/// tasks (on a subject's own queue, as Firebase calls its listeners on the main queue) blocks until the hold is
/// released, so whatever the subject queued after its listeners cannot run before the check has judged. A call made
/// inside the check's tasks (a subject that calls its listeners synchronously, before the call that changed the user
/// returns) is never held: it would hold the very call the check waits for.
///
/// It also sees what a listener may not be given (AUTH-6): a call that begins while another call of this listener is
/// still running, as a subject that calls its listeners from a concurrent queue makes one while the first is held.
package final class ListenerHold: @unchecked Sendable {
    /// What happened to the listener, in order.
    package enum Event: Sendable, Equatable {
        /// A call began and went on at once, naming this user (nil: nobody).
        case called(String?)
        /// A call began, naming this user, and is held until the release.
        case held(String?)
        /// A call began while another was still running; how many were running then, this one included.
        case overlapped(Int)
        /// The hold let go: every held call goes on.
        case released
    }

    /// Everything the listener went through, for the check to wait on and to read.
    package let events = EventLog<Event>()
    // Guarded by `condition`.
    private var armed = false
    private var released = false
    private var running = 0
    private let condition = NSCondition()
    /// The executor of the check, told when a call is held.
    private let executor: CheckExecutor?

    package init(executor: CheckExecutor? = CheckExecutor.current) { self.executor = executor }

    /// From now on, calls made outside the check's tasks are held.
    package func arm() {
        condition.lock()
        armed = true
        condition.unlock()
    }

    /// Every held call goes on, and no later call is held.
    package func release() {
        condition.lock()
        let first = !released
        released = true
        condition.broadcast()
        condition.unlock()
        if first { events.append(.released) }
    }

    /// What the listener does when called with `user`: notes the call, and returns at once inside the check's tasks,
    /// before ``arm()`` or after ``release()``; otherwise once released.
    package func listenerCalled(_ user: AuthUser?) {
        let outside = CheckExecutor.current == nil
        condition.lock()
        running += 1
        let (concurrent, holds) = (running, outside && armed && !released)
        condition.unlock()
        events.append(holds ? .held(user?.uid) : .called(user?.uid))
        if concurrent > 1 { events.append(.overlapped(concurrent)) }
        if holds {
            executor?.noteListenerCallHeld()
            condition.lock()
            while armed && !released { condition.wait() }
            condition.unlock()
        }
        condition.lock()
        running -= 1
        condition.unlock()
    }

}

extension ListenerHold.Event: CustomStringConvertible {
    /// Whether the event is a call, held or not.
    package var isCall: Bool {
        switch self {
        case .called, .held: true
        case .overlapped, .released: false
        }
    }

    package var description: String {
        switch self {
        case .called(let uid): "called with \(uid ?? "nobody")"
        case .held(let uid): "called with \(uid ?? "nobody") and held"
        case .overlapped(let running): "began while \(running - 1) other call(s) ran"
        case .released: "released"
        }
    }
}

extension CheckContext {
    /// Runs `body` with a listener registered on `client` that holds the subject's listener queue from the moment
    /// `body` arms it (``ListenerHold``) until `body` returns. The hold is armed only after the listener's call at
    /// registration came, so that what it holds is a change's call. It gives way where a subject that needs that queue
    /// to go on would otherwise hang the check: for a subject whose work stays in the check's tasks, once nothing of
    /// the check can move; for another, whose work the check cannot see, only once nothing moved for the quiet limit
    /// (``CheckExecutor/giveWayWhenQuiet(_:)``), so that a subject working on its own queues meanwhile is never let go
    /// early.
    package func holdingListenerQueue<T: Sendable>(
        of client: any AuthClient, _ body: (ListenerHold) async throws -> T
    ) async throws -> T {
        let hold = ListenerHold()
        let registration = await client.addIDTokenDidChangeListener { hold.listenerCalled($0) }
        defer { hold.release() }
        try await waiting(for: "the holding listener to be called once at registration") {
            try await hold.events.next { $0.isCall }
        }
        let executor = CheckExecutor.current
        let structured = capabilities.concurrency == .structured
        if executor == nil { hold.release() }  // nothing watches the check: nothing may be held
        let givingWay = structured ? nil : executor?.giveWayWhenQuiet { hold.release() }
        defer { if let givingWay { executor?.stopGivingWay(givingWay) } }
        async let givesWay: Void = {
            guard structured else { return }
            await executor?.untilIdle()
            hold.release()
        }()
        let result: T
        do { result = try await body(hold) } catch {
            hold.release()
            await givesWay
            throw error
        }
        hold.release()
        await givesWay
        await client.removeIDTokenDidChangeListener(registration)
        return result
    }
}
