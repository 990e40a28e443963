import ConformanceKit

/// The command line of ``ConformanceCommand``, checked for what it asks and for combinations that make no sense.
public struct CommandArguments: Sendable, Hashable {
    /// What the command does.
    public enum Mode: Sendable, Hashable {
        /// Runs the catalogue once and prints the conformance table (or report).
        case report
        /// `--defects`: runs every variant against its own rules and shows which of them caught it.
        case audit
        /// `--defects --matrix`: runs every variant against every selected rule (the whole catalogue by default).
        case matrix
        /// `--repeat N [--parallel K]`: runs the catalogue `runs` times, `parallel` at once, and compares.
        case stress(runs: Int, parallel: Int)
        /// `--benchmark [--repeat N]`: times the catalogue per area, the whole catalogue and the variants.
        case benchmark(repeats: Int)
        /// `--list`: prints the catalogue, one line per rule, without running anything.
        case list
        /// `--catalogue`: writes every rule as JSON (`--json`) or as a markdown spec.
        case catalogue
        /// `-h`, `--help`.
        case help
    }

    /// Where a report goes: a file, or standard output instead of the table.
    public enum Destination: Sendable, Hashable {
        case standardOutput
        case file(String)
    }

    public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
        public let message: String

        public init(_ message: String) { self.message = message }

