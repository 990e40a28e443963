import Foundation
import MockIdP

/// A field in which a project configuration differs from another: what a check asked for, and what a subject
/// keeps instead (a server reached over HTTP, whose console sets it).
public struct ConfigurationDifference: Sendable, Hashable, CustomStringConvertible {
    /// The field's path, as checks write it: `phone.codeLifetime`, `oauthProviders["github.com"].isEnabled`.
    public let field: String
    public let asked: String
    public let kept: String

    public var description: String { "\(field): asked \(asked), kept \(kept)" }
}

extension ProjectConfiguration {
    /// Every field in which this configuration differs from `kept`, in declaration order. The fields are found by
    /// reflection, down to the values no settings type of this library holds, so that a field added to the
    /// configuration later is compared without anybody listing it.
    public func differences(from kept: ProjectConfiguration) -> [ConfigurationDifference] {
        // Equal settings, as most checks ask for, differ nowhere: the walk by reflection is for those that do.
        guard self != kept else { return [] }
        var differences: [ConfigurationDifference] = []
        FieldComparison.compare(self, kept, at: "", into: &differences)
        return differences
    }
}

/// The walk behind ``ProjectConfiguration/differences(from:)``: into the settings types of this library field by
/// field, into dictionaries key by key; anything else is one value, compared whole.
private enum FieldComparison {
    static func compare(_ asked: Any, _ kept: Any, at path: String, into differences: inout [ConfigurationDifference]) {
        let askedMirror = Mirror(reflecting: asked)
        let keptMirror = Mirror(reflecting: kept)
        if askedMirror.displayStyle == .struct, isSettings(asked) {
            for (field, keptField) in zip(askedMirror.children, keptMirror.children) {
                compare(field.value, keptField.value, at: joined(path, field.label ?? "?"), into: &differences)
            }
        } else if askedMirror.displayStyle == .dictionary {
            let askedEntries = entries(askedMirror)
            let keptEntries = entries(keptMirror)
            for key in Set(askedEntries.keys).union(keptEntries.keys).sorted() {
                let entryPath = "\(path)[\(describe(key))]"
                switch (askedEntries[key], keptEntries[key]) {
                case (let askedValue?, let keptValue?):
                    compare(askedValue, keptValue, at: entryPath, into: &differences)
                case (let askedValue?, nil):
                    differences.append(
                        ConfigurationDifference(field: entryPath, asked: describe(askedValue), kept: "none"))
                case (nil, let keptValue?):
                    differences.append(
                        ConfigurationDifference(field: entryPath, asked: "none", kept: describe(keptValue)))
                case (nil, nil): break
                }
            }
        } else if !same(asked, kept) {
            let (askedText, keptText) = (describe(asked), describe(kept))
            let shown = askedText == keptText ? "another \(askedText)" : askedText
            differences.append(ConfigurationDifference(field: path, asked: shown, kept: keptText))
        }
    }

    /// A type of this library (``PhoneSettings``, ``RateLimit``, …), compared field by field.
    private static func isSettings(_ value: Any) -> Bool {
        String(reflecting: type(of: value)).hasPrefix("ConformanceKit.")
    }

    private static func entries(_ dictionary: Mirror) -> [String: Any] {
        var entries: [String: Any] = [:]
        for entry in dictionary.children {
            let pair = Array(Mirror(reflecting: entry.value).children)
            guard pair.count == 2 else { continue }
            entries[String(describing: pair[0].value)] = pair[1].value
        }
        return entries
    }

    /// Every field of a configuration is `Hashable`; a value that is not is compared by its text.
    private static func same(_ asked: Any, _ kept: Any) -> Bool {
        guard let asked = asked as? any Hashable, let kept = kept as? any Hashable else {
            return describe(asked) == describe(kept)
        }
        return AnyHashable(asked) == AnyHashable(kept)
    }

    private static func describe(_ value: Any) -> String {
        switch value {
        case let duration as Duration: return duration.formatted
        case let text as String: return "\"\(text)\""
        case let data as Data: return "\(data.count) bytes"
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional: return mirror.children.first.map { describe($0.value) } ?? "none"
        case .collection, .set: return "[" + mirror.children.map { describe($0.value) }.joined(separator: ", ") + "]"
        case .struct where isSettings(value):
            return "(" + mirror.children.map { "\($0.label ?? "?"): \(describe($0.value))" }.joined(separator: ", ")
                + ")"
        default: return String(describing: value)
        }
    }

    private static func joined(_ path: String, _ field: String) -> String { path.isEmpty ? field : "\(path).\(field)" }
}
