import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth

extension FixtureValue {
    /// A body as the server reads it: a JSON object, or the fields of a form; nil when it is neither (an empty
    /// body is an empty object).
    static func body(_ data: Data, contentType: String?) -> FixtureValue? {
        if contentType?.contains("application/x-www-form-urlencoded") == true {
            let items = FormEncoding.decode(String(decoding: data, as: UTF8.self))
            return .object(Dictionary(items.map { ($0.name, FixtureValue.string($0.value)) }) { _, last in last })
        }
        guard !data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .object([:]) }
        guard let value = FixtureValue.decoding(data), case .object = value else { return nil }
        return value
    }

    /// The value with every object member whose value is `null` left out, at every depth: how an Identity Toolkit
    /// call reads its body. proto3's JSON mapping, which Google's front end applies to every request, reads `null` as
    /// the field's default, that is as absent (https://protobuf.dev/programming-guides/json/: "null is an accepted
    /// value for all field types and treated as the default value of the corresponding field type"); the JS SDK
    /// sends `"displayName": null` for `updateProfile({displayName: null})`.
    var withoutNullMembers: FixtureValue {
        switch self {
        case .object(let fields):
            .object(fields.filter { if case .null = $0.value { false } else { true } }.mapValues(\.withoutNullMembers))
        case .array(let values): .array(values.map(\.withoutNullMembers))
        default: self
        }
    }
}
