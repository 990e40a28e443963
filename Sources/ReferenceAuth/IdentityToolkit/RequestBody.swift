import ConformanceKit
import Foundation
import MockIdP

extension FixtureValue {
    /// A body as the server reads it: a JSON object, or the fields of a form.
    static func body(_ data: Data, contentType: String?) -> FixtureValue {
        if contentType?.contains("application/x-www-form-urlencoded") == true {
            let items = FormEncoding.decode(String(decoding: data, as: UTF8.self))
            return .object(Dictionary(items.map { ($0.name, FixtureValue.string($0.value)) }) { _, last in last })
        }
        return (try? JSONDecoder().decode(FixtureValue.self, from: data)) ?? .object([:])
    }
}
