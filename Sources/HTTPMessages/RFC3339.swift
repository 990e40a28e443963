import Foundation
import Synchronization

/// The times Identity Toolkit bodies carry (`enrolledAt`, the time control's `now`): RFC 3339, written with
/// milliseconds (`2026-01-01T00:00:00.000Z`) as the server writes them, read with or without fractional seconds as the
/// client reads them. The formatters are made once and kept: making one per call (a Core Foundation object) was a
/// visible part of both sides' time over HTTP, where every `getAccountInfo` answer carries such times.
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
        if let date = canonicalDate(text) { return date }
        return formatters.withLock { $0.fractional.date(from: text) ?? $0.whole.date(from: text) }
    }

    /// `YYYY-MM-DDTHH:MM:SS.sssZ` or `YYYY-MM-DDTHH:MM:SSZ` with every field in range, read by hand: the formatter
    /// (ICU) was a twelfth of the HTTP client's CPU, reading the times of every account lookup. The same date as the
    /// formatter's (RFC3339Tests); any other text, the formatter reads.
    package static func canonicalDate(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 20 || (bytes.count == 24 && bytes[19] == UInt8(ascii: ".")), bytes[4] == 0x2D,
                bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
                bytes[bytes.count - 1] == 0x5A
            else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for index in start..<(start + count) {
                    let digit = Int(bytes[index]) - 0x30
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
                let minute = number(14, 2), let second = number(17, 2),
                let milliseconds = bytes.count == 24 ? number(20, 3) : 0, (1000...9999).contains(year),
                (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
                second < 60
            else { return nil }
            let seconds =
                daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            return Date(timeIntervalSince1970: Double(seconds * 1000 + milliseconds) / 1000)
        }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (the civil-from-days inverse: eras of
    /// 400 years, March-based years so that the leap day comes last).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package static func text(_ date: Date) -> String { formatters.withLock { $0.fractional.string(from: date) } }
}
