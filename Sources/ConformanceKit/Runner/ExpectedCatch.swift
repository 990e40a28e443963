/// A check that must catch a variant, and how it must fail: the audit counts a variant as caught only when one of
/// the checks it names fails (or warns, for a SHOULD) with this kind, so a hang, an adapter error or another check
/// of the same rule tripping over a side effect never passes for the catch meant.
public struct ExpectedCatch: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rule: RuleID
    /// The check's name, as the rule declares it.
    public let check: String
    /// `assertion` for a behaviour the check asserts; `hang` only for a variant whose very fault is a hang.
    public let kind: CheckResult.Failure.Kind

    public init(rule: RuleID, check: String, kind: CheckResult.Failure.Kind = .assertion) {
        self.rule = rule
        self.check = check
        self.kind = kind
    }

    /// The check must fail an assertion.
    public static func assertion(_ rule: RuleID, _ check: String) -> ExpectedCatch {
        ExpectedCatch(rule: rule, check: check)
    }

    /// The check must hang: only for a variant whose fault is that something never happens.
    public static func hang(_ rule: RuleID, _ check: String) -> ExpectedCatch {
        ExpectedCatch(rule: rule, check: check, kind: .hang)
    }

    public var description: String { "\(rule) “\(check)” (\(kind.rawValue))" }

    /// Whether `failure` is this catch.
    public func matches(_ failure: FailedCheck) -> Bool {
        failure.rule == rule && failure.check == check && failure.kind == kind
    }
}

/// A check that failed or warned against a variant, and how.
public struct FailedCheck: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rule: RuleID
    public let check: String
    public let status: ConformanceStatus
    /// Nil only for a failure that carries no kind.
    public let kind: CheckResult.Failure.Kind?

    public init(rule: RuleID, check: String, status: ConformanceStatus, kind: CheckResult.Failure.Kind?) {
        self.rule = rule
        self.check = check
        self.status = status
        self.kind = kind
    }

    public var description: String { "\(rule) “\(check)” (\(kind?.rawValue ?? status.rawValue))" }
}
