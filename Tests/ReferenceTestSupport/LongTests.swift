import Foundation

/// The tests too long for `swift test`, which must end within a minute on two cores: `swift test` runs a short
/// version of each, a slice of its cases that changes nothing but how many there are, and `.ci/long-tests` runs the
/// whole (`CONFORMANCE_LONG_TESTS=1`), in CI beside the tests.
package enum LongTests {
    /// Whether this run is the long version.
    package static let inFull = ProcessInfo.processInfo.environment["CONFORMANCE_LONG_TESTS"] == "1"

    /// Which version runs, for a test's summary line (`.ci/long-tests` looks for "long version of SUITE").
    package static func version(of suite: String) -> String { "\(inFull ? "long" : "short") version of \(suite)" }

    /// `items` in the long version; in the short one the items at places `part`, `part + parts`, `part + 2 × parts`,
    /// …: the short versions of `parts` cases, `part` = 0, 1, …, `parts - 1`, together meet every item once.
    package static func slice<Item>(_ items: [Item], part: Int, of parts: Int) -> [Item] {
        guard !inFull else { return items }
        return items.indices.filter { $0 % parts == part % parts }.map { items[$0] }
    }
}
