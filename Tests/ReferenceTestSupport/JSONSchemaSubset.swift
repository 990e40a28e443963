import ConformanceKit
import Foundation

/// A JSON value, decoded strictly (a boolean is never a number): the library's fixture value.
package typealias JSONValue = FixtureValue

/// Validates JSON against the subset of JSON Schema 2020-12 that `Fixtures/fixture.schema.json` and
/// `Fixtures/catalogue.schema.json` use. A keyword
/// outside the subset is reported, so the schema cannot grow a rule this validator silently ignores.
package struct JSONSchemaSubset {
    static let annotations: Set = ["$schema", "$defs", "title", "description"]
    static let assertions: Set = [
        "type", "properties", "required", "additionalProperties", "items", "minItems", "uniqueItems", "pattern",
        "minLength", "maxLength", "minimum", "const", "enum", "anyOf", "if", "then", "else", "$ref",
    ]

    let root: JSONValue
    package init(root: JSONValue) { self.root = root }

    package func errors(in instance: JSONValue) -> [String] { errors(in: instance, schema: root, at: "$") }

    private func errors(in instance: JSONValue, schema: JSONValue, at path: String) -> [String] {
        guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
        var found: [String] = []
        for (keyword, value) in keywords.sorted(by: { $0.key < $1.key }) where !Self.annotations.contains(keyword) {
            guard Self.assertions.contains(keyword) else { return ["\(path): unsupported schema keyword \(keyword)"] }
            found += errors(in: instance, keyword: keyword, value: value, schema: keywords, at: path)
        }
        return found
    }

    private func errors(
        in instance: JSONValue, keyword: String, value: JSONValue, schema: [String: JSONValue], at path: String
    ) -> [String] {
        switch (keyword, value, instance) {
        case ("type", .string(let type), _):
            return matches(instance, type: type) ? [] : ["\(path): not of type \(type)"]
        case ("properties", .object(let properties), .object(let object)):
            return properties.sorted { $0.key < $1.key }.flatMap { name, subschema in
                object[name].map { errors(in: $0, schema: subschema, at: "\(path).\(name)") } ?? []
            }
        case ("required", .array(let names), .object(let object)):
            return names.compactMap { name in
                guard case .string(let name) = name, object[name] == nil else { return nil }
                return "\(path): missing required \(name)"
            }
        case ("additionalProperties", .bool(false), .object(let object)):
            guard case .object(let properties)? = schema["properties"] else { return [] }
            return object.keys.sorted().filter { properties[$0] == nil }.map { "\(path): unexpected property \($0)" }
        case ("items", _, .array(let items)):
            return items.enumerated().flatMap { errors(in: $1, schema: value, at: "\(path)[\($0)]") }
        case ("minItems", .number(let minimum), .array(let items)):
            return Double(items.count) >= minimum ? [] : ["\(path): fewer than \(Int(minimum)) items"]
        case ("uniqueItems", .bool(true), .array(let items)):
            return items.enumerated().contains { index, item in items[..<index].contains(item) }
                ? ["\(path): items are not unique"] : []
        case ("pattern", .string(let pattern), .string(let string)):
            return string.range(of: pattern, options: .regularExpression) == nil
                ? ["\(path): \"\(string)\" does not match \(pattern)"] : []
        case ("minLength", .number(let minimum), .string(let string)):
            return Double(string.count) >= minimum ? [] : ["\(path): shorter than \(Int(minimum))"]
        case ("maxLength", .number(let maximum), .string(let string)):
            return Double(string.count) <= maximum ? [] : ["\(path): longer than \(Int(maximum))"]
        case ("minimum", .number(let minimum), .number(let number)):
            return number >= minimum ? [] : ["\(path): less than \(minimum)"]
        case ("const", _, _): return instance == value ? [] : ["\(path): not the constant \(value)"]
        case ("enum", .array(let values), _):
            return values.contains(instance) ? [] : ["\(path): not one of the enum's values"]
        case ("anyOf", .array(let options), _):
            return options.contains { errors(in: instance, schema: $0, at: path).isEmpty }
                ? [] : ["\(path): matches none of anyOf"]
        case ("if", _, _):
            let branch = errors(in: instance, schema: value, at: path).isEmpty ? schema["then"] : schema["else"]
            return branch.map { errors(in: instance, schema: $0, at: path) } ?? []
        case ("then", _, _), ("else", _, _): return []
        case ("$ref", .string(let reference), _):
            guard let target = resolve(reference) else { return ["\(path): unresolvable $ref \(reference)"] }
            return errors(in: instance, schema: target, at: path)
        default: return []
        }
    }

    /// A reference into `$defs`, one definition or a path within it (`#/$defs/case/properties/id`).
    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/$defs/") else { return nil }
        return reference.dropFirst(2).split(separator: "/").reduce(Optional(root)) { schema, name in
            guard case .object(let members)? = schema else { return nil }
            return members[String(name)]
        }
    }

    private func matches(_ instance: JSONValue, type: String) -> Bool {
        switch (type, instance) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("number", .number):
            true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }
}
