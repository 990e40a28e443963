import MockIdP

/// The steps checks judge what crossed the boundary with: "exactly one" and "nothing else", on the world's one reader.
extension Outbound {
    /// The one unread SMS to `number`, now read. None, or two or more, fail the check, showing every text that reached
    /// `number` and every other message nobody has read.
    package func exactlyOneSMS(
        to number: String, filePath: String = #filePath, line: Int = #line
    ) throws(CheckFailure) -> SMSMessage {
        let texts = readAllSMS(to: number)
        guard texts.count != 1 else { return texts[0] }
        let others = unread
        let reached = texts.isEmpty ? "none" : Self.shown(texts.map(OutboundMessage.sms))
        throw CheckFailure(
            "not exactly one SMS reached \(number)", expected: "exactly one SMS to \(number)",
            actual: reached + (others.isEmpty ? "" : "; unread besides: \(Self.shown(others))"), filePath: filePath,
            line: line)
    }

    /// Fails the check unless every message that crossed has been read: "nothing else" (``finish()`` clean).
    package func expectNothingElse(
        _ situation: String, filePath: String = #filePath, line: Int = #line
    ) throws(CheckFailure) {
        let left = finish()
        guard !left.isClean else { return }
        throw CheckFailure(
            "\(situation), yet more crossed the boundary", expected: "nothing else", actual: "\(left)",
            filePath: filePath, line: line)
    }

    private static func shown(_ messages: [OutboundMessage]) -> String {
        messages.map(\.description).joined(separator: "; ")
    }
}
