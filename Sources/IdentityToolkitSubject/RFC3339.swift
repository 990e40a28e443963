import Foundation
import Synchronization

/// Reads the times Identity Toolkit servers write (`enrolledAt`, the time control's `now`): RFC 3339, with or without
/// fractional seconds. Two formatters made once and kept: making one per call (a Core Foundation object) was a
/// twentieth of the client's time over HTTP, where every `getAccountInfo` answer carries such times (issue 32).
enum RFC3339 {
    private static let formatters = Mutex(Formatters())

    private struct Formatters {
        let fractional = ISO8601DateFormatter()
        let whole = ISO8601DateFormatter()

        init() {
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            whole.formatOptions = [.withInternetDateTime]
        }
    }

    static func date(_ text: String) -> Date? {
        formatters.withLock { $0.fractional.date(from: text) ?? $0.whole.date(from: text) }
    }
}
