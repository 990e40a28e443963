import Foundation

/// Reading and writing JSON bodies (the Identity Toolkit API's) with the library's JSON value.
extension FixtureValue {
    package subscript(key: String) -> FixtureValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    package var stringValue: String? {
        switch self {
        case .string(let value): value
        // A whole number as an integer's digits where one holds it exactly; any other (1e300, 0.5, -0) as Swift
        // writes a `Double`: never a conversion that traps.
        case .number(let value): Int64(exactly: value).map { String($0) } ?? String(value)
        case .bool(let value): String(value)
        default: nil
        }
    }

    package var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .string(let value): value == "true" ? true : value == "false" ? false : nil
        default: nil
        }
    }

    package var arrayValue: [FixtureValue] {
        if case .array(let values) = self { return values }
        return []
    }

    /// An object of the fields that have a value.
    package static func fields(_ fields: [String: FixtureValue?]) -> FixtureValue {
        .object(fields.compactMapValues { $0 })
    }

    package static func text(_ value: String?) -> FixtureValue? { value.map { .string($0) } }

    /// This value as JSON text, each object's members in key order: the bytes `JSONEncoder` with `.sortedKeys` writes
    /// (numbers as Swift writes a `Double`, without a trailing `.0`; `/` escaped; other control characters than the
    /// five named ones as `\u00xx`), and `{}` for a value with a number JSON cannot hold, where `JSONEncoder` throws.
    /// Written by hand because every body on the HTTP path passes here, and `Encodable` on an enum costs far more in
    /// the debug builds `swift test` makes (`FixtureValueJSONTests` holds the two to the same bytes).
    package var encoded: Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        guard write(to: &bytes) else { return Data("{}".utf8) }
        return Data(bytes)
    }

    /// Appends this value's JSON text; false when a number is not finite.
    private func write(to bytes: inout [UInt8]) -> Bool {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            guard value.isFinite else { return false }
            let text = "\(value)"
            bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
        case .string(let value): Self.write(string: value, to: &bytes)
        case .array(let values):
            bytes.append(0x5B)  // [
            var first = true
            for value in values {
                if !first { bytes.append(0x2C) }  // ,
                first = false
                guard value.write(to: &bytes) else { return false }
            }
            bytes.append(0x5D)  // ]
        case .object(let fields):
            bytes.append(0x7B)  // {
            var first = true
            for name in Self.sorted(fields.keys) {
                if !first { bytes.append(0x2C) }  // ,
                first = false
                Self.write(string: name, to: &bytes)
                bytes.append(0x3A)  // :
                guard fields[name]!.write(to: &bytes) else { return false }
            }
            bytes.append(0x7D)  // }
        }
        return true
    }

    /// An object's few member names in order, by insertion: the standard library's sort, unspecialised in a debug
    /// build, took as long as writing the whole object.
    private static func sorted(_ names: Dictionary<String, FixtureValue>.Keys) -> [String] {
        var sorted: [String] = []
        sorted.reserveCapacity(names.count)
        for name in names {
            var index = sorted.count
            while index > 0, name < sorted[index - 1] { index -= 1 }
            sorted.insert(name, at: index)
        }
        return sorted
    }

    /// Appends `string` quoted and escaped. The runs of characters that need no escape are found by the C library's
    /// `strcspn` and appended whole: a Swift loop over the bytes, unspecialised in a debug build, cost more than
    /// `JSONEncoder`.
    private static func write(string: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)  // "
        let count = string.utf8.count
        string.withCString { base in
            var offset = 0
            while offset < count {
                // `strcspn` stops at the first byte to escape or at a NUL, which is escaped too.
                let run = Self.escapeSet.withUnsafeBufferPointer { strcspn(base + offset, $0.baseAddress!) }
                if run > 0 { bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: run)) }
                offset += run
                guard offset < count else { break }
                Self.escape(UInt8(bitPattern: base[offset]), to: &bytes)
                offset += 1
            }
        }
        bytes.append(0x22)  // "
    }

    /// Appends what JSON text writes for a byte of `escapeSet` or a NUL: a backslash and the byte itself for the three
    /// printable ones (every `/` of a URL), so the commonest escape allocates nothing.
    private static func escape(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(0x5C)  // backslash
        switch byte {
        case 0x22, 0x5C, 0x2F: bytes.append(byte)  // " backslash /
        case 0x08: bytes.append(0x62)  // b
        case 0x0C: bytes.append(0x66)  // f
        case 0x0A: bytes.append(0x6E)  // n
        case 0x0D: bytes.append(0x72)  // r
        case 0x09: bytes.append(0x74)  // t
        default: bytes.append(contentsOf: String(format: "u%04x", byte).utf8)
        }
    }

    /// The bytes a JSON string escapes (`"`, `\\`, `/` and the control characters), NUL-terminated for `strcspn`.
    private static let escapeSet: [CChar] = ([0x22, 0x5C, 0x2F] + Array(1..<0x20) + [0] as [UInt8]).map {
        CChar(bitPattern: $0)
    }
}