        public var description: String { message }
    }

    public static let defaultBenchmarkRepeats = 10

    /// The help text, naming the subject the command runs against: the options this library parses, then
    /// `executableOptions`, the usage of the options an executable parses itself before handing the rest over.
    public static func usage(subject: String, executableOptions: String? = nil) -> String {
        let areas = Flow.allCases.filter { !RuleCatalogue.rules(in: $0).isEmpty }.map(\.rawValue).joined(
            separator: ", ")
        return """
            usage: conformance [--json [FILE]] [--junit [FILE]] [--markdown [FILE]] [--expected-failures FILE]
                               [--require-all]
                               [--rule ID]… [--area AREA]… [--defect NAME] [--watchdog SECONDS]
                   conformance [--json] --defects [--matrix] [--rule ID]… [--area AREA]… [--watchdog SECONDS]
                   conformance [--json] [--defect NAME] --repeat N [--parallel K] [--rule ID]… [--area AREA]… \
                   [--watchdog SECONDS]
                   conformance [--json] --benchmark [--repeat N] [--watchdog SECONDS]
                   conformance --list [--rule ID]… [--area AREA]…
                   conformance --catalogue [--json | --markdown [FILE] | --docc] [--rule ID]… [--area AREA]…

              (no flags)       run the whole rule catalogue against \(subject) and print the conformance table
              --json [FILE]    write the machine-readable report to FILE, the table still printed (no FILE: print
                               it instead of the table)
              --junit FILE     also write the report as JUnit XML, for CI test reporters (no FILE: print it instead)
              --markdown FILE  also write the report as markdown, for a pull request (no FILE: print it instead)
              --expected-failures FILE
                               rules or checks known to fail, with why (JSON {"expectedFailures": [{"rule" or "check",
                               "reason"}]}, or text, one "RULE-ID reason" or "RULE-ID/check-id reason" a line,
                               # comments): a listed rule or check that fails does not fail the run; one that passes
                               does, until it is removed from the list
              --require-all    fail the run when a check is not judged (a step it needs is not offered by the
                               server); without it such checks are counted apart and fail nothing
              --rule ID        run only this rule, or with RULE-ID/check-id only this check (repeatable; with
                               --area, the rules named either way)
              --area AREA      run only the rules of this area: \(areas) (repeatable)
              --list           print the catalogue (ID, level, title, first source; each check's ID and sentence)
                               without running anything
              --catalogue      print every rule with its statement, sources, hint, checks, fixtures and the
                               variants it catches: as JSON (--json), as a markdown spec (the default) or as a
                               DocC article (--docc)
              --defects        run every variant of \(subject) against its own rules and show which of them caught it
                               (with --rule or --area: the variants those rules must catch)
              --matrix         with --defects: run every variant against every selected rule, the whole catalogue by
                               default, to see what else catches it
              --defect NAME    run the catalogue against one variant instead, to see how a failure reads
              --watchdog       real seconds in which nothing of a check moves before it is failed as hung (default
                               10); a subject whose work stays in the check's tasks is found hung without it
              --repeat N       the stress gate: run the whole catalogue N times and show every check whose
                               result differs between runs
              --parallel K     with --repeat: K runs at once (default 1)
              --benchmark      time the catalogue per area, the whole catalogue and the variants, --repeat
                               times each (default \(defaultBenchmarkRepeats)), and print min/median/max in milliseconds

            Exit status: 0 when every MUST rule passes or is a listed known failure, no listed rule passes, and
            (with --require-all) every check that applies is judged
            (with --defects: when every variant is caught by one of its own rules; with --repeat: when no result
            differs between runs; with --benchmark, --list and --catalogue: always), 1 otherwise, 64 for a usage
            error, 73 when a report file cannot be written.
            """ + "\n\n" + ExecutableUsage.options + (executableOptions.map { "\n\n" + $0 } ?? "")
    }

    public var mode: Mode = .report
    /// `--json` with no FILE: the machine-readable report printed on standard output instead of the table.
    public var json = false
    /// `--json FILE`: the conformance report also written as JSON to FILE, standard output keeping the table (for an
    /// SDK that prints to standard output itself). `--json` followed by no FILE (or `-`) is ``json``, as before.
    public var jsonFile: String?
    /// `--defect NAME`: the variant to run instead of the subject (in the report and the stress gate).
    public var variant: String?
    public var watchdog = Duration.seconds(10)
    /// `--rule` and `--area`: the rules to run or list.
    public var selection = RuleSelection()
    /// `--junit [FILE]`.
    public var junit: Destination?
    /// `--markdown [FILE]`: the report, or with `--catalogue` the spec.
    public var markdown: Destination?
    /// `--expected-failures FILE`: the path, read when the command runs.
    public var expectedFailures: String?
    /// `--catalogue --docc`: the spec as a DocC article instead of markdown.
    public var docc = false
    /// `--require-all`: a check not judged (`ConformanceStatus.notJudged`) fails the run.
    public var requireAll = false

    public init(
        mode: Mode = .report, json: Bool = false, variant: String? = nil, watchdog: Duration = .seconds(10),
        selection: RuleSelection = .init(), junit: Destination? = nil, markdown: Destination? = nil,
        expectedFailures: String? = nil
    ) {
        self.mode = mode
        self.json = json
        self.variant = variant
        self.watchdog = watchdog
        self.selection = selection
        self.junit = junit
        self.markdown = markdown
        self.expectedFailures = expectedFailures
    }

    public init(parsing arguments: [String]) throws(UsageError) {
        var defects = false
        var matrix = false
        var benchmark = false
        var list = false
        var catalogue = false
        var watchdogGiven = false
        var repeats: Int?
        var parallel: Int?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json":
                switch Self.destination(in: &remaining) {
                case .standardOutput: json = true
                case .file(let path): jsonFile = path
                }
            case "--defects": defects = true
            case "--matrix": matrix = true
            case "--defect":
                guard let name = remaining.popFirst(), !name.hasPrefix("-") else {
                    throw UsageError("--defect needs the name of a variant")
                }
                variant = name
            case "--watchdog":
                let value = remaining.popFirst()
                guard let value, let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
                    throw UsageError("--watchdog needs a positive number of seconds, at most 86400\(Self.given(value))")
                }
                watchdog = .seconds(seconds)
                watchdogGiven = true
            case "--repeat": repeats = try Self.count(after: argument, in: &remaining, of: "runs")
            case "--parallel": parallel = try Self.count(after: argument, in: &remaining, of: "runs at once")
            case "--benchmark": benchmark = true
            case "--junit": junit = Self.destination(in: &remaining)
            case "--markdown": markdown = Self.destination(in: &remaining)
            case "--expected-failures":
                guard let path = remaining.popFirst(), !path.hasPrefix("-") else {
                    throw UsageError("--expected-failures needs a file")
                }
                expectedFailures = path
            case "--rule":
                guard let id = remaining.popFirst(), !id.hasPrefix("-") else {
                    throw UsageError(
                        "--rule needs a rule ID such as PHONE-8, or a check ID such as PHONE-8/exact-lifetime")
                }
                if id.contains("/") {
                    selection.checks.append(try RuleSelection.check(id))
                } else {
                    selection.rules.append(try RuleSelection.rule(id))
                }
            case "--area":
                guard let name = remaining.popFirst(), !name.hasPrefix("-") else {
                    throw UsageError("--area needs an area such as phone")
                }
                selection.areas.append(try RuleSelection.area(name))
            case "--list": list = true
            case "--catalogue": catalogue = true
            case "--docc": docc = true
            case "--require-all": requireAll = true
            case "-h", "--help":
                mode = .help
                return
            default: throw UsageError("unknown argument \"\(argument)\"")
            }
        }
        let runs = defects || variant != nil || watchdogGiven || repeats != nil || parallel != nil || benchmark
        let reports = junit != nil || expectedFailures != nil || jsonFile != nil || requireAll
        if list {
            if catalogue || runs || reports || markdown != nil || json || docc {
                throw UsageError("--list prints the catalogue and runs nothing; it takes only --rule and --area")
            }
            mode = .list
            return
        }
        if catalogue {
            if runs || reports {
                throw UsageError(
                    """
                    --catalogue prints the rules and runs nothing; it takes only --json or --markdown, --rule and \
                    --area
                    """)
            }
            if [json, markdown != nil, docc].count(where: { $0 }) > 1 {
                throw UsageError(
                    "--catalogue prints JSON (--json), markdown (--markdown) or a DocC article (--docc): give one")
            }
            mode = .catalogue
            return
        }
        if docc { throw UsageError("--docc is a format of --catalogue: it needs --catalogue") }
        if matrix, !defects { throw UsageError("--matrix widens --defects: it needs --defects") }
        if defects, variant != nil {
            throw UsageError("--defects audits every variant; --defect runs one: give one of them")
        }
        if benchmark {
            if parallel != nil { throw UsageError("--benchmark times one run at a time; it takes no --parallel") }
            if defects || variant != nil {
                throw UsageError(
                    "--benchmark times the subject and then every variant; it takes neither --defects nor --defect")
            }
            if !selection.isEverything {
                throw UsageError("--benchmark times every area and the whole catalogue; it takes no --rule or --area")
            }
            mode = .benchmark(repeats: repeats ?? Self.defaultBenchmarkRepeats)
        } else if parallel != nil, repeats == nil {
            throw UsageError("--parallel says how many runs of the stress gate go at once: it needs --repeat N")
        } else if let repeats {
            if defects { throw UsageError("--repeat is for the stress gate or --benchmark, not for --defects") }
            mode = .stress(runs: repeats, parallel: parallel ?? 1)
        } else if defects {
            mode = matrix ? .matrix : .audit
        }
        if mode != .report, reports || markdown != nil {
            throw UsageError(
                """
                --junit, --markdown and --expected-failures are for the conformance report (as is --json FILE), not \
                for --defects, --repeat or --benchmark
                """)
        }
        let printed = [
            json ? "--json" : nil, junit == .standardOutput ? "--junit" : nil,
            markdown == .standardOutput ? "--markdown" : nil,
        ].compactMap(\.self)
        if printed.count > 1 {
            throw UsageError("\(printed.joined(separator: " and ")) would all print the report: give the others a FILE")
        }
    }

    /// The FILE after `--json`, `--junit` or `--markdown`, if one follows; `-` is standard output too.
    private static func destination(in remaining: inout ArraySlice<String>) -> Destination {
        guard let next = remaining.first, next == "-" || !next.hasPrefix("-") else { return .standardOutput }
        remaining.removeFirst()
        return next == "-" ? .standardOutput : .file(next)
    }

    private static func count(
        after option: String, in remaining: inout ArraySlice<String>, of what: String
    ) throws(UsageError) -> Int {
        let value = remaining.popFirst()
        guard let value, let count = Int(value), count > 0 else {
            throw UsageError("\(option) needs a positive whole number of \(what)\(given(value))")
        }
        return count
    }

    private static func given(_ value: String?) -> String { value.map { ", not \"\($0)\"" } ?? "" }
}
