/// What RFC 7515 §4 and RFC 7519 §4 ask of a JOSE header's and a JWT claims set's JSON beyond being JSON: UTF-8
/// text (RFC 7515 §2, RFC 8259 §8.1) whose objects have unique member names. A JWS parser "MUST either reject JWSs
/// with duplicate Header Parameter names or use a JSON parser that returns only the lexically last duplicate member
/// name"; Foundation's decoders keep the first, so a reader that trusts them must reject. Names are compared after
/// their escapes are read (`"iss"` and `"\u0069ss"` are one name), code point by code point: `"é"` and `"e\u0301"`
/// are two names (RFC 7515 §5.3, RFC 7519 §7.2 step 2 and §10.3 compare without normalisation).
public enum JOSEJSON {
    /// Why JSON text is not one a JOSE reader may take.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not well-formed UTF-8 (another encoding, a stray byte, an encoded surrogate or overlong form).
        case notUTF8
        /// The first member name seen twice in one object, as its code points.
        case duplicateMemberName(String)
        /// Not JSON text at all (only judged as far as finding member names needs).
        case malformed(String)

        public var description: String {
            switch self {
            case .notUTF8: "the JSON text is not UTF-8"
            case .duplicateMemberName(let name): "the member name \"\(name)\" appears twice in one object"
            case .malformed(let reason): "not JSON: \(reason)"
            }
        }
    }

    /// The first problem of `bytes`, or nil when they are UTF-8 JSON text whose every object has unique member names.
    public static func problem(in bytes: some Collection<UInt8>) -> Problem? {
        let bytes = Array(bytes)
        guard isUTF8(bytes) else { return .notUTF8 }
        var scanner = Scanner(bytes: bytes)
        do {
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            guard scanner.index == bytes.count else { throw Problem.malformed("text after the value") }
            return nil
        } catch let problem as Problem { return problem } catch { return .malformed("\(error)") }
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode §3.9, Table 3-7): Swift's decoder refuses overlong forms,
    /// encoded surrogates and code points above U+10FFFF, and a BOM is a code point like any other here.
    public static func isUTF8(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws {
            guard depth < 512 else { throw Problem.malformed("nested deeper than 512") }
            skipWhitespace()
            guard index < bytes.count else { throw Problem.malformed("the text ends where a value should be") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: try number()
            }
        }

        mutating func literal(_ word: String) throws {
            let word = Array(word.utf8)
            guard bytes[index...].starts(with: word) else { throw Problem.malformed("not a value at byte \(index)") }
            index += word.count
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` (RFC 8259 §6).
        mutating func number() throws {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integer = index
            guard digits() > 0, bytes[integer] != UInt8(ascii: "0") || index == integer + 1 else {
                throw Problem.malformed("not a number at byte \(start)")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw Problem.malformed("a fraction without digits at byte \(start)") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { throw Problem.malformed("an exponent without digits at byte \(start)") }
            }
        }

        mutating func object(depth: Int) throws {
            index += 1
            var names = Set<[Unicode.Scalar]>()
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw Problem.malformed("a member name should start at byte \(index)")
                }
                let name = try string()
                guard names.insert(name).inserted else {
                    var text = ""
                    text.unicodeScalars.append(contentsOf: name)
                    throw Problem.duplicateMemberName(text)
                }
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                try value(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw Problem.malformed("an object is not closed") }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return
                }
                try expect(UInt8(ascii: ","))
            }
        }

        mutating func array(depth: Int) throws {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                try value(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw Problem.malformed("an array is not closed") }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return
                }
                try expect(UInt8(ascii: ","))
            }
        }

        mutating func expect(_ byte: UInt8) throws {
            guard index < bytes.count, bytes[index] == byte else {
                throw Problem.malformed("expected \"\(Character(Unicode.Scalar(byte)))\" at byte \(index)")
            }
            index += 1
        }

        /// A string's code points, escapes read (a `\u` surrogate pair is one code point).
        mutating func string() throws -> [Unicode.Scalar] {
            index += 1
            var start = index
            var scalars: [Unicode.Scalar] = []
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
            }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    flush(index)
                    index += 1
                    return scalars
                case UInt8(ascii: "\\"):
                    flush(index)
                    index += 1
                    guard index < bytes.count else { throw Problem.malformed("an escape at the end of the text") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                        scalars.append(Unicode.Scalar(escaped))
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    default: throw Problem.malformed("an unknown escape at byte \(index - 1)")
                    }
                    start = index
                case 0x00..<0x20: throw Problem.malformed("a control character in a string at byte \(index)")
                default: index += 1
                }
            }
            throw Problem.malformed("a string is not closed")
        }

        /// The code point of `\uXXXX` (the `\u` read), or of a `\uD8xx\uDCxx` pair.
        mutating func unicodeEscape() throws -> Unicode.Scalar {
            let first = try hex4()
            if (0xD800..<0xDC00).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw Problem.malformed("a lone high surrogate escape") }
                index += 2
                let second = try hex4()
                guard (0xDC00..<0xE000).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw Problem.malformed("a high surrogate escape without its low surrogate") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw Problem.malformed("a lone low surrogate escape") }
            return scalar
        }

        mutating func hex4() throws -> UInt32 {
            let digits = index + 4 <= bytes.count ? bytes[index..<index + 4] : []
            guard digits.count == 4, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
            else { throw Problem.malformed("a \\u escape without four hex digits at byte \(index)") }
            index += 4
            return value
        }
    }
}
