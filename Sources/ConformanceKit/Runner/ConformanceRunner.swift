import MockIdP

/// Runs rules' checks against a subject, each check in a world of its own, in parallel.
public struct ConformanceRunner: Sendable {
    public struct Options: Sendable {
        /// Real time in which nothing of a check moves (no job of it queued or finished, no event in its world)
        /// before the check is failed as hung: the one real wait in the suite. A subject whose work stays in the
        /// check's tasks (``SubjectConcurrency/structured``) is found hung without it, the moment nothing can run.
        public var watchdog: Duration
        /// Seed of every check's world.
        public var seed: UInt64
        /// How many checks may run at once; by default, as many as this machine runs well, shared by every runner
        /// in the process.
        public var slots: CheckSlots

        public init(watchdog: Duration = .seconds(10), seed: UInt64 = 0x5EED_CAFE, slots: CheckSlots = .machine) {
            self.watchdog = watchdog
            self.seed = seed
            self.slots = slots
        }

        /// The options themselves if they make sense; otherwise why not.
        public func validated() throws(OptionsError) -> Options {
            guard watchdog > .zero else { throw .nonPositiveWatchdog(watchdog) }
            return self
        }
    }

    public enum OptionsError: Error, Sendable, CustomStringConvertible {
        case nonPositiveWatchdog(Duration)

        public var description: String {
            switch self {
            case .nonPositiveWatchdog(let watchdog): "the watchdog must be a positive duration, not \(watchdog)"
            }
        }
    }

    public let subject: any ConformanceSubject
    public let options: Options

    public init(subject: any ConformanceSubject, options: Options = Options()) throws(OptionsError) {
        self.subject = subject
        self.options = try options.validated()
    }

    /// Runs every check of `rules` and reports per rule, in catalogue order. An adapter that cannot serve a
    /// flow it declares is reported for that flow's rules before any of them runs.
    public func run(_ rules: [Rule] = RuleCatalogue.all) async -> ConformanceReport {
        let start = ContinuousClock.now
        let preflight = await AdapterPreflight(subject: subject, options: options).run()
        let results = await map(rules) { await run($0, preflight: preflight) }
        let elapsed = ContinuousClock.now - start
        return ConformanceReport(subject: subject.name, results: results, durationSeconds: elapsed.seconds)
    }

    /// Runs the checks of one rule.
    public func run(_ rule: Rule) async -> RuleResult {
        await run(rule, preflight: await AdapterPreflight(subject: subject, options: options).run())
    }

    /// Runs the checks of `rules` that `only` names (all when nil) and hands each result to `observe` the moment it
    /// is known: what a worker process streams to the command that isolates crashes.
    package func run(
        _ rules: [Rule], only: Set<CheckID>?, observe: @escaping @Sendable (CheckID, CheckResult) -> Void
    ) async {
        let preflight = await AdapterPreflight(subject: subject, options: options).run()
        _ = await map(rules) { rule in
            await run(rule, preflight: preflight) { check in
                only?.contains(check.id) ?? true
            } observe: {
                observe($0.id, $1)
            }
        }
    }

    private func map<T: Sendable>(
        _ elements: [T], _ transform: @escaping @Sendable (T) async -> RuleResult
    ) async -> [RuleResult] {
        subject.capabilities.runsOneCheckAtATime
            ? await elements.serialMap(transform) : await elements.concurrentMap(transform)
    }

    private func run(
        _ rule: Rule, preflight: AdapterPreflight.Findings, picking picked: @Sendable (Check) -> Bool = { _ in true },
        observe: @escaping @Sendable (Check, CheckResult) -> Void = { _, _ in }
    ) async -> RuleResult {
        let checks = rule.checks.filter(picked)
        if let problem = preflight.problems[rule.flow] {
            return RuleResult(
                rule: rule,
                checks: checks.map { check in
                    let result: CheckResult
                    if let unmet = unmetRequirement(of: check, in: rule, offering: preflight.offered) {
                        result = unmetResult(unmet, of: check, in: rule)
                    } else {
                        result = CheckResult(
                            id: check.id, name: check.name, status: rule.level == .must ? .fail : .warn,
                            message: "\(rule.id): adapter error: \(problem)",
                            failure: .init(kind: .adapterError, actual: problem.message, location: check.location))
                    }
                    observe(check, result)
                    return result
                })
        }
        let each: @Sendable (Check) async -> CheckResult = { check in
            let result = await run(check, of: rule, offering: preflight.offered)
            observe(check, result)
            return result
        }
        let results =
            subject.capabilities.runsOneCheckAtATime ? await checks.serialMap(each) : await checks.concurrentMap(each)
        return RuleResult(rule: rule, checks: results)
    }

