import Foundation

/// A JSON object with each member name kept once, with its lexically last value, as RFC 7515 §4 lets a JWS parser
/// read duplicate member names: how a verifier that reads the last of duplicates sees a header or a claims set.
/// Names are compared after their escapes are read (`"iss"` and `"\u0069ss"` are one name), code point by code point.
enum LastMemberJSON {
    /// `json` (the text of one object) with every member but the last of each name left out, in the order of the
    /// members kept; nil when `json` is not the text of an object.
    static func keepingLast(_ json: Data) -> Data? {
        var scanner = Scanner(bytes: Array(json))
        guard let members = scanner.members() else { return nil }
        var seen = Set<[UInt32]>()
        let kept = members.reversed().filter { seen.insert($0.name).inserted }.reversed()
        return Data("{".utf8) + Data(kept.map(\.text).joined(separator: Array(",".utf8))) + Data("}".utf8)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        /// The members of the object `bytes` hold: each name's code points and the member's text, `"name":value`.
        mutating func members() -> [(name: [UInt32], text: [UInt8])]? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var members: [(name: [UInt32], text: [UInt8])] = []
            skipSpace()
            if take(UInt8(ascii: "}")) { return members }
            while true {
                skipSpace()
                guard let nameRange = string(),
                    let name = try? JSONSerialization.jsonObject(
                        with: Data(bytes[nameRange]), options: .fragmentsAllowed) as? String
                else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let valueRange = value() else { return nil }
                members.append(
                    (
                        name.unicodeScalars.map(\.value),
                        Array(bytes[nameRange]) + [UInt8(ascii: ":")] + bytes[valueRange]
                    ))
                skipSpace()
                if take(UInt8(ascii: "}")) { return members }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
        }

        /// The range of the value that starts here: a string, or anything up to the `,` or `}` that ends it.
        mutating func value() -> Range<Int>? {
            let start = index
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return nil }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return trimmed(start..<index) }
                    depth -= 1
                case UInt8(ascii: ","): if depth == 0 { return trimmed(start..<index) }
                default: break
                }
                index += 1
            }
            return nil
        }

        /// The range of the string that starts here, its quotes included.
        mutating func string() -> Range<Int>? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return start..<index
                default: index += 1
                }
            }
            return nil
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var range = range
            while let last = range.last, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[last]) {
                range = range.lowerBound..<last
            }
            return range
        }
    }
}
