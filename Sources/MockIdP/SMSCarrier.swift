import Synchronization

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
    public enum Mode: Sendable, Hashable {
        case delivering
        /// Every message is refused with an error.
        case failing
        /// The carrier never answers; virtual time passes while the caller waits (see ``Stalls``).
        case stalling
    }

    private let mode = Mutex(Mode.delivering)
    private let transcript: Transcript
    private let stalls: Stalls

    init(transcript: Transcript, stalls: Stalls) {
        self.transcript = transcript
        self.stalls = stalls
    }

    public func set(_ mode: Mode) { self.mode.withLock { $0 = mode } }

    public func send(to number: String, text: String, language: String?) async throws(PartyError) {
        switch mode.withLock({ $0 }) {
        case .delivering:
            transcript.record(.smsDelivered(SMSMessage(to: number, text: text, language: language)))
        case .failing:
            transcript.record(.smsRefused(to: number, reason: "carrier error 503"))
            throw .failed(reason: "carrier error 503")
        case .stalling:
            transcript.record(.smsStalled(to: number))
            try await stalls.stall(party: "SMS carrier")
        }
    }

    /// Every message delivered, in order.
    public var messages: [SMSMessage] {
        transcript.all.compactMap { entry in
            if case .smsDelivered(let message) = entry.event { message } else { nil }
        }
    }

    public func inbox(_ number: String) -> [SMSMessage] { messages.filter { $0.to == number } }
}
