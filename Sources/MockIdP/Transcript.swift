import Foundation
import Synchronization

/// Something that crossed the boundary between the subject and the outside world.
public enum WorldEvent: Sendable, Hashable, CustomStringConvertible {
    case smsDelivered(SMSMessage)
    case smsRefused(to: String, reason: String)
    case smsStalled(to: String)
    case pushDelivered(PushNotification)
    case pushUnavailable(deviceToken: String)
    case recaptchaPresented(on: Device, outcome: ReCaptcha.Outcome)
    case urlOpened(URL, on: Device, handled: Bool)
    case mailDelivered(Email)
    case mailRefused(to: String, reason: String)
    case mailStalled(to: String)
    case stallExhausted(party: String, after: Swift.Duration)

    public var description: String {
        switch self {
        case .smsDelivered(let message): "SMS to \(message.to) [\(message.language ?? "no language")]: \"\(message.text)\""
        case .smsRefused(let number, let reason): "SMS to \(number) refused by the carrier: \(reason)"
        case .smsStalled(let number): "SMS to \(number) stalled by the carrier (no answer)"
        case .pushDelivered(let push): "silent push to \(push.device) {\(push.userInfo.rendered)} handled by the app: \(push.handled)"
        case .pushUnavailable(let token): "silent push to token \(token) not possible: push channel unavailable"
        case .recaptchaPresented(let device, let outcome): "reCAPTCHA presented on \(device): \(outcome)"
        case .urlOpened(let url, let device, let handled): "URL opened on \(device): \(url.absoluteString) handled by the app: \(handled)"
        case .mailDelivered(let email): "email to \(email.to): \"\(email.subject)\" \(email.links.map(\.absoluteString))"
        case .mailRefused(let address, let reason): "email to \(address) refused by the mail server: \(reason)"
        case .mailStalled(let address): "email to \(address) stalled by the mail server (no answer)"
        case .stallExhausted(let party, let after): "\(party) kept the caller waiting for \(after.formatted) of virtual time without being abandoned"
        }
    }
}

public struct TranscriptEntry: Sendable, Hashable, CustomStringConvertible {
    public let sequence: Int
    public let time: VirtualClock.Instant
    public let event: WorldEvent

    public var description: String { "#\(sequence) \(time) \(event)" }
}

/// The ordered record of everything that crossed the boundary. Parties write to it; checks read it.
public final class Transcript: Sendable {
    private let entries = Mutex<[TranscriptEntry]>([])
    private let clock: VirtualClock

    public init(clock: VirtualClock) { self.clock = clock }

    @discardableResult
    public func record(_ event: WorldEvent) -> TranscriptEntry {
        let now = clock.now
        return entries.withLock { entries in
            let entry = TranscriptEntry(sequence: entries.count + 1, time: now, event: event)
            entries.append(entry)
            return entry
        }
    }

    public var all: [TranscriptEntry] { entries.withLock { $0 } }

    public func entries(where predicate: (WorldEvent) -> Bool) -> [TranscriptEntry] {
        all.filter { predicate($0.event) }
    }

    /// The values `extract` finds in the events, in order: e.g. every delivered SMS.
    public func events<T>(_ extract: (WorldEvent) -> T?) -> [T] {
        all.compactMap { extract($0.event) }
    }

    /// The transcript as numbered lines, for failure evidence.
    public func rendered(last count: Int = 20) -> String {
        let all = all
        guard !all.isEmpty else { return "(nothing crossed the boundary)" }
        let shown = all.suffix(count)
        let skipped = all.count - shown.count
        return ((skipped > 0 ? ["… \(skipped) earlier entries"] : []) + shown.map(\.description)).joined(separator: "\n")
    }
}

extension [String: String] {
    /// `key: value, …` in key order, for transcripts.
    var rendered: String { sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") }
}
