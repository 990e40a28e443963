import Foundation
import Synchronization

/// Writes the times the server answers with (`enrolledAt`, the time control's `now`) as Identity Toolkit does:
/// `2026-01-01T00:00:00.000Z`. One formatter, made once: making one per answer (a Core Foundation object) was a
/// visible part of the server's time, where every `getAccountInfo` of an enrolled user carries such a time.
enum ServedTime {
    private static let formatter = Mutex(Formatter())

    private struct Formatter {
        let iso8601 = ISO8601DateFormatter()
        init() { iso8601.formatOptions = [.withInternetDateTime, .withFractionalSeconds] }
    }

    static func text(_ date: Date) -> String { formatter.withLock { $0.iso8601.string(from: date) } }
}
