import Foundation
import HTTPMessages
import Testing

/// The times in Identity Toolkit bodies, read by hand in their usual shapes: the same dates as the formatter reads.
@Suite("RFC 3339 times")
struct RFC3339Tests {
    private static func formatter(fractional: Bool) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter
    }

    @Test("1,000 times from 1900 to 2200, with milliseconds and without, and the edges of months and eras")
    func sameAsFormatter() {
        let fractional = Self.formatter(fractional: true)
        let whole = Self.formatter(fractional: false)
        var state: UInt64 = 0x5EED
        var milliseconds: [Int64] = (0..<1000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return -2_208_988_800_000 + Int64(state >> 1) % 9_467_107_200_000
        }
        milliseconds += [0, -1, 1, 951_782_400_000, 951_868_799_999, 4_107_542_399_999, 4_107_542_400_000]
        for value in milliseconds {
            let date = Date(timeIntervalSince1970: Double(value) / 1000)
            for formatter in [fractional, whole] {
                let text = formatter.string(from: date)
                let expected = fractional.date(from: text) ?? whole.date(from: text)
                #expect(RFC3339.canonicalDate(text) != nil, "\(text) is read by hand")
                #expect(RFC3339.date(text) == expected, "\(text)")
            }
        }
    }

    @Test(
        "out-of-range fields and other shapes are left to the formatter",
        arguments: [
            "2026-02-29T00:00:00.000Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z",
            "2026-01-01T00:00:00.5Z", "2026-01-01T00:00:00+01:00", "2026-01-01t00:00:00z", "0999-01-01T00:00:00Z",
            "2026-01-01T00:00:00.123456Z", "2026-1-01T00:00:00.000Z",
        ])
    func leftToFormatter(_ text: String) {
        #expect(RFC3339.canonicalDate(text) == nil)
        let expected =
            Self.formatter(fractional: true).date(from: text) ?? Self.formatter(fractional: false).date(from: text)
        #expect(RFC3339.date(text) == expected)
    }
}
