/// One executable piece of evidence for a rule: drives a flow as a user would in a fresh world and throws
/// ``CheckFailure`` when the subject's answers or the world's transcript contradict the rule.
package struct Check: Sendable {
    package let name: String
    /// What the subject must declare for the check to apply, besides its rule's flow.
    package let requirements: [Requirement]
    /// Where the check is written, for failure reports.
    package let location: CheckLocation
    let body: @Sendable (CheckContext) async throws -> Void

    package init(
        _ name: String, requires requirements: [Requirement] = [], fileID: String = #fileID, line: Int = #line,
        _ body: @escaping @Sendable (CheckContext) async throws -> Void
    ) {
        self.name = name
        self.requirements = requirements
        location = CheckLocation(fileID: fileID, line: line)
        self.body = body
    }
}

/// What a check needs the subject to declare; a check whose needs are not met is not applicable.
public enum Requirement: Sendable, Hashable, CustomStringConvertible {
    /// The subject implements the flow.
    case flow(Flow)
    /// The subject's client offers the facet.
    case facet(Facet)
    /// The subject keeps time on the world's clock, so the check can make time pass.
    case worldClock
    /// The subject's backend reaches the outside world through the world's parties (``Capabilities/reachesWorldParties``).
    case worldParties
    /// The subject's clients send their backend requests through the world's network
    /// (``Capabilities/sendsRequestsThroughWorldNetwork``), so a check can hold one in flight.
    case worldNetwork

    public var description: String {
        switch self {
        case .flow(let flow): "the \(flow) flow"
        case .facet(let facet): "the `\(facet)` facet"
        case .worldClock: "time on the world's clock"
        case .worldParties: "a backend that reaches the world's parties (SMS carrier, mail server, push, providers) itself"
        case .worldNetwork: "clients that send their backend requests through the world's network (sendsRequestsThroughWorldNetwork)"
        }
    }
}

/// A file and line of this package, for failure reports (`Rules/Phone/PHONE-03-OneSMS.swift:12`).
public struct CheckLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public let fileID: String
    public let line: Int

    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    public var description: String { "\(fileID):\(line)" }
}

/// Thrown by a check when the subject does not follow the rule. The runner adds the rule ID and the
/// world's transcript.
package struct CheckFailure: Error, Sendable, CustomStringConvertible {
    package let message: String
    /// What the rule expects and what the subject did, when the check can name them apart.
    package let expected: String?
    package let actual: String?
    /// Where the failed expectation is written.
    package let location: CheckLocation?

    package init(_ message: String, expected: String? = nil, actual: String? = nil, fileID: String? = nil, line: Int? = nil) {
        self.message = message
        self.expected = expected
        self.actual = actual
        location = fileID.map { CheckLocation(fileID: $0, line: line ?? 0) }
    }

    package var description: String { message }
}

/// Thrown by a check when it does not apply to this subject (a capability it did not declare).
package struct NotApplicable: Error, Sendable {
    package let reason: String

    package init(_ reason: String) { self.reason = reason }
}
