/// Thrown by a check that reached the subject but cannot tell a right answer from a wrong one there: what it would
/// judge is hidden from the suite (the server's ID tokens are unsigned, so a forged token reads as well as a genuine
/// one). The check is not judged (``ConformanceStatus/notJudged``), with `reason`; its rule never reads PASS on it.
package struct NotJudged: Error, Sendable {
    package let reason: String

    package init(_ reason: String) { self.reason = reason }
}
