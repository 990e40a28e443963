/// Where a subject does its work: this decides how the runner finds a check that hangs (README, "How hangs are
/// found"). Whatever the declaration, a busy machine never turns a slow check into a hang.
public enum SubjectConcurrency: String, Sendable, Hashable, Codable {
    /// Only in the tasks of the calls a check makes: their child tasks (`async let`, task groups) and actors without
    /// a custom executor; no `Task {}`, dispatch queue, thread, run loop or network of its own. A check is hung the
    /// moment nothing of it can run, at once and with no real time counted.
    case structured
    /// Also elsewhere: unstructured tasks, dispatch queues, threads, URLSession or a server. A check is hung once the
    /// runner's quiet limit of real time passes in which nothing moved (no job of the check, no event in its world).
    case unstructured
}
