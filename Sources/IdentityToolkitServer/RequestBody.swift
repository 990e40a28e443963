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
}
