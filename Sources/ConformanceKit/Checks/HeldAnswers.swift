import MockIdP

/// The outcomes of a call and of the call made while one of its answers was held.
private struct AnswerOutcomes<T: Sendable, U: Sendable>: Sendable {
    let call = EventLog<Result<T, any Error>>()
    let meanwhile = EventLog<Result<U, any Error>>()
}

/// Two uses of one one-time credential, made so that the second runs while the first's answer is held.
package struct TwoUses<T: Sendable>: Sendable {
    package let first: ConcurrentCall<T>
    package let second: ConcurrentCall<T>

    package init(_ first: ConcurrentCall<T>, _ second: ConcurrentCall<T>) {
        self.first = first
        self.second = second
    }
}

extension CheckContext {
    /// Makes `call` with the answer to every request it sends its backend held on its way back; lets the first
    /// `passing` answers go on, and once the next one is held, makes `meanwhile`: the first call's backend has answered
    /// but not finished what it leaves for after its answer (``AppNetwork/afterAnswer(_:)``), so a check-then-consume
    /// split across the answer shows. The held answer goes on once `meanwhile` returns, or (for a structured subject)
    /// once `meanwhile` can move no further. Returns nil when `call` returned before receiving that many answers, else
    /// both outcomes. Needs ``Requirement/worldNetwork``.
    ///
    /// Beyond it: a split across a suspension that crosses no party of the world (the subject's own actor, store or
    /// lock) has no point the world can hold; the suite does not judge such a race.
    package func interruptingAnswer<T: Sendable, U: Sendable>(
        _ call: ConcurrentCall<T>, afterPassing passing: Int, with meanwhile: ConcurrentCall<U>
    ) async throws -> (call: Result<T, any Error>, meanwhile: Result<U, any Error>)? {
        let steps = EventLog<HeldRequests.Step>()
        let hold = world.network.holdAnswers { steps.append(.held($0)) }
        defer { hold.release() }
        let executor = capabilities.concurrency == .structured ? CheckExecutor.current : nil
        let calls = AnswerOutcomes<T, U>()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                calls.call.append(await call.outcome())
                steps.append(.returned(0))
            }
            var seen = 0
            while true {
                let what = "\(call.name) to receive answer \(seen + 1) from its backend, or return"
                let step = try await waiting(for: what) { try await steps.next(after: seen) }
                seen += 1
                guard case .held(let number) = step else {
                    try await group.waitForAll()
                    return nil
                }
                guard number > passing else {
                    hold.release(number)
                    continue
                }
                hold.passLaterCalls()
                group.addTask {
                    calls.meanwhile.append(await meanwhile.outcome())
                    steps.append(.returned(1))
                }
                if let executor {
                    await executor.untilIdle()  // `meanwhile` returned, or it waits for the held answer
                } else {
                    let what = "\(meanwhile.name) to return while \(call.name)'s answer \(number) is held"
                    try await waiting(for: what) { try await calls.meanwhile.next() }
                }
                hold.release()
                try await waiting(for: "\(call.name) and \(meanwhile.name) to return once the held answer went on") {
                    try await group.waitForAll()
                }
                return (try await calls.call.next(), try await calls.meanwhile.next())
            }
        }
    }

    /// Two uses of one one-time credential (PHONE-7, LINK-8, MFA-11), at every answer of the first use: for answer 1,
    /// 2, … (a fresh pair from `uses` each time, numbered from 0), that answer of the first use is held on its way back
    /// while the second use runs; exactly one of the two must succeed, and the other fail with one of `refusals` (with
    /// none, any ``AuthError``).
    /// `after` runs after each pair (a sign-out). Ends once the first use returns having received fewer answers.
    package func expectOneUseWhileAnswersHeld<T: Sendable>(
        _ credential: String, refusals: [AuthErrorCode], filePath: String = #filePath, line: Int = #line,
        uses: (_ attempt: Int) async throws -> TwoUses<T>, after: (_ attempt: Int) async throws -> Void
    ) async throws {
        var attempt = 0
        while true {
            let pair = try await uses(attempt)
            let outcomes = try await interruptingAnswer(pair.first, afterPassing: attempt, with: pair.second)
            defer { attempt += 1 }
            guard let outcomes else { return try await after(attempt) }
            let held = "\(pair.first.name) with its answer \(attempt + 1) held on its way back"
            let results = [
                (pair.first.name, outcomes.call.map { _ in () }),
                (pair.second.name, outcomes.meanwhile.map { _ in () }),
            ]
            let succeeded = results.filter { if case .success = $1 { true } else { false } }.map(\.0)
            try expect(
                succeeded.count == 1,
                "of two uses of one \(credential), \(held) while the other ran, not exactly one succeeded",
                expected: "exactly one",
                actual: succeeded.isEmpty ? "none" : "\(succeeded.count): \(succeeded.joined(separator: "; "))",
                filePath: filePath, line: line)
            for case (let name, .failure(let error)) in results {
                let wanted = refusals.isEmpty ? "an AuthError" : refusals.map(\.label).joined(separator: " or ")
                guard let refusal = error as? AuthError, refusals.isEmpty || refusals.contains(refusal.code) else {
                    throw CheckFailure(
                        "\(name) (\(held)) failed with another error than the rule's", expected: wanted,
                        actual: describe(error), filePath: filePath, line: line)
                }
            }
            try await after(attempt)
        }
    }
}
