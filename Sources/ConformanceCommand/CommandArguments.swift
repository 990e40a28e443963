import ConformanceKit

/// The command line of ``ConformanceCommand``, checked for what it asks and for combinations that make no sense.
package struct CommandArguments: Sendable, Hashable {
    /// What the command does.
    package enum Mode: Sendable, Hashable {
        /// Runs the catalogue once and prints the conformance table (or report).
        case report
        /// `audit`: runs every variant against its own rules and shows which of them caught it.
        case audit
        /// `audit --matrix`: runs every variant against every selected rule (the whole catalogue by default).
        case matrix
        /// `stress --runs N [--parallel K]`: runs the catalogue `runs` times, `parallel` at once, and compares.
        case stress(runs: Int, parallel: Int)
        /// `bench [--runs N]`: times the catalogue per flow, the whole catalogue and the variants.
        case benchmark(repeats: Int)
        /// `list`: prints the catalogue, one line per rule, without running anything.
        case list
        /// `catalogue`: writes every rule as JSON (`--json`) or as a markdown spec.
        case catalogue
        /// `-h`, `--help`, `conformance help`.
        case help
    }

    /// Where a report goes: a file, or standard output instead of the table.
    package enum Destination: Sendable, Hashable {
        case standardOutput
        case file(String)
    }

    package static let defaultBenchmarkRepeats = 10

    package var mode: Mode = .report
    /// `--json` with no FILE: the machine-readable report printed on standard output instead of the table.
    package var json = false
    /// `--json FILE`: the conformance report also written as JSON to FILE, standard output keeping the table (for an
    /// SDK that prints to standard output itself). `--json` followed by no FILE (or `-`) is ``json``, as before.
    package var jsonFile: String?
    /// `--variant NAME`: the variant to run instead of the subject (in the report and the stress gate).
    package var variant: String?
    package var watchdog = Duration.seconds(10)
    /// `--rule` and `--flow`: the rules to run or list.
    package var selection = RuleSelection()
    /// `--junit [FILE]`.
    package var junit: Destination?
    /// `--markdown [FILE]`: the report, or with `catalogue` the spec.
    package var markdown: Destination?
    /// `--html FILE`: the report as one self-contained page, written to FILE.
    package var html: String?
    /// `--expected-failures FILE`: the path, read when the command runs.
    package var expectedFailures: String?
    /// `catalogue --docc`: the spec as a DocC article instead of markdown.
    package var docc = false
    /// `--require-all`: a check not judged (`ConformanceStatus.notJudged`) fails the run.
    package var requireAll = false

    package init(
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

    /// The arguments read with ``CommandGrammar/conformance``.
    package init(parsing arguments: [String]) throws(CommandUsageError) {
        try self.init(CommandGrammar.conformance.parse(arguments))
    }

    /// The options of the catalogue's subcommands in a parsed command line (those of the server and of an executable
    /// are read by their own parts), checked for what the grammar cannot say: the formats that would all print.
    package init(_ parsed: ParsedCommand) throws(CommandUsageError) {
        if parsed.help {
            mode = .help
            return
        }
        if parsed.has("--json") {
            if let path = parsed.value("--json"), path != "-" { jsonFile = path } else { json = true }
        }
        junit = Self.destination(parsed, "--junit")
        markdown = Self.destination(parsed, "--markdown")
        html = parsed.value("--html")
        expectedFailures = parsed.value("--expected-failures")
        requireAll = parsed.has("--require-all")
        docc = parsed.has("--docc")
        variant = parsed.value("--variant")
        if let given = parsed.typed("--watchdog", as: Duration.self) { watchdog = given }
        for named in parsed.every("--rule", as: RuleSelection.Named.self) {
            switch named {
            case .check(let check): selection.checks.append(check)
            case .rule(let rule): selection.rules.append(rule)
            }
        }
        selection.areas = parsed.every("--flow")
        let runs = parsed.typed("--runs", as: Int.self)
        switch parsed.subcommand {
        case Subcommand.audit.name: mode = parsed.has("--matrix") ? .matrix : .audit
        case Subcommand.stress.name:
            guard let runs else {
                throw CommandUsageError("stress needs --runs N, how many times to run the catalogue")
            }
            mode = .stress(runs: runs, parallel: parsed.typed("--parallel") ?? 1)
        case Subcommand.bench.name: mode = .benchmark(repeats: runs ?? Self.defaultBenchmarkRepeats)
        case Subcommand.list.name: mode = .list
        case Subcommand.catalogue.name: mode = .catalogue
        case Subcommand.run.name: mode = .report
        default: throw CommandUsageError("\(parsed.subcommand) is not a subcommand of the catalogue")
        }
        if jsonFile != nil, mode != .report {
            throw CommandUsageError(
                "--json FILE writes the report of run; \(parsed.subcommand) prints its JSON: give --json no FILE")
        }
        if mode == .catalogue, [json, markdown != nil, docc].count(where: { $0 }) > 1 {
            throw CommandUsageError(
                "catalogue prints JSON (--json), markdown (--markdown) or a DocC article (--docc): give one")
        }
        let printed = [
            json ? "--json" : nil, junit == .standardOutput ? "--junit" : nil,
            markdown == .standardOutput ? "--markdown" : nil,
        ].compactMap(\.self)
        if mode == .report, printed.count > 1 {
            throw CommandUsageError(
                "\(printed.joined(separator: " and ")) would all print the report: give the others a FILE")
        }
    }

    /// The FILE `option` was given (`-` is standard output), or standard output when it was given none.
    private static func destination(_ parsed: ParsedCommand, _ option: String) -> Destination? {
        guard parsed.has(option) else { return nil }
        guard let path = parsed.occurrences.last(where: { $0.name == option })?.text, path != "-" else {
            return .standardOutput
        }
        return .file(path)
    }
}
