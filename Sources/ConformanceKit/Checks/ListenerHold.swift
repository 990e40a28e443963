import Foundation

/// A listener that holds the queue it is called on: once armed, a call made outside the check's tasks (on a subject's
/// own queue, as Firebase calls its listeners on the main queue) blocks until the hold is released, so whatever the
/// subject queued after its listeners cannot run before the check has judged. A call made inside the check's tasks (a
/// subject that calls its listeners synchronously, before the call that changed the user returns) is never held: it
/// would hold the very call the check waits for.
package final class ListenerHold: @unchecked Sendable {
    // Guarded by `condition`.
    private var armed = false
    private var released = false
    private let condition = NSCondition()

    package init() {}

    /// From now on, calls made outside the check's tasks are held.
    package func arm() {
        condition.lock()
        armed = true
        condition.unlock()
    }

    /// Every held call goes on, and no later call is held.
    package func release() {
        condition.lock()
        released = true
        condition.broadcast()
        condition.unlock()
    }

    /// What the listener does when called: returns at once inside the check's tasks, before ``arm()`` or after
    /// ``release()``; otherwise once released.
    package func listenerCalled() {
        guard CheckExecutor.current == nil else { return }
        condition.lock()
        defer { condition.unlock() }
        while armed && !released { condition.wait() }
    }
}

extension CheckContext {
    /// Runs `body` with a listener registered on `client` that holds the subject's listener queue from the moment
    /// `body` arms it (``ListenerHold``) until `body` returns, or until nothing of the check can move (a subject that
    /// needs that queue to go on waits for it, so the hold gives way rather than hang the check).
    package func holdingListenerQueue<T: Sendable>(
        of client: any AuthClient, _ body: (ListenerHold) async throws -> T
    ) async throws -> T {
        let hold = ListenerHold()
        let registration = await client.addIDTokenDidChangeListener { _ in hold.listenerCalled() }
        let executor = CheckExecutor.current
        async let givesWay: Void = {
            await executor?.untilIdle()
            hold.release()
        }()
        defer { hold.release() }
        let result = try await body(hold)
        hold.release()
        await givesWay
        await client.removeIDTokenDidChangeListener(registration)
        return result
    }
}