    func run(_ check: Check, of rule: Rule, offering facets: Set<Facet>) async -> CheckResult {
        if let unmet = unmetRequirement(of: check, in: rule, offering: facets) {
            return unmetResult(unmet, of: check, in: rule)
        }
        let start = ContinuousClock.now
        var result = await verdict(of: check, of: rule, offering: facets)
        result.durationSeconds = (ContinuousClock.now - start).seconds
        return result
    }

    private func verdict(of check: Check, of rule: Rule, offering facets: Set<Facet>) async -> CheckResult {
        let identity = subject.capabilities.keepsAccountsBetweenChecks ? CheckIdentity.newTag() : ""
        let world = World(seed: CheckIdentity.seed(options.seed, marked: identity))
        let context = CheckContext(subject: subject, world: world, rule: rule)
        let watch = HangWatch(concurrency: subject.capabilities.concurrency, quietLimit: options.watchdog, world: world)
        let body = { () async -> HangWatch.Outcome<Result<Void, any Error>> in
            await watch.run(
                { () -> Result<Void, any Error> in
                    await CheckProgress.$current.withValue(context.progress) {
                        await CheckIdentity.$tag.withValue(identity) {
                            do { return .success(try await check.body(context)) } catch { return .failure(error) }
                        }
                    }
                }, whenHung: { context.progress.freeze() })
        }
        // A run of one check at a time takes its slot ahead of the parallel runs' queued checks (CheckSlots).
        let outcome =
            subject.capabilities.runsOneCheckAtATime
            ? await options.slots.withSlotAhead(body) : await options.slots.withSlot(body)
        // Rendered only for a failure, which shows it: most checks pass, and rendering every event of their worlds was
        // a twentieth of an in-process run.
        let transcript = { world.transcript.all.map(\.description) }
        let failed = rule.level == .must ? ConformanceStatus.fail : .warn
        func failure(_ message: String, _ detail: CheckResult.Failure) -> CheckResult {
            // A check that needed a step the server does not serve never reached what the rule is about.
            if let step = world.transcript.events({ event in
                if case .network(.notOffered(let request, let answer)) = event { (request, answer) } else { nil }
            }).first {
                return CheckResult(
                    id: check.id, name: check.name, status: .notJudged,
                    message: "\(rule.id): not judged: a step of the check is not offered by the server: \(step.0) "
                        + "answered \(step.1)", failure: detail)
            }
            return CheckResult(
                id: check.id, name: check.name, status: failed, message: "\(rule.id): \(message)", failure: detail)
        }
        let result: Result<Void, any Error>
        switch outcome {
        case .finished(let finished): result = finished
        case .parked, .quiet:
            let waitingFor = context.progress.current
            return failure(
                Hang(outcome, waitingFor: waitingFor, world: world).description,
                .init(kind: .hang, location: check.location, waitingFor: waitingFor, transcript: transcript()))
        }
        switch result {
        case .success: return CheckResult(id: check.id, name: check.name, status: .pass)
        case .failure(let reason as NotApplicable):
            return CheckResult(id: check.id, name: check.name, status: .notApplicable, message: reason.reason)
        case .failure(let reason as NotJudged):
            return CheckResult(
                id: check.id, name: check.name, status: .notJudged, message: "\(rule.id): not judged: \(reason.reason)")
        case .failure(let assertion as CheckFailure):
            return failure(
                assertion.message,
                .init(
                    kind: .assertion, expected: assertion.expected, actual: assertion.actual,
                    location: assertion.location, transcript: transcript(), issues: assertion.issues))
        case .failure(let adapter as AdapterError):
            return failure(
                "adapter error: \(adapter)",
                .init(kind: .adapterError, actual: adapter.message, location: check.location, transcript: transcript()))
        case .failure(let error):
            return failure(
                "the check stopped on an unexpected error (\(type(of: error)))",
                .init(kind: .unexpectedError, actual: "\(error)", location: check.location, transcript: transcript()))
        }
    }

