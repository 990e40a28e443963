import MockIdP

/// Runs rules' checks against a subject, each check in a world of its own, in parallel.
public struct ConformanceRunner: Sendable {
    public struct Options: Sendable {
        /// Real time a single check may take before it is failed as hung: the one real wait in the suite.
        public var watchdog: Duration
        /// Seed of every check's world.
        public var seed: UInt64

        public init(watchdog: Duration = .seconds(10), seed: UInt64 = 0x5EED_CAFE) {
            self.watchdog = watchdog
            self.seed = seed
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

    /// Runs every check of `rules` and reports per rule, in catalogue order.
    public func run(_ rules: [Rule] = RuleCatalogue.all) async -> ConformanceReport {
        let start = ContinuousClock.now
        let results = await rules.concurrentMap { await run($0) }
        let elapsed = ContinuousClock.now - start
        return ConformanceReport(subject: subject.name, results: results, durationSeconds: elapsed.seconds)
    }

    /// Runs the checks of one rule.
    public func run(_ rule: Rule) async -> RuleResult {
        RuleResult(rule: rule, checks: await rule.checks.concurrentMap { await run($0, of: rule) })
    }

    func run(_ check: Check, of rule: Rule) async -> CheckResult {
        if rule.flow != .general, !subject.capabilities.flows.contains(rule.flow) {
            return CheckResult(name: check.name, status: .notApplicable, message: "the subject does not declare the \(rule.flow) flow")
        }
        let world = World(seed: options.seed)
        let context = CheckContext(subject: subject, world: world, rule: rule)
        let watchdog = options.watchdog
        let outcome: Result<Void, any Error>? = await firstFinished([
            {
                do { return .success(try await check.body(context)) } catch { return .failure(error) }
            },
            {
                try? await Task.sleep(for: watchdog)  // the watchdog: the one real-time wait
                return nil
            },
        ])
        let evidence = "\n  world transcript:\n" + world.transcript.rendered().split(separator: "\n").map { "    \($0)" }.joined(separator: "\n")
        let failed = rule.level == .must ? ConformanceStatus.fail : .warn
        switch outcome {
        case .success:
            return CheckResult(name: check.name, status: .pass)
        case .failure(let reason as NotApplicable):
            return CheckResult(name: check.name, status: .notApplicable, message: reason.reason)
        case .failure(let failure as CheckFailure):
            return CheckResult(name: check.name, status: failed, message: "\(rule.id): \(failure.message)" + evidence)
        case .failure(let error):
            return CheckResult(name: check.name, status: failed, message: "\(rule.id): the check stopped on an unexpected error: \(error)" + evidence)
        case nil:
            let waitingFor = context.progress.current.map { " while waiting for \($0)" } ?? ""
            let stalled = world.stalls.pending.map { "; the \($0.party) has been stalling since \($0.since) and no deadline was set on the world's clock" }
            return CheckResult(
                name: check.name, status: failed,
                message: "\(rule.id): the check did not finish within the \(watchdog) watchdog\(waitingFor): the subject hangs"
                    + stalled.joined() + evidence)
        }
    }
}
