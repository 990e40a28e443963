/// A message the subject sent to a person: a text or an email, as the world delivered it.
package enum OutboundMessage: Sendable, Hashable, CustomStringConvertible {
    case sms(SMSMessage)
    case email(Email)

    init?(_ event: WorldEvent) {
        switch event {
        case .sms(.delivered(let message)): self = .sms(message)
        case .mail(.delivered(let email)): self = .email(email)
        default: return nil
        }
    }

    package var description: String {
        switch self {
        case .sms(let message): SMSEvent.delivered(message).description
        case .email(let email): MailEvent.delivered(email).description
        }
    }
}

/// What ``Outbound/finish()`` found nobody had read, as swift-nio's `EmbeddedChannel.finish()` answers: clean,
/// or the left-over messages in the order they were delivered.
package enum OutboundLeftOvers: Sendable, Hashable, CustomStringConvertible {
    case clean
    case leftOvers([OutboundMessage])

    package var isClean: Bool { self == .clean }

    package var messages: [OutboundMessage] {
        switch self {
        case .clean: []
        case .leftOvers(let messages): messages
        }
    }

    package var texts: [SMSMessage] { messages.compactMap { if case .sms(let message) = $0 { message } else { nil } } }

    package var emails: [Email] { messages.compactMap { if case .email(let email) = $0 { email } else { nil } } }

    package var description: String {
        switch self {
        case .clean: "nothing"
        case .leftOvers(let messages): messages.map(\.description).joined(separator: "; ")
        }
    }
}
