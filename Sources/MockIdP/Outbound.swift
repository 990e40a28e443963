import Synchronization

/// The one reader of the messages the subject sent to people (texts and emails), read the way swift-nio's
/// `EmbeddedChannel.readOutbound()` reads what a channel wrote: each read takes what nobody has read yet and
/// marks it read, and ``finish()`` hands back the rest as a typed "clean or left-overs" value, so "nothing else
/// crossed the boundary" is `finish().isClean`. The carrier and the mail server deliver; only this reads.
package final class Outbound: Sendable {
    private let transcript: Transcript
    private let read = Mutex<Set<Int>>([])

    init(transcript: Transcript) { self.transcript = transcript }

    /// The next unread SMS (to `number`, when given).
    package func readSMS(to number: String? = nil) -> SMSMessage? { readAllSMS(to: number, limit: 1).first }

    /// Every unread SMS (to `number`, when given), in order.
    package func readAllSMS(to number: String? = nil) -> [SMSMessage] { readAllSMS(to: number, limit: .max) }

    /// The next unread email (to `address`, compared case-insensitively as mailboxes are, when given).
    package func readEmail(to address: String? = nil) -> Email? { readAllEmails(to: address, limit: 1).first }

    /// Every unread email (to `address`, compared case-insensitively, when given), in order.
    package func readAllEmails(to address: String? = nil) -> [Email] { readAllEmails(to: address, limit: .max) }

    /// Every message not read yet, in order; they count as read afterwards.
    package func finish() -> OutboundLeftOvers {
        let messages = take(limit: .max) { $0 }
        return messages.isEmpty ? .clean : .leftOvers(messages)
    }

    /// What ``finish()`` would hand back, left unread: evidence for a failure message.
    package var unread: [OutboundMessage] {
        let entries = transcript.all
        return read.withLock { read in
            entries.filter { !read.contains($0.sequence) }.compactMap { OutboundMessage($0.event) }
        }
    }

    /// The last text delivered to `number`, read or not, left as it is: what a person sees on their phone. Judging
    /// what crossed (how many, to whom) uses the reads.
    package func latestSMS(to number: String) -> SMSMessage? {
        transcript.events { if case .sms(.delivered(let message)) = $0, message.to == number { message } else { nil } }
            .last
    }

    private func readAllSMS(to number: String?, limit: Int) -> [SMSMessage] {
        take(limit: limit) {
            if case .sms(let message) = $0, number == nil || message.to == number { message } else { nil }
        }
    }

    private func readAllEmails(to address: String?, limit: Int) -> [Email] {
        take(limit: limit) {
            if case .email(let email) = $0, address == nil || email.to.lowercased() == address?.lowercased() {
                email
            } else {
                nil
            }
        }
    }

    private func take<T>(limit: Int, _ match: (OutboundMessage) -> T?) -> [T] {
        let entries = transcript.all
        return read.withLock { read in
            var taken: [T] = []
            for entry in entries where taken.count < limit && !read.contains(entry.sequence) {
                if let message = OutboundMessage(entry.event), let value = match(message) {
                    read.insert(entry.sequence)
                    taken.append(value)
                }
            }
            return taken
        }
    }
}
