/// What a subject declares about itself. Rules of a flow it does not support are reported as not applicable;
/// where the documentation lets an implementation choose, the declaration says which choice it made.
public struct Capabilities: Sendable, Hashable {
    /// The flows the subject implements.
    public var flows: Set<Flow>
    /// Whether well-formed numbers that are not assigned in their country (e.g. `+15555550100`) are accepted (PHONE-1).
    public var acceptsUnassignedPhoneNumbers: Bool

    public init(flows: Set<Flow>, acceptsUnassignedPhoneNumbers: Bool) {
        self.flows = flows
        self.acceptsUnassignedPhoneNumbers = acceptsUnassignedPhoneNumbers
    }
}

/// The areas of the rule catalogue. `general` rules apply to every subject.
public enum Flow: String, Sendable, Hashable, CaseIterable, Codable {
    case phone
    case multiFactor
    case emailLink
    case oauth
    case apple
    case general
}
