import Foundation

/// An email as the mail server delivered it.
public struct Email: Sendable, Hashable {
    public let to: String
    public let subject: String
    public let body: String
    /// The `http(s)` links in the body, in order, as a person would tap them (``LinkDetector``): found once, when the
    /// email is written, since every reader of the mail (a check, the transcript, the served outbox) asks for them.
    public let links: [URL]

    public init(to: String, subject: String, body: String) {
        self.to = to
        self.subject = subject
        self.body = body
        links = LinkDetector.links(in: body)
    }
}

/// What the mail server did with an email.
package enum MailEvent: Sendable, Hashable, CustomStringConvertible {
    case delivered(Email)
    case refused(to: String, reason: String)
    case stalled(to: String)

    public var description: String {
        switch self {
        case .delivered(let email): "email to \(email.to): \"\(email.subject)\" \(email.links.map(\.absoluteString))"
        case .refused(let address, let reason): "email to \(address) refused by the mail server: \(reason)"
        case .stalled(let address): "email to \(address) stalled by the mail server (no answer)"
        }
    }
}

/// Delivers email; what it delivered is read through `Outbound`.
public final class Mailbox: Sendable {
    private let courier: Courier

    init(transcript: Transcript, stalls: Stalls) {
        courier = Courier(
            party: "mail server", failure: "mail server error 451", transcript: transcript, stalls: stalls)
    }

    package func set(_ mode: DeliveryMode) { courier.set(mode) }

    public func send(to address: String, subject: String, body: String) async throws(PartyError) {
        try await courier.deliver(
            .mail(.delivered(Email(to: address, subject: subject, body: body))),
            refused: { .mail(.refused(to: address, reason: $0)) }, stalled: .mail(.stalled(to: address)))
    }
}
