import ConformanceKit

/// The subcommands the library runs against a subject.
extension Subcommand {
    private static let serverStatus =
        "with --identity-toolkit also 69 when the server does not answer, 78 when it serves another project than "
        + "--project or answers no Identity Toolkit call"

    package static let run = Subcommand(
        "run", summary: "run the rule catalogue against the subject and print the conformance table (the default)",
        exitStatus: """
            0 when every MUST rule passes or is a listed known failure, no listed rule passes and (with \
            --require-all) every check that applies is judged, 1 otherwise; 73 when a report file cannot be written; \
            \(serverStatus)
            """)
    package static let audit = Subcommand(
        "audit", summary: "run every variant of the subject against its own rules and show which of them caught it",
        discussion: """
            With --rule or --flow: the variants those rules must catch. With --matrix: every variant against every \
            selected rule, the whole catalogue by default, to see what else catches it.
            """, exitStatus: "0 when every variant is caught by one of its own rules, 1 otherwise")
    package static let stress = Subcommand(
        "stress",
        summary: "the stress gate: run the catalogue --runs N times and show every check whose result differs",
        exitStatus: "0 when no result differs between runs, 1 otherwise; \(serverStatus)")
    package static let bench = Subcommand(
        "bench",
        summary: """
            time the catalogue per flow, the whole catalogue and the variants, and print min/median/max in \
            milliseconds
            """, exitStatus: "0; \(serverStatus)")
    package static let list = Subcommand(
        "list", summary: "print the catalogue (ID, level, title, first source; each check's ID and sentence)",
        exitStatus: "0")
    package static let catalogue = Subcommand(
        "catalogue",
        summary: """
            print every rule with its statement, sources, hint, checks, fixtures and the variants it catches: as a \
            markdown spec (the default), as JSON (--json) or as a DocC article (--docc)
            """, exitStatus: "0; 73 when the spec file cannot be written")
    package static let compare: Subcommand = {
        var compare = Subcommand(
            "compare",
            summary: """
                show runs side by side from their --json reports: each rule and check a row, each run a column \
                (subject, server, date), the rows that differ first
                """, exitStatus: "0; 64 when a file cannot be read or is not a report of this suite's JSON schema")
        compare.operands = "A.json B.json [C.json…]"
        return compare
    }()
}

extension CommandGrammar {
    /// The library's grammar: the catalogue's subcommands, the report's options and the server's.
    public static let conformance: CommandGrammar = {
        CommandGrammar(
            subcommands: [.run, .audit, .stress, .bench, .list, .catalogue, .compare],
            options: CommandOption.reportOptions + CommandOption.serverOptions)
    }()
}

extension CommandOption {
    /// The options of the report and of the catalogue's other subcommands.
    static let reportOptions: [CommandOption] = [
        CommandOption(
            "--json", .optional("FILE"), subcommands: ["run", "audit", "stress", "bench", "catalogue"],
            help: """
                the machine-readable output, printed instead of the table; run --json FILE writes the report to FILE, \
                standard output keeping the table
                """),
        CommandOption(
            "--junit", .optional("FILE"), subcommands: ["run"],
            help: "the report as JUnit XML, for CI test reporters, written to FILE (no FILE: printed instead)"),
        CommandOption(
            "--markdown", .optional("FILE"), subcommands: ["run", "catalogue"],
            help: "the report (or the catalogue's spec) as markdown, written to FILE (no FILE: printed instead)"),
        CommandOption(
            "--html", .required("FILE"), subcommands: ["run", "compare", "bench"],
            help: """
                the report (or the comparison) as one self-contained page, written to FILE: filters by status and \
                flow, each failure open with its evidence; no script, nothing fetched, so it opens from disk (bench \
                --html FILE: times the page of the whole catalogue with every check failing alone, and writes it)
                """, valueHelp: "a file to write the page to"),
        CommandOption(
            "--markdown", subcommands: ["compare"], help: "the comparison as markdown, printed instead of the table"),
        CommandOption(
            "--expected-failures", .required("FILE"), subcommands: ["run"],
            help: """
                rules or checks known to fail, with why (JSON {"expectedFailures": [{"rule" or "check", "reason", \
                "bug"?}]}, or text, one "RULE-ID reason [BUG-URL]" or "RULE-ID/check-id reason [BUG-URL]" a line, # \
                comments): a listed rule or check that fails does not fail the run; one that passes does, until it is \
                removed from the list; the upstream bug's URL is shown beside the failure
                """, valueHelp: "a file"),
        CommandOption(
            "--require-all", subcommands: ["run"],
            help: """
                fail the run when a check is not judged (a step it needs is not offered by the server); without it \
                such checks are counted apart and fail nothing
                """),
        CommandOption(
            "--rule", .required("RULE-ID"), subcommands: ["run", "audit", "stress", "list", "catalogue"],
            help: "only this rule, or with RULE-ID/check-id only this check (with --flow, the rules named either way)",
            valueHelp: "a rule ID such as PHONE-8, or a check ID such as PHONE-8/exact-lifetime", isRepeatable: true
        ) { id throws(CommandUsageError) in try RuleSelection.Named(id) },
        CommandOption(
            "--flow", .required("FLOW"), subcommands: ["run", "audit", "stress", "list", "catalogue"],
            help: "only the rules of this flow: \(FlowName.withRules().map(\.rawValue).joined(separator: ", "))",
            valueHelp: "a flow such as phone", isRepeatable: true
        ) { name throws(CommandUsageError) in try RuleSelection.area(name) },
        CommandOption(
            "--variant", .required("NAME"), subcommands: ["run", "stress"],
            help: "run against one variant instead of the subject, to see how its failures read",
            valueHelp: "the name of a variant"),
        CommandOption(
            "--watchdog", .required("SECONDS"), subcommands: ["run", "audit", "stress", "bench"],
            help: """
                real seconds in which nothing of a check moves before it is failed as hung (default 10); a subject \
                whose work stays in the check's tasks is found hung without it
                """, valueHelp: "a positive number of seconds, at most 86400"
        ) { value throws(CommandUsageError) in
            guard let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
                throw CommandUsageError(
                    "--watchdog needs a positive number of seconds, at most 86400, not \"\(value)\"")
            }
            return Duration.seconds(seconds)
        },
        CommandOption(
            "--matrix", subcommands: ["audit"],
            help: """
                every variant against every selected rule (the whole catalogue by default), to see what else catches \
                it
                """),
        CommandOption(
            "--runs", .required("N"), subcommands: ["stress"], help: "how many times to run the catalogue (needed)",
            valueHelp: "a positive whole number of runs", reading: CommandOption.count("--runs", of: "runs")),
        CommandOption(
            "--parallel", .required("K"), subcommands: ["stress"], help: "K runs at once (default 1)",
            valueHelp: "a positive whole number of runs at once",
            reading: CommandOption.count("--parallel", of: "runs at once")),
        CommandOption(
            "--runs", .required("N"), subcommands: ["bench"],
            help: "how many times to time each (default \(CommandArguments.defaultBenchmarkRepeats))",
            valueHelp: "a positive whole number of runs", reading: CommandOption.count("--runs", of: "runs")),
        CommandOption("--docc", subcommands: ["catalogue"], help: "the spec as a DocC article"),
    ]

    /// A positive whole number, or the usage error that names `option`.
    package static func count(_ option: String, of what: String) -> @Sendable (String) throws(CommandUsageError) -> Int
    {
        { value throws(CommandUsageError) in
            guard let count = Int(value), count > 0 else {
                throw CommandUsageError("\(option) needs a positive whole number of \(what), not \"\(value)\"")
            }
            return count
        }
    }
}
