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
        case .number(let value): value.rounded() == value ? String(Int(value)) : String(value)
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
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(0x2C) }  // ,
                guard value.write(to: &bytes) else { return false }
            }
            bytes.append(0x5D)  // ]
        case .object(let fields):
            bytes.append(0x7B)  // {
            for (index, name) in fields.keys.sorted().enumerated() {
                if index > 0 { bytes.append(0x2C) }  // ,
                Self.write(string: name, to: &bytes)
                bytes.append(0x3A)  // :
                guard fields[name]!.write(to: &bytes) else { return false }
            }
            bytes.append(0x7D)  // }
        }
        return true
    }

    private static func write(string: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)  // "
        var text = string
        text.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case 0x22, 0x5C, 0x2F: bytes.append(contentsOf: [0x5C, byte])  // \" \\ \/
                case 0x08: bytes.append(contentsOf: [0x5C, 0x62])  // \b
                case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])  // \f
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])  // \n
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])  // \r
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])  // \t
                case 0x00..<0x20:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(0x22)  // "
    }
}
