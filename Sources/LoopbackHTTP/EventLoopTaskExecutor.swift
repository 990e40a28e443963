import NIOCore

/// Runs a request's task on the event loop of its connection, so that answering a request moves to no other thread:
/// the task starts where the request was read, the actors it calls run there too (a default actor runs on the task's
/// preferred executor, SE-0417), and the answer is written from there. On Swift's global pool each request crossed
/// threads twice (to the pool and back to the loop). The handler must not block: what it waits for, it awaits.
final class EventLoopTaskExecutor: TaskExecutor {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