    /// The result of a check whose requirement `unmet` the subject does not meet: not applicable where the subject
    /// lacks what the rule is about (a flow, a facet) or what the rules leave to production (time it can move, outside
    /// parties, an outbox); not judged where the suite lacks a seam to see what the rule is about
    /// (``Requirement/isSeam(under:)``), so that its rule never reads PASS on it. Either way with the reason, and the
    /// way to offer what is missing.
    private func unmetResult(_ unmet: Requirement, of check: Check, in rule: Rule) -> CheckResult {
        let capabilities = subject.capabilities
        let offer =
            unmet.isSeam(under: capabilities) ? unmet.howToOfferSeam(under: capabilities) : subject.howToOffer(unmet)
        let message = reason(unmet, of: check, in: rule) + (offer.map { "; \($0)" } ?? "")
        guard unmet.isSeam(under: capabilities) else {
            return CheckResult(id: check.id, name: check.name, status: .notApplicable, message: message)
        }
        return CheckResult(
            id: check.id, name: check.name, status: .notJudged, message: "\(rule.id): not judged: \(message)")
    }

    private func reason(_ unmet: Requirement, of check: Check, in rule: Rule) -> String {
        if unmet == .deliveries {
            let needsTexts = flows(of: check, in: rule).contains(where: \.needsTexts)
            return needsTexts && !subject.capabilities.readsTexts
                ? "the suite cannot read the texts the backend sends (readsTexts; over HTTP, a text outbox)"
                : "the suite cannot read the mails the backend sends (readsMails; over HTTP, an email outbox or the "
                    + "administrator's returnOobLink)"
        }
        if unmet == .worldClock, subject.capabilities.runsOnWorldClock {
            return "the check moves the server's clock, and the subject's clients keep the system's time "
                + "(clientsRunOnWorldClock is false): they would not see the time it moves"
        }
        if unmet.isSeam(under: subject.capabilities) {
            return "the check needs \(unmet), which the subject does not offer"
        }
        guard case .flow = unmet else { return "the subject does not declare \(unmet)" }
        let declared = subject.capabilities.flows.map(\.rawValue).sorted()
        return "the subject does not declare \(unmet) (its flows: "
            + (declared.isEmpty ? "none" : declared.joined(separator: ", ")) + ")"
    }

    /// The first thing the check needs that the subject does not declare, if any: what makes it not applicable before
    /// what leaves it not judged, so that a check of a flow the subject lacks is not applicable, whatever its seams.
    private func unmetRequirement(of check: Check, in rule: Rule, offering facets: Set<Facet>) -> Requirement? {
        let unmet = unmetRequirements(of: check, in: rule, offering: facets)
        return unmet.first { !$0.isSeam(under: subject.capabilities) } ?? unmet.first
    }

    private func unmetRequirements(of check: Check, in rule: Rule, offering facets: Set<Facet>) -> [Requirement] {
        let capabilities = subject.capabilities
        let flows = flows(of: check, in: rule)
        let needs =
            (rule.flow == .general ? [] : [Requirement.flow(rule.flow)]) + check.requirements
            + (flows.contains(where: \.needsDeliveries) && !check.readsNoDelivery ? [.deliveries] : [])
        // Where texts cannot be read, the multi-factor checks take the fixed codes of test numbers
        // (Flow.readsOnlyCodes), a phone sign-in among their steps included.
        var readable = capabilities
        if (rule.flow == .general ? flows : [rule.flow]).allSatisfy({ !$0.needsTexts || $0.readsOnlyCodes }),
            PhoneNumbers.fixedCodeNumbers.isSubset(of: capabilities.fixedCodeNumbers)
        {
            readable.readsTexts = true
        }
        // What the deliveries are: the texts or mails the check's flows need, or a mail where they need neither.
        let readsDeliveries =
            flows.contains(where: \.needsDeliveries)
            ? flows.allSatisfy { $0.isReadable(under: readable) } : readable.readsMails
        return needs.filter { requirement in
            switch requirement {
            case .flow(let flow): !capabilities.implements(flow)
            case .facet(let facet): !facets.contains(facet)
            case .worldClock: !capabilities.runsOnWorldClock || !capabilities.clientsRunOnWorldClock
            case .worldParties: !capabilities.reachesWorldParties
            case .worldNetwork: !capabilities.sendsRequestsThroughWorldNetwork
            case .worldKeychain: !capabilities.persistsUserInWorldKeychain
            case .deliveries: !readsDeliveries
            }
        }
    }

    /// The flows a check is of: its rule's, and those it requires.
    private func flows(of check: Check, in rule: Rule) -> [Flow] {
        (rule.flow == .general ? [] : [rule.flow])
            + check.requirements.compactMap { requirement in if case .flow(let flow) = requirement { flow } else { nil }
            }
    }
}
