import Crypto
import Foundation

/// What judged a run, as one value: SHA-256 over the rule and check IDs and their statements (each rule's
/// ``Rule/statement``, each check's sentence), in catalogue order (rules by ID, each rule's checks by ID). Two runs
/// with the same digest were judged by the same checks, whatever else changed in the suite; a run of part of the
/// catalogue (`--rule`, `--flow`) has the digest of that part.
package enum CatalogueDigest {
    /// `sha256:` and 64 hexadecimal digits, over `results` with each rule's statement from `catalogue` (a rule that is
    /// not in it, as a test's own, counts with its title).
    package static func of(_ results: [RuleResult], catalogue: [Rule] = RuleCatalogue.all) -> String {
        let statements = Dictionary(catalogue.map { ($0.id, $0.statement) }, uniquingKeysWith: { first, _ in first })
        var text = ""
        for result in results.sorted(by: { $0.rule < $1.rule }) {
            text += "rule\t\(result.rule)\t\(statements[result.rule] ?? result.title)\n"
            for check in result.checks.sorted(by: { $0.id.description < $1.id.description }) {
                text += "check\t\(check.id)\t\(check.name)\n"
            }
        }
        return "sha256:" + SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
