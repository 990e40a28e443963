import MockIdP

/// The app-to-backend requests of the calls a check makes, held at the world's network so that the check decides
/// when each goes on: calls made at the same time meet inside the subject at the point the check chose, not where
/// scheduling happened to put them (PHONE-7, AUTH-3, AUTH-6). Needs ``Requirement/worldNetwork``.
struct HeldRequests: Sendable {
    enum Step: Sendable, Equatable {
        /// A request arrived and is held, with its number.
        case held(Int)
        /// The call with this index returned.
        case returned(Int)
    }

    let hold: Hold
    let steps = EventLog<Step>()
    /// For a subject whose work stays in the check's tasks, the moment nothing of the check can move.
    let executor: CheckExecutor?

    init(_ context: CheckContext) {
        let steps = steps
        hold = context.world.network.hold { steps.append(.held($0)) }
        executor = context.capabilities.concurrency == .structured ? CheckExecutor.current : nil
    }

    /// Returns once the calls have moved as far as they can: for a structured subject, when everything has parked;
    /// for another, when a step after the first `seen` has arrived.
    func settle(after seen: Int, _ context: CheckContext, waitingFor what: String) async throws {
        if let executor {
            await executor.untilIdle()
        } else {
            try await context.waiting(for: what) { try await steps.next(after: seen) }
        }
    }
}

/// The outcomes of a call and of the call made while its request was held.
private struct CallOutcomes<T: Sendable, U: Sendable>: Sendable {
    let call = EventLog<Result<T, any Error>>()
    let meanwhile = EventLog<Result<U, any Error>>()
}

extension CheckContext {
    /// Makes `call` with its first request to its backend held in flight: once that request is held, `meanwhile` runs
    /// (the world moves on while the request travels, a lifetime passes), then the request goes on and every later
    /// one passes. Returns nil when `call` returned without sending a request, else its outcome. Needs
    /// ``Requirement/worldNetwork``; what a subject does before its request leaves (its own reading of the clock) is
    /// done before the hold, which is what a check of "judged when the backend handles it" wants.
    package func holdingFirstRequest<T: Sendable>(
        of call: ConcurrentCall<T>, while meanwhile: () throws -> Void
    ) async throws -> Result<T, any Error>? {
        let requests = HeldRequests(self)
        defer { requests.hold.release() }
        let outcome = EventLog<Result<T, any Error>>()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                outcome.append(await call.outcome())
                requests.steps.append(.returned(0))
            }
            let first = try await waiting(for: "\(call.name) to send a request to its backend, or return") {
                try await requests.steps.next()
            }
            guard case .held = first else {
                try await group.waitForAll()
                return nil
            }
            requests.hold.passLaterCalls()
            try meanwhile()
            requests.hold.release()
            try await waiting(for: "\(call.name) to return once its held request went on") {
                try await group.waitForAll()
            }
            return try await outcome.next()
        }
    }

    /// Makes `call` with every request it sends its backend held; lets the first `passing` requests go on one at a
    /// time and, once the next one is held, makes `meanwhile` while that request is in flight. The held request goes
    /// on once `meanwhile` returns, or (for a structured subject) once `meanwhile` can move no further, because a
    /// subject may make it wait for the call in flight. Returns nil when `call` returned before sending that many
    /// requests (so a check trying every point knows it has tried them all), else both outcomes.
    package func interrupting<T: Sendable, U: Sendable>(
        _ call: ConcurrentCall<T>, afterPassing passing: Int, with meanwhile: ConcurrentCall<U>
    ) async throws -> (call: Result<T, any Error>, meanwhile: Result<U, any Error>)? {
        let requests = HeldRequests(self)
        defer { requests.hold.release() }
        let calls = CallOutcomes<T, U>()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                calls.call.append(await call.outcome())
                requests.steps.append(.returned(0))
            }
            var seen = 0
            while true {
                let what = "\(call.name) to send request \(seen + 1) to its backend, or return"
                let step = try await waiting(for: what) { try await requests.steps.next(after: seen) }
                seen += 1
                guard case .held(let number) = step else {
                    try await group.waitForAll()
                    return nil
                }
                guard number > passing else {
                    requests.hold.release(number)
                    continue
                }
                requests.hold.passLaterCalls()
                group.addTask {
                    calls.meanwhile.append(await meanwhile.outcome())
                    requests.steps.append(.returned(1))
                }
                if let executor = requests.executor {
                    await executor.untilIdle()  // `meanwhile` returned, or it waits for the held call
                } else {
                    let what = "\(meanwhile.name) to return while \(call.name)'s request \(number) is held"
                    try await waiting(for: what) { try await calls.meanwhile.next() }
                }
                requests.hold.release()
                try await waiting(for: "\(call.name) and \(meanwhile.name) to return once the held request went on") {
                    try await group.waitForAll()
                }
                return (try await calls.call.next(), try await calls.meanwhile.next())
            }
        }
    }

    /// Makes `calls` at the same time in lockstep: every request they send their backend is held, each call starts
    /// once the ones before it have sent a request (or returned, or can move no further), and then the oldest held
    /// request goes on, one at a time, each time the calls have moved as far as they can. So each call's requests
    /// interleave with the others' at every request, deterministically; the outcomes come back in the order of
    /// `calls`.
    package func inLockstep<T: Sendable>(_ calls: [ConcurrentCall<T>]) async throws -> [Result<T, any Error>] {
        let requests = HeldRequests(self)
        defer { requests.hold.release() }
        let names = calls.map(\.name).joined(separator: " and ")
        return try await withThrowingTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            var seen = 0
            for (index, call) in calls.enumerated() {
                let before = requests.steps.count
                group.addTask {
                    let outcome = await call.outcome()
                    requests.steps.append(.returned(index))
                    return (index, outcome)
                }
                try await requests.settle(
                    after: before, self, waitingFor: "\(call.name) to send a request to its backend, or return")
            }
            var returned = 0
            var held: [Int] = []
            while returned < calls.count {
                for step in requests.steps.all.dropFirst(seen) {
                    seen += 1
                    switch step {
                    case .held(let number): held.append(number)
                    case .returned: returned += 1
                    }
                }
                guard returned < calls.count else { break }
                if held.isEmpty {
                    try await waiting(for: "\(names) to send a request to their backend or return") {
                        try await requests.steps.next(after: seen)
                    }
                    continue
                }
                requests.hold.release(held.removeFirst())
                try await requests.settle(after: seen, self, waitingFor: "\(names) to move on after a request went on")
            }
            var outcomes = [Result<T, any Error>?](repeating: nil, count: calls.count)
            try await waiting(for: "\(names) to return") {
                while let (index, outcome) = try await group.next() { outcomes[index] = outcome }
            }
            return outcomes.map { $0! }
        }
    }
}
