/// The suite's version, written once: `conformance --version` prints it and every report names it, so that a result
/// says which release of the suite judged it.
package enum SuiteVersion { package static let current = "0.1.0" }
