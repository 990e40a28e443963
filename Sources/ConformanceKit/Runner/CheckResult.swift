/// The outcome of one check.
public struct CheckResult: Sendable, Hashable, Codable {
    /// `PHONE-8/exact-lifetime`: the name every report and list uses for the check, which never changes.
    public let id: CheckID
    /// The check's sentence, for people; it may change, its ``id`` does not.
    public let name: String
    public let status: ConformanceStatus
    /// Why it failed, warned or did not apply, in one sentence that names the rule; nil when it passed. The evidence
    /// is in ``failure``'s fields, which every report renders.
    public let message: String?
    /// For a check that failed or warned: what kind of failure, and its fields.
    public let failure: Failure?
    /// Real time the check took, for reports (JUnit's `time`); never part of a verdict. Nil when the check did not
    /// run (an adapter error found before any check, a requirement the subject does not declare).
    public var durationSeconds: Double?
    /// Set when the check is on the expected-failures list by its ID: how it came out against the list.
    public internal(set) var expectedFailure: ListedFailure?

    public init(
        id: CheckID, name: String, status: ConformanceStatus, message: String? = nil, failure: Failure? = nil,
        durationSeconds: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.message = message
        self.failure = failure
        self.durationSeconds = durationSeconds
    }

    /// A failure as data: its kind, what was expected and what happened, where, and what crossed the boundary.
    public struct Failure: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Hashable, Codable {
            /// The subject did not do what the rule says.
            case assertion
            /// The check can no longer move, or nothing of it moved for the quiet limit (README, "How hangs are
            /// found").
            case hang
            /// The adapter cannot serve what it declares (a missing facet, a refused standard project).
            case adapterError
            /// The check stopped on an error it did not expect.
            case unexpectedError
            /// The subject crashed the process during the check (a trap, a continuation resumed twice): the command
            /// ran it again alone in a process of its own, where it crashed again.
            case crash
        }

        public let kind: Kind
        public let expected: String?
        public let actual: String?
        /// Where the failed expectation (or, failing that, the check) is written.
        public let location: CheckLocation?
        /// What the check was waiting for when it was found hung.
        public let waitingFor: String?
        /// The world's transcript, one entry a line.
        public let transcript: [String]
        /// Every broken case of a check that recorded them and continued, each with its own fields; empty when the
        /// check stopped at its one failure.
        public let issues: [Issue]

        public init(
            kind: Kind, expected: String? = nil, actual: String? = nil, location: CheckLocation? = nil,
            waitingFor: String? = nil, transcript: [String] = [], issues: [Issue] = []
        ) {
            self.kind = kind
            self.expected = expected
            self.actual = actual
            self.location = location
            self.waitingFor = waitingFor
            self.transcript = transcript
            self.issues = issues
        }
    }

    /// One broken case of a check that records and continues: its sentence, what was expected and what happened, and
    /// the line of the rule file that found it.
    public struct Issue: Sendable, Hashable, Codable {
        public let message: String
        public let expected: String?
        public let actual: String?
        public let location: CheckLocation?

        public init(message: String, expected: String? = nil, actual: String? = nil, location: CheckLocation? = nil) {
            self.message = message
            self.expected = expected
            self.actual = actual
            self.location = location
        }
    }
}
