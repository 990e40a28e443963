/// An adapter mistake rather than a rule failure: a declared flow whose facet is missing, a subject that refuses
/// the standard project. The runner reports it as such, before any rule of that flow runs.
package struct AdapterError: Error, Sendable, Hashable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }

    static func missing(_ facet: Facet) -> AdapterError {
        AdapterError("the client's `\(facet)` facet is nil; a subject that declares a flow must offer its facets")
    }
}
