import Foundation

/// The bundle that carries the language-neutral JSON fixtures (`Fixtures/*/*.json`) and their schema.
public enum ConformanceFixtures {
    /// The URL of `name.json` in the fixture folder `folder` (e.g. `phone`, `e164`).
    public static func url(folder: String, name: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: "json", subdirectory: folder)
    }

    /// The URL of the fixture JSON Schema.
    public static var schemaURL: URL? {
        Bundle.module.url(forResource: "fixture.schema", withExtension: "json")
    }

    /// The URL of the catalogue's JSON Schema, which `conformance --catalogue --json` follows.
    public static var catalogueSchemaURL: URL? {
        Bundle.module.url(forResource: "catalogue.schema", withExtension: "json")
    }
}
