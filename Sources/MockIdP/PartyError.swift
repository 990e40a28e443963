/// How a party of the outside world refuses or fails a request.
public enum PartyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The party cannot be reached or does not offer the service right now.
    case unavailable
    /// The party answered with an error.
    case failed(reason: String)
    /// The person at the device dismissed the challenge.
    case cancelledByUser
    /// The caller gave up (its task was cancelled) before the party answered.
    case abandoned

    public var description: String {
        switch self {
        case .unavailable: "unavailable"
        case .failed(let reason): "failed: \(reason)"
        case .cancelledByUser: "cancelled by the user"
        case .abandoned: "abandoned by the caller"
        }
    }
}
