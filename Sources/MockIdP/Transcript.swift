import Foundation
import Synchronization

/// Something that crossed the boundary between the subject and the outside world: one party's event.
package enum WorldEvent: Sendable, Hashable, CustomStringConvertible {
    case sms(SMSEvent)
    case mail(MailEvent)
    case push(PushEvent)
    case recaptcha(ReCaptchaEvent)
    case device(DeviceEvent)
    case stall(StallEvent)
    case github(GitHubEvent)
    case browser(BrowserEvent)
    case apple(AppleEvent)
    case network(NetworkEvent)

    /// Whether the event is something that reached the world outside the subject: every event but a request the HTTP
    /// subject sent the server it judges.
    package var reachesTheWorld: Bool {
        if case .network(.exchanged) = self { return false }
        return true
    }

    package var description: String {
        switch self {
        case .sms(let event): event.description
        case .mail(let event): event.description
        case .push(let event): event.description
        case .recaptcha(let event): event.description
        case .device(let event): event.description
        case .stall(let event): event.description
        case .github(let event): event.description
        case .browser(let event): event.description
        case .apple(let event): event.description
        case .network(let event): event.description
        }
    }
}

package struct TranscriptEntry: Sendable, Hashable, CustomStringConvertible {
    package let sequence: Int
    package let time: VirtualClock.Instant
    package let event: WorldEvent

    package var description: String { "#\(sequence) \(time) \(event)" }
}

/// The ordered record of everything that crossed the boundary. Parties write to it; checks read it.
package final class Transcript: Sendable {
    private let entries = Mutex<[TranscriptEntry]>([])
    private let clock: VirtualClock

    package init(clock: VirtualClock) { self.clock = clock }

    @discardableResult
    package func record(_ event: WorldEvent) -> TranscriptEntry {
        let now = clock.now
        return entries.withLock { entries in
            let entry = TranscriptEntry(sequence: entries.count + 1, time: now, event: event)
            entries.append(entry)
            return entry
        }
    }

    package var all: [TranscriptEntry] { entries.withLock { $0 } }

    /// How many events the world has seen.
    package var count: Int { entries.withLock { $0.count } }

    package func entries(where predicate: (WorldEvent) -> Bool) -> [TranscriptEntry] {
        all.filter { predicate($0.event) }
    }

    /// The values `extract` finds in the events, in order: e.g. every delivered SMS.
    package func events<T>(_ extract: (WorldEvent) -> T?) -> [T] { all.compactMap { extract($0.event) } }

    /// The transcript as numbered lines, for failure evidence.
    package func rendered(last count: Int = 20) -> String {
        let all = all
        guard !all.isEmpty else { return "(nothing crossed the boundary)" }
        let shown = all.suffix(count)
        let skipped = all.count - shown.count
        return ((skipped > 0 ? ["… \(skipped) earlier entries"] : []) + shown.map(\.description)).joined(
            separator: "\n")
    }
}

extension [String: String] {
    /// `key: value, …` in key order, for transcripts.
    var rendered: String { sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") }
}
