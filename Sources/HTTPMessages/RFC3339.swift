import Foundation
import Synchronization

/// The times Identity Toolkit bodies carry (`enrolledAt`, the time control's `now`): RFC 3339, written with
/// milliseconds (`2026-01-01T00:00:00.000Z`) as the server writes them, read with or without fractional seconds as the
/// client reads them. The formatters are made once and kept: making one per call (a Core Foundation object) was a
/// visible part of both sides' time over HTTP, where every `getAccountInfo` answer carries such times (issue 32).
package enum RFC3339 {
    private static let formatters = Mutex(Formatters())

    private struct Formatters {
        let fractional = ISO8601DateFormatter()
        let whole = ISO8601DateFormatter()

        init() {
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            whole.formatOptions = [.withInternetDateTime]
        }
    }

    package static func date(_ text: String) -> Date? {
        formatters.withLock { $0.fractional.date(from: text) ?? $0.whole.date(from: text) }
    }

    package static func text(_ date: Date) -> String { formatters.withLock { $0.fractional.string(from: date) } }
}
