import ConformanceKit
import Dispatch
import Foundation
import Synchronization
import Testing

/// A hang is found without letting the machine's load into the verdict: at once for work that stays in the check's
/// tasks, by real time without movement otherwise, and never for work that keeps moving.
@Suite("Finding hangs")
struct HangWatchTests {
    private func watch(_ concurrency: SubjectConcurrency, quietLimit: Duration) -> HangWatch {
        HangWatch(concurrency: concurrency, quietLimit: quietLimit, world: nil)
    }

    @Test("work that finishes is its result")
    func finishes() async {
        let outcome = await watch(.structured, quietLimit: .seconds(3600)).run { 42 }
        guard case .finished(42) = outcome else {
            Issue.record("expected the result 42, got \(outcome)")
            return
        }
    }

    @Test("a continuation never resumed, in structured work, is parked at once: the quiet limit of an hour never runs")
    func neverResumed() async {
        let outcome = await watch(.structured, quietLimit: .seconds(3600)).run {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
        guard case .parked = outcome else {
            Issue.record("expected parked, got \(outcome)")
            return
        }
    }

    @Test("child tasks and actors are the check's work: structured work that waits on them is not parked")
    func childTasksAndActors() async {
        let outcome = await watch(.structured, quietLimit: .seconds(3600)).run {
            let counter = Tally()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<50 { group.addTask { for _ in 0..<20 { await counter.add() } } }
            }
            return await counter.total
        }
        guard case .finished(1000) = outcome else {
            Issue.record("expected 1000, got \(outcome)")
            return
        }
    }

    @Test("a blocked thread is found by the quiet limit, even in structured work")
    func blockedThread() async {
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        let outcome = await watch(.structured, quietLimit: .milliseconds(200)).run { gate.wait() }
        guard case .quiet(.milliseconds(200)) = outcome else {
            Issue.record("expected quiet for 0.2 s, got \(outcome)")
            return
        }
    }

    @Test("a job that waits for a thread (a busy machine) is waiting its turn, not hung, for many quiet limits")
    func waitsForAThread() async {
        // The queue the check's jobs run on is held back for ten quiet limits, as a loaded machine's pool can be.
        let queue = DispatchQueue(label: "a busy machine's threads")
        let busy = DispatchSemaphore(value: 0)
        queue.async { busy.wait() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(500)) { busy.signal() }
        let watch = HangWatch(concurrency: .structured, quietLimit: .milliseconds(50), world: nil, queue: queue)
        let outcome = await watch.run { 42 }
        guard case .finished(42) = outcome else {
            Issue.record("expected the result 42 once the queue freed, got \(outcome)")
            return
        }
    }

    @Test("work that keeps moving for many quiet limits of real time is never called hung")
    func keepsMoving() async {
        let outcome = await watch(.structured, quietLimit: .milliseconds(50)).run { () -> Int in
            let clock = ContinuousClock()
            let end = clock.now.advanced(by: .milliseconds(500))
            var turns = 0
            while clock.now < end {
                await Task.yield()
                turns += 1
            }
            return turns
        }
        guard case .finished = outcome else {
            Issue.record("expected the work to finish, got \(outcome)")
            return
        }
    }

    @Test("unstructured work on a queue of its own is waited for")
    func queueWork() async {
        let outcome = await watch(.unstructured, quietLimit: .seconds(3600)).run {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                DispatchQueue(label: "listeners").async { continuation.resume(returning: 7) }
            }
        }
        guard case .finished(7) = outcome else {
            Issue.record("expected 7, got \(outcome)")
            return
        }
    }

    @Test("a continuation never resumed, in unstructured work, is found by the quiet limit")
    func unstructuredNeverResumed() async {
        let outcome = await watch(.unstructured, quietLimit: .milliseconds(100)).run {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
        guard case .quiet = outcome else {
            Issue.record("expected quiet, got \(outcome)")
            return
        }
    }
}

private actor Tally {
    private(set) var total = 0
    func add() { total += 1 }
}
