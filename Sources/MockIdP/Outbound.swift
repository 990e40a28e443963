import Synchronization

/// The messages the subject sent to people (texts and emails), read one at a time the way swift-nio's
/// `EmbeddedChannel.readOutbound()` reads what a channel wrote. Each read takes the next unread message;
/// ``finish()`` hands back what nobody read and marks it read, so "nothing else crossed the boundary" is
/// `finish().isEmpty`.
public final class Outbound: Sendable {
    private let transcript: Transcript
    private let read = Mutex<Set<Int>>([])

    init(transcript: Transcript) { self.transcript = transcript }

    /// The next unread SMS (to `number`, when given).
    public func readSMS(to number: String? = nil) -> SMSMessage? {
        take { if case .sms(.delivered(let message)) = $0, number == nil || message.to == number { message } else { nil } }
    }

    /// The next unread email (to `address`, compared case-insensitively, when given).
    public func readEmail(to address: String? = nil) -> Email? {
        take { if case .mail(.delivered(let email)) = $0, address == nil || email.to.lowercased() == address?.lowercased() { email } else { nil } }
    }

    /// Every message not read yet, in order; they count as read afterwards.
    public func finish() -> [WorldEvent] {
        let unread = transcript.all.filter { entry in
            switch entry.event {
            case .sms(.delivered), .mail(.delivered): true
            default: false
            }
        }
        return read.withLock { read in unread.filter { read.insert($0.sequence).inserted }.map(\.event) }
    }

    private func take<T>(_ match: (WorldEvent) -> T?) -> T? {
        let entries = transcript.all
        return read.withLock { read in
            for entry in entries where !read.contains(entry.sequence) {
                if let value = match(entry.event) {
                    read.insert(entry.sequence)
                    return value
                }
            }
            return nil
        }
    }
}
