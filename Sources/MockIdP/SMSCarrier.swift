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

/// Delivers text messages to phone numbers and keeps every number's inbox.
public final class SMSCarrier: Sendable {
    private let transcript: Transcript
    private let courier: Courier

    init(transcript: Transcript, stalls: Stalls) {
        self.transcript = transcript
        courier = Courier(party: "SMS carrier", failure: "carrier error 503", transcript: transcript, stalls: stalls)
    }

    public func set(_ mode: DeliveryMode) { courier.set(mode) }

    public func send(to number: String, text: String, language: String?) async throws(PartyError) {
        try await courier.deliver(
            .smsDelivered(SMSMessage(to: number, text: text, language: language)), refused: { .smsRefused(to: number, reason: $0) },
            stalled: .smsStalled(to: number))
    }

    /// Every message delivered, in order.
    public var messages: [SMSMessage] {
        transcript.events { if case .smsDelivered(let message) = $0 { message } else { nil } }
    }

    public func inbox(_ number: String) -> [SMSMessage] { messages.filter { $0.to == number } }
}
