/// A text message as the carrier delivered it.
public struct SMSMessage: Sendable, Hashable {
    public let to: String
    public let text: String
    /// The language the sender declared for the text (its template's language), if any.
    public let language: String?

    public init(to: String, text: String, language: String?) {
        self.to = to
        self.text = text
        self.language = language
    }
}

/// What the SMS carrier did with a text.
package enum SMSEvent: Sendable, Hashable, CustomStringConvertible {
    case delivered(SMSMessage)
    case refused(to: String, reason: String)
    case stalled(to: String)

    public var description: String {
        switch self {
        case .delivered(let message): "SMS to \(message.to) [\(message.language ?? "no language")]: \"\(message.text)\""
        case .refused(let number, let reason): "SMS to \(number) refused by the carrier: \(reason)"
        case .stalled(let number): "SMS to \(number) stalled by the carrier (no answer)"
        }
    }
}

/// Delivers text messages to phone numbers; what it delivered is read through `Outbound`.
public final class SMSCarrier: Sendable {
    private let courier: Courier

    init(transcript: Transcript, stalls: Stalls) {
        courier = Courier(party: "SMS carrier", failure: "carrier error 503", transcript: transcript, stalls: stalls)
    }

    package func set(_ mode: DeliveryMode) { courier.set(mode) }

    /// Accepts every text from now on and keeps its sender waiting until the hold is released (then delivers it
    /// as the mode says); `onHeld` hears each text held, with how many are held so far.
    package func hold(onHeld: @escaping @Sendable (Int) -> Void = { _ in }) -> Hold { courier.hold(onHeld: onHeld) }

    public func send(to number: String, text: String, language: String?) async throws(PartyError) {
        try await courier.deliver(
            .sms(.delivered(SMSMessage(to: number, text: text, language: language))),
            refused: { .sms(.refused(to: number, reason: $0)) }, stalled: .sms(.stalled(to: number)))
    }
}
