import Dispatch
import MockIdP

/// Runs a check's work on an executor of its own and decides when it hangs, without letting the machine's load
/// into the verdict (README, "How hangs are found"):
/// - a subject whose work stays in the check's tasks (``SubjectConcurrency/structured``) hangs the moment the
///   executor runs dry: every task of the check is suspended and nothing is queued, so nothing can wake them;
/// - for any subject, the check also hangs when ``quietLimit`` of real time passes in which nothing moved: no job
///   of the check was queued or finished, none waits for a thread to start on, and the world saw no event and no
///   change of its clock. A check that only waits its turn for the CPU (a job queued behind a busy machine's others)
///   is never called hung, however slow the machine. A check that holds a subject's queue itself (a listener that
///   does not return yet) is let go of there instead (``CheckExecutor/giveWayWhenQuiet(_:)``), and watched again.
package struct HangWatch: Sendable {
    let concurrency: SubjectConcurrency
    let quietLimit: Duration
    /// The check's world, whose events count as movement; nil before there is one.
    let world: World?
    /// Where the check's jobs run: Dispatch's global queue (a test holds a queue of its own back).
    let queue: DispatchQueue

    package init(concurrency: SubjectConcurrency, quietLimit: Duration, world: World?, queue: DispatchQueue = .global())
    {
        self.concurrency = concurrency
        self.quietLimit = quietLimit
        self.world = world
        self.queue = queue
    }

    package enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        /// The executor ran dry: nothing of the check can run again.
        case parked
        /// Nothing moved for the quiet limit.
        case quiet(Duration)
    }

    /// Runs `operation`; when it hangs, `whenHung` runs at once, before its tasks are cancelled (cancelled, they may
    /// move on and forget what they were waiting for).
    package func run<T: Sendable>(
        _ operation: @escaping @Sendable () async -> T, whenHung: @Sendable () -> Void = {}
    ) async -> Outcome<T> {
        let executor = CheckExecutor(queue: queue)
        let race = Race<Outcome<T>>()
        if concurrency == .structured { executor.whenIdle { race.finish(.parked) } }
        let work = Task(executorPreference: executor) {
            await CheckExecutor.$current.withValue(executor) { race.finish(.finished(await operation())) }
        }
        let limit = quietLimit
        let watchdog = Task {
            var seen = movement(of: executor)
            while !Task.isCancelled {
                try? await Task.sleep(for: limit)  // the watchdog: real time counts only while nothing moves
                var now = movement(of: executor)
                if now == seen, !executor.hasJobsWaitingToStart, !Task.isCancelled {
                    // A hold of the check's own lets go first; only a check that still cannot move then hangs.
                    if executor.giveWay() { now = movement(of: executor) } else { race.finish(.quiet(limit)) }
                }
                seen = now
            }
        }
        let outcome = await race.value()
        if case .finished = outcome {} else { whenHung() }
        work.cancel()
        watchdog.cancel()
        return outcome
    }

    /// Everything whose change means the check moved.
    private func movement(of executor: CheckExecutor) -> [UInt64] {
        [
            executor.activity, UInt64(world?.transcript.count ?? 0), world?.clock.generation ?? 0,
            UInt64(world?.clock.now.offset.components.seconds ?? 0),
            UInt64(world?.clock.now.offset.components.attoseconds ?? 0),
        ]
    }
}
