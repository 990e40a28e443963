/// One executable piece of evidence for a rule: drives a flow as a user would in a fresh world and throws
/// ``CheckFailure`` when the subject's answers or the world's transcript contradict the rule.
package struct Check: Sendable {
    /// `RULE/identifier`: the identifier the rule file gives, under the rule the check is put in (``Rule`` sets it).
    package internal(set) var id: CheckID
    /// The sentence, for people: free to change, unlike ``id``.
    package let name: String
    /// What the subject must declare for the check to apply, besides its rule's flow.
    package let requirements: [Requirement]
    /// Where the check is written, for failure reports.
    package let location: CheckLocation
    /// Whether the check reads nothing the backend texts or mails: it signs in with test phone numbers only, whose
    /// fixed codes the project configuration holds, or it judges the backend's answers alone (a continue URL refused
    /// or accepted). It applies where the suite cannot read the deliveries (a server with no outbox, as production
    /// is); its rule's flow needs no ``Requirement/deliveries`` for it.
    package let readsNoDelivery: Bool
    let body: @Sendable (CheckContext) async throws -> Void

    /// `id` is the check's stable identifier within its rule (`exact-lifetime`, see ``CheckID``); `name` its sentence.
    package init(
        id identifier: String, _ name: String, requires requirements: [Requirement] = [], readsNoDelivery: Bool = false,
        filePath: String = #filePath, line: Int = #line, _ body: @escaping @Sendable (CheckContext) async throws -> Void
    ) {
        id = CheckID(rule: "", identifier)
        self.name = name
        self.requirements = requirements
        self.readsNoDelivery = readsNoDelivery
        location = CheckLocation(filePath: filePath, line: line)
        self.body = body
    }
}

/// What a check needs the subject to declare; a check whose needs are not met is not applicable, or not judged where
/// what is missing is a seam through which the suite sees the subject (the world's network, keychain, or clock under
/// the subject's clients).
public enum Requirement: Sendable, Hashable, CustomStringConvertible {
    /// The subject implements the flow.
    case flow(Flow)
    /// The subject's client offers the facet.
    case facet(Facet)
    /// The subject keeps time on the world's clock, so the check can make time pass: its backend
    /// (``Capabilities/runsOnWorldClock``) and its clients (``Capabilities/clientsRunOnWorldClock``).
    case worldClock
    /// The subject's backend reaches the outside world through the world's parties
    /// (``Capabilities/reachesWorldParties``).
    case worldParties
    /// The subject's clients send their backend requests through the world's network
    /// (``Capabilities/sendsRequestsThroughWorldNetwork``), so a check can hold one in flight.
    case worldNetwork
    /// The subject's clients keep the signed-in user in their device's keychain in the world
    /// (``Capabilities/persistsUserInWorldKeychain``), so an app launched again on the device finds what persisted.
    case worldKeychain
    /// The suite reads what the backend texts and mails: every check of a flow whose sign-in needs a text
    /// (``Flow/needsTexts``, ``Capabilities/readsTexts``) or a mail (``Flow/needsMails``, ``Capabilities/readsMails``)
    /// needs it; a check that declares it beside flows that need neither needs a mail (a password reset's link).
    case deliveries

    public var description: String {
        switch self {
        case .flow(let flow): "the \(flow) flow"
        case .facet(let facet): "the `\(facet)` facet"
        case .worldClock: "time on the world's clock"
        case .worldParties:
            "a backend that reaches the world's parties (SMS carrier, mail server, push, providers) itself"
        case .worldNetwork:
            "clients that send their backend requests through the world's network (sendsRequestsThroughWorldNetwork)"
        case .worldKeychain:
            "clients that keep the signed-in user in their device's keychain in the world (persistsUserInWorldKeychain)"
        case .deliveries:
            "the texts and mails the backend sends, where the suite can read them (an outbox; readsDeliveries)"
        }
    }
}

/// A line of a rule file (or of this package), for failure reports: shown relative to the package
/// (`Sources/ConformanceKit/Rules/Phone/PHONE-03-OneSMS.swift:12`), with the full path kept for IDEs.
public struct CheckLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The full path, as `#filePath` gives it.
    public let filePath: String
    public let line: Int

    public init(filePath: String, line: Int) {
        self.filePath = filePath
        self.line = line
    }

    /// The path relative to the package's root (the full path for a file outside it).
    public var file: String {
        guard let root = Self.packageRoot, filePath.hasPrefix(root) else { return filePath }
        return String(filePath.dropFirst(root.count))
    }

    public var description: String { "\(file):\(line)" }

    /// The package's root with its trailing `/`: this file is `Sources/ConformanceKit/Checks/Check.swift` in it.
    private static let packageRoot: String? = {
        let parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 4 else { return nil }
        return parts.dropLast(4).joined(separator: "/") + "/"
    }()

    private enum CodingKeys: String, CodingKey { case file, filePath, line }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            filePath: try container.decode(String.self, forKey: .filePath),
            line: try container.decode(Int.self, forKey: .line))
    }

    /// `{"file", "filePath", "line"}`: `file` is relative to the package, for people; `filePath` is the full path.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(filePath, forKey: .filePath)
        try container.encode(line, forKey: .line)
    }
}

/// Thrown by a check when the subject does not follow the rule: one sentence, with what the rule expects and what the
/// subject did as fields when the check can name them apart, where it is written, and the cases a check that records
/// and continues (``expectEveryCase(_:_:filePath:line:_:)``) found broken. The runner adds the rule ID and the world's
/// transcript; every report renders these fields, never text parsed back from the message.
package struct CheckFailure: Error, Sendable, CustomStringConvertible {
    package let message: String
    /// What the rule expects and what the subject did, when the check can name them apart.
    package let expected: String?
    package let actual: String?
    /// Where the failed expectation is written: the line of the rule file that called it.
    package let location: CheckLocation
    /// Every broken case of a check that recorded them and continued, each with its own fields.
    package let issues: [CheckResult.Issue]

    package init(
        _ message: String, expected: String? = nil, actual: String? = nil, issues: [CheckResult.Issue] = [],
        filePath: String = #filePath, line: Int = #line
    ) {
        self.message = message
        self.expected = expected
        self.actual = actual
        self.issues = issues
        location = CheckLocation(filePath: filePath, line: line)
    }

    /// The failure as one recorded issue.
    package var issue: CheckResult.Issue {
        CheckResult.Issue(message: message, expected: expected, actual: actual, location: location)
    }

    package var description: String { message }
}

/// Thrown by a check when the suite cannot see what it judges in this subject: a seam the subject does not offer
/// (``Requirement/isSeam(under:)``), or an answer it cannot tell right from wrong (the server's ID tokens are
/// unsigned, so a forged token reads as well as a genuine one). The check is not judged
/// (``ConformanceStatus/notJudged``), with the reason and, for a seam, the way to offer it; its rule never reads PASS
/// on it.
package struct NotJudged: Error, Sendable {
    package let reason: String

    package init(_ reason: String) { self.reason = reason }
}

/// Thrown by a check when it does not apply to this subject (a capability it did not declare).
package struct NotApplicable: Error, Sendable {
    package let reason: String

    package init(_ reason: String) { self.reason = reason }
}
