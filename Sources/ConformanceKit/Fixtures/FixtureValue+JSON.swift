import Foundation

extension FixtureValue {
    /// `data` read as one JSON value (RFC 8259), or nil when it is not one. The same value `JSONDecoder` reads with
    /// ``init(from:)``, without what that costs on the HTTP path: `Decodable` can only learn a value's kind by trying
    /// each in turn, and every kind tried in vain is a thrown error (four for each object), which a test process pays
    /// for dearly (Swift Testing captures a backtrace for every thrown error). Strict: anything RFC 8259 does not
    /// allow (a byte-order mark, a leading zero, a raw control character in a string, a lone surrogate, invalid UTF-8)
    /// is nil, so a caller that falls back to `JSONDecoder` keeps its behaviour for such input. Of two members with one
    /// name, the first is kept, as Foundation's decoder keeps it.
    package init?(json data: Data) {
        let parsed = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> FixtureValue? in
            var parser = JSONBytes(bytes: buffer.bindMemory(to: UInt8.self))
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipWhitespace()
            return parser.isAtEnd ? value : nil
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// JSON from an HTTP body: ``init(json:)``, else whatever `JSONDecoder` makes of it, else nil.
    package static func decoding(_ data: Data) -> FixtureValue? {
        FixtureValue(json: data) ?? (try? JSONDecoder().decode(FixtureValue.self, from: data))
    }
}

/// A cursor over the bytes of one JSON text.
private struct JSONBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// Deeper than this is left to `JSONDecoder` (which has its own limit), so that hostile nesting cannot exhaust the
    /// stack here.
    static let maximumDepth = 256

    var isAtEnd: Bool { index >= bytes.count }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1  // space, tab, line feed, carriage return
            default: return
            }
        }
    }

    mutating func value(depth: Int) -> FixtureValue? {
        guard depth < Self.maximumDepth else { return nil }
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(FixtureValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: FixtureValue) -> FixtureValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func object(depth: Int) -> FixtureValue? {
        index += 1
        var fields: [String: FixtureValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value(depth: depth + 1) else { return nil }
            if fields[key] == nil { fields[key] = member }
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(fields)
        }
    }

    private mutating func array(depth: Int) -> FixtureValue? {
        index += 1
        var elements: [FixtureValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(elements)
        }
    }

    /// A string, the cursor on its opening quote.
    private mutating func string() -> String? {
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            // Numbers, not `UInt8(ascii:)` nor a range: in a debug build each of those is a call per byte.
            switch byte {
            case 0x22: return String(validating: utf8, as: UTF8.self)  // "
            case 0x5C:  // backslash
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    utf8.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (a surrogate pair as two escapes), the cursor after the `u`.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hex4() else { return nil }
        switch first {
        case 0xD800..<0xDC00:
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let second = hex4(), (0xDC00..<0xE000).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00..<0xE000: return nil
        default: return Unicode.Scalar(first)
        }
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read as a `Double` (as `JSONDecoder` reads a number
    /// into one); one too large for a `Double` is nil.
    private mutating func number() -> FixtureValue? {
        let start = index
        func digits() -> Int {
            var count = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index += 1
                count += 1
            }
            return count
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return nil }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { return nil }
        return .number(number)
    }
}
