import Foundation
import Synchronization

/// An email as the mail server delivered it.
public struct Email: Sendable, Hashable {
    public let to: String
    public let subject: String
    public let body: String

    public init(to: String, subject: String, body: String) {
        self.to = to
        self.subject = subject
        self.body = body
    }

    /// The `http(s)` links in the body, in order, as a person would tap them.
    public var links: [URL] {
        body.split(whereSeparator: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" })
            .filter { $0.hasPrefix("https://") || $0.hasPrefix("http://") }
            .compactMap { URL(string: String($0)) }
    }
}

/// Delivers email and keeps every address's inbox.
public final class Mailbox: Sendable {
    public enum Mode: Sendable, Hashable {
        case delivering
        case failing
        /// The server never answers; virtual time passes while the caller waits (see ``Stalls``).
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

    public func send(to address: String, subject: String, body: String) async throws(PartyError) {
        switch mode.withLock({ $0 }) {
        case .delivering:
            transcript.record(.mailDelivered(Email(to: address, subject: subject, body: body)))
        case .failing:
            transcript.record(.mailRefused(to: address, reason: "mail server error 451"))
            throw .failed(reason: "mail server error 451")
        case .stalling:
            transcript.record(.mailStalled(to: address))
            try await stalls.stall(party: "mail server")
        }
    }

    /// Every email delivered, in order.
    public var messages: [Email] {
        transcript.all.compactMap { entry in
            if case .mailDelivered(let email) = entry.event { email } else { nil }
        }
    }

    /// The emails delivered to `address` (compared case-insensitively, as mailboxes are).
    public func inbox(_ address: String) -> [Email] { messages.filter { $0.to.lowercased() == address.lowercased() } }
}
