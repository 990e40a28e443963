/// The command line of ``ConformanceCommand``, checked for what it asks and for combinations that make no sense.
public struct CommandArguments: Sendable, Hashable {
    /// What the command does.
    public enum Mode: Sendable, Hashable {
        /// Runs the catalogue once and prints the conformance table (or report).
        case report
        /// `--defects`: runs the catalogue against every variant and shows which rules caught it.
        case audit
        /// `--repeat N [--parallel K]`: runs the catalogue `runs` times, `parallel` at once, and compares.
        case stress(runs: Int, parallel: Int)
        /// `--benchmark [--repeat N]`: times the catalogue per area, the whole catalogue and the variants.
        case benchmark(repeats: Int)
        /// `-h`, `--help`.
        case help
    }

    public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
        public let message: String

        public init(_ message: String) { self.message = message }

        public var description: String { message }
    }

    public static let defaultBenchmarkRepeats = 10

    /// The help text, naming the subject the command runs against.
    public static func usage(subject: String) -> String {
        """
        usage: conformance [--json] [--defects | --defect NAME] [--watchdog SECONDS]
               conformance [--json] [--defect NAME] --repeat N [--parallel K] [--watchdog SECONDS]
               conformance [--json] --benchmark [--repeat N] [--watchdog SECONDS]

          (no flags)       run the whole rule catalogue against \(subject) and print the conformance table
          --json           print the machine-readable report instead of the table
          --defects        run the catalogue against every variant of \(subject) and show which rules caught it
          --defect NAME    run the catalogue against one variant instead, to see how a failure reads
          --watchdog       real seconds a single check may take before it is failed as hung (default 10)
          --repeat N       the stress gate: run the whole catalogue N times and show every check whose
                           result differs between runs
          --parallel K     with --repeat: K runs at once (default 1)
          --benchmark      time the catalogue per area, the whole catalogue and the variants, --repeat
                           times each (default \(defaultBenchmarkRepeats)), and print min/median/max in milliseconds

        Exit status: 0 when every MUST rule passes (with --defects: when every variant is caught by one of
        its own rules; with --repeat: when no result differs between runs; with --benchmark: always), 1
        otherwise, 64 for a usage error.
        """
    }

    public var mode: Mode = .report
    public var json = false
    /// `--defect NAME`: the variant to run instead of the subject (in the report and the stress gate).
    public var variant: String?
    public var watchdog = Duration.seconds(10)

    public init(mode: Mode = .report, json: Bool = false, variant: String? = nil, watchdog: Duration = .seconds(10)) {
        self.mode = mode
        self.json = json
        self.variant = variant
        self.watchdog = watchdog
    }

    public init(parsing arguments: [String]) throws(UsageError) {
        var defects = false
        var benchmark = false
        var repeats: Int?
        var parallel: Int?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": json = true
            case "--defects": defects = true
            case "--defect":
                guard let name = remaining.popFirst(), !name.hasPrefix("-") else { throw UsageError("--defect needs the name of a variant") }
                variant = name
            case "--watchdog":
                let value = remaining.popFirst()
                guard let value, let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
                    throw UsageError("--watchdog needs a positive number of seconds, at most 86400\(Self.given(value))")
                }
                watchdog = .seconds(seconds)
            case "--repeat": repeats = try Self.count(after: argument, in: &remaining, of: "runs")
            case "--parallel": parallel = try Self.count(after: argument, in: &remaining, of: "runs at once")
            case "--benchmark": benchmark = true
            case "-h", "--help":
                mode = .help
                return
            default: throw UsageError("unknown argument \"\(argument)\"")
            }
        }
        if defects, variant != nil { throw UsageError("--defects audits every variant; --defect runs one: give one of them") }
        if benchmark {
            if parallel != nil { throw UsageError("--benchmark times one run at a time; it takes no --parallel") }
            if defects || variant != nil {
                throw UsageError("--benchmark times the subject and then every variant; it takes neither --defects nor --defect")
            }
            mode = .benchmark(repeats: repeats ?? Self.defaultBenchmarkRepeats)
        } else if parallel != nil, repeats == nil {
            throw UsageError("--parallel says how many runs of the stress gate go at once: it needs --repeat N")
        } else if let repeats {
            if defects { throw UsageError("--repeat is for the stress gate or --benchmark, not for --defects") }
            mode = .stress(runs: repeats, parallel: parallel ?? 1)
        } else if defects {
            mode = .audit
        }
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

    private static func given(_ value: String?) -> String {
        value.map { ", not \"\($0)\"" } ?? ""
    }
}
