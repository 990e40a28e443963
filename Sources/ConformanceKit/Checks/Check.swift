/// One executable piece of evidence for a rule: drives a flow as a user would in a fresh world and throws
/// ``CheckFailure`` when the subject's answers or the world's transcript contradict the rule.
public struct Check: Sendable {
    public let name: String
    let body: @Sendable (CheckContext) async throws -> Void

    public init(_ name: String, _ body: @escaping @Sendable (CheckContext) async throws -> Void) {
        self.name = name
        self.body = body
    }
}

/// Thrown by a check when the subject does not follow the rule. The runner adds the rule ID and the
/// world's transcript to the message.
public struct CheckFailure: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Thrown by a check when it does not apply to this subject (a capability it did not declare).
public struct NotApplicable: Error, Sendable {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }
}
