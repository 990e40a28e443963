/// A check that must catch a variant, and how it must fail: the audit counts a variant as caught only when one of
/// the checks it names fails (or warns, for a SHOULD) with this kind, so a hang, an adapter error or another check
/// of the same rule tripping over a side effect never passes for the catch meant.
public struct ExpectedCatch: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The check, by its ID: `PHONE-8/exact-lifetime`.
    public let check: CheckID
    /// `assertion` for a behaviour the check asserts; `hang` only for a variant whose very fault is a hang.
    public let kind: CheckResult.Failure.Kind

    public init(check: CheckID, kind: CheckResult.Failure.Kind = .assertion) {
        self.check = check
        self.kind = kind
    }

    /// The check's rule.
    public var rule: RuleID { check.rule }

    /// The check must fail an assertion: `.assertion("PHONE-8/exact-lifetime")`.
    public static func assertion(_ check: CheckID) -> ExpectedCatch { ExpectedCatch(check: check) }

    /// The check must hang: only for a variant whose fault is that something never happens.
    public static func hang(_ check: CheckID) -> ExpectedCatch { ExpectedCatch(check: check, kind: .hang) }

    /// The check must crash the process: for a variant whose fault kills it (a continuation resumed twice), audited by
    /// the command, which runs each variant's checks in worker processes.
    public static func crash(_ check: CheckID) -> ExpectedCatch { ExpectedCatch(check: check, kind: .crash) }

    public var description: String { "\(check) (\(kind.rawValue))" }

    /// Whether `failure` is this catch.
    public func matches(_ failure: FailedCheck) -> Bool { failure.check == check && failure.kind == kind }
}

/// A check that failed or warned against a variant, and how.
public struct FailedCheck: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The check, by its ID: `PHONE-8/exact-lifetime`.
    public let check: CheckID
    public let status: ConformanceStatus
    /// Nil only for a failure that carries no kind.
    public let kind: CheckResult.Failure.Kind?

    public init(check: CheckID, status: ConformanceStatus, kind: CheckResult.Failure.Kind?) {
        self.check = check
        self.status = status
        self.kind = kind
    }

    /// The check's rule.
    public var rule: RuleID { check.rule }

    public var description: String { "\(check) (\(kind?.rawValue ?? status.rawValue))" }
}
