import Synchronization

/// The way back of the app network: a backend's answer to one request, travelling to the app. A check can hold it
/// there (`AppNetwork.holdAnswers(onHeld:)`), so that a second call runs to completion while the first call's
/// backend has answered but not yet finished: the window of a check-then-consume split that spans the answer
/// (PHONE-7, LINK-8, MFA-11: a one-time credential checked, answered, and only then marked used).
///
/// What the world can reach, and what it cannot: the world holds only steps that cross it (the request, the answer,
/// a text at the SMS carrier, a silent push at the push channel). A backend that splits checking a credential from
/// consuming it across one of these is caught, deterministically. A split across a purely local suspension (an
/// `await` on the backend's own actor, store or lock, with no step through the world in between) has no point the
/// world can hold: such a race is beyond the suite, and the suite does not judge it (a passing rule says nothing
/// about it).
final class AnswerLeg: Sendable {
    /// The backend's work that waits for its answer to have left, for the request in flight in this task.
    final class Exchange: Sendable {
        private let works = Mutex<[@Sendable () async -> Void]>([])

        func append(_ work: @escaping @Sendable () async -> Void) { works.withLock { $0.append(work) } }

        /// Runs the works registered so far, in order, and forgets them.
        func finish() async {
            while let work = works.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { await work() }
        }
    }

    @TaskLocal
    static var current: Exchange?

    private let hold = Mutex<Hold?>(nil)

    func hold(onHeld: @escaping @Sendable (Int) -> Void) -> Hold {
        let hold = Hold(onHeld: onHeld)
        self.hold.withLock { $0 = hold }
        return hold
    }

    /// Carries `exchange`'s answer (or error) back: held there while a check holds answers, and then the backend's
    /// work that waited for the answer to leave (``AppNetwork/afterAnswer(_:)``) runs before the app reads it.
    func carry<T, Failure: Error>(
        isolation: isolated (any Actor)?, recording: @Sendable (Int) -> Void, _ exchange: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        let current = Exchange()
        let answer: Result<T, Failure> = await Self.$current.withValue(current) {
            do throws(Failure) { return .success(try await exchange()) } catch { return .failure(error) }
        }
        if let hold = hold.withLock({ $0 }) { _ = await hold.wait(recording: recording) }
        await current.finish()
        return try answer.get()
    }
}
