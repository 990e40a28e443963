import ConformanceKit
import Foundation
import IdentityToolkitSubject

/// The `conformance` command as a library entry point: a vendor's executable runs the catalogue against its
/// own subject, and audits its own variants, with the same options, output and exit statuses; the same command judges
/// an Identity Toolkit server over HTTP (`--identity-toolkit URL --project ID`).
///
/// ```swift
/// await ConformanceCommand.main(subject: MyAuthSubject(), variants: MyAuthSubject.variants)
/// ```
public enum ConformanceCommand {
    /// Runs the command, writes its report files, prints what it says and exits with its status. On a terminal,
    /// a long command (`audit`, `bench`, `stress`) shows its progress on standard error. An executable with options of
    /// its own adds them to `grammar` (``CommandGrammar/adding(options:)``): the parser accepts them, the help
    /// describes them, and the executable reads them from `grammar.parse(arguments)`. With `providerEndpoints`, a
    /// server judged over HTTP reaches the checks' GitHub and Apple there (`ProviderEndpointsHost`). A server the
    /// options name is judged through the client of `subject` when it is an `IdentityToolkitSubject` with a vendor's
    /// client (``main(client:arguments:grammar:providerEndpoints:)`` is that call without a subject to give).
    public static func main(
        subject: any ConformanceSubject, variants: [AuditVariant] = [],
        arguments: [String] = Array(CommandLine.arguments.dropFirst()), grammar: CommandGrammar = .conformance,
        providerEndpoints: (any ProviderEndpointsHost)? = nil
    ) async -> Never {
        await main(
            subject: subject, client: (subject as? IdentityToolkitSubject)?.clientFactory, variants: variants,
            arguments: arguments, grammar: grammar, providerEndpoints: providerEndpoints)
    }

    /// Runs the command against an Identity Toolkit server through the vendor's own client SDK: `client` makes the
    /// app instances, and every server option applies to it as to the suite's own client (`--identity-toolkit URL
    /// --project ID`, which it needs, `--api-key`, `--published-keys`, `--tenants`, `--flows`, `--no-outbox`,
    /// `--admin-token`), with the preflight (the path layout, the outboxes, the flows, the time control, the config
    /// API), the crash-isolation workers (which judge the server as the preflight found it, without asking it again,
    /// and run the same `client`) and every report option (`stress`, `--json FILE`, …). The whole command of a
    /// vendor's executable:
    ///
    /// ```swift
    /// await ConformanceCommand.main(client: mySDKFactory)
    /// ```
    public static func main(
        client: IdentityToolkitClientFactory, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        grammar: CommandGrammar = .conformance, providerEndpoints: (any ProviderEndpointsHost)? = nil
    ) async -> Never {
        await main(
            subject: nil, client: client, variants: [], arguments: arguments, grammar: grammar,
            providerEndpoints: providerEndpoints)
    }

    /// ``main(subject:variants:arguments:grammar:providerEndpoints:)`` for an executable that has read `arguments`
    /// with `grammar` already, to choose its subject by its own options: the command line is not parsed again.
    package static func main(
        subject: any ConformanceSubject, variants: [AuditVariant] = [], parsed: ParsedCommand, arguments: [String],
        grammar: CommandGrammar, providerEndpoints: (any ProviderEndpointsHost)? = nil
    ) async -> Never {
        await main(
            subject: subject, client: (subject as? IdentityToolkitSubject)?.clientFactory, variants: variants,
            arguments: arguments, grammar: grammar, providerEndpoints: providerEndpoints, parsed: parsed)
    }

    /// The command against `subject`, or against the server the arguments name (through `client`, or the suite's own
    /// client); without a subject, the arguments must name a server. The arguments are parsed here unless `parsed`
    /// is how `grammar` read them.
    private static func main(
        subject: (any ConformanceSubject)?, client: IdentityToolkitClientFactory?, variants: [AuditVariant],
        arguments: [String], grammar: CommandGrammar, providerEndpoints: (any ProviderEndpointsHost)?,
        parsed alreadyParsed: ParsedCommand? = nil
    ) async -> Never {
        var (given, variants) = (subject, variants)
        let help = UsageText(grammar: grammar)
        let parsed: ParsedCommand
        do throws(CommandUsageError) {
            if let alreadyParsed { parsed = alreadyParsed } else { parsed = try grammar.parse(arguments) }
            if let server = try IdentityToolkitCommandLine.subject(
                from: parsed, client: client, providerEndpoints: providerEndpoints)
            {
                var prepared = server
                if !isWorkerProcess {
                    switch await IdentityToolkitCommandLine.prepare(server) {
                    case .refused(let refused):
                        FileHandle.standardError.write(Data(refused.error.utf8))
                        exit(refused.status)
                    case .ready(let ready, let findings):
                        FileHandle.standardError.write(Data(findings.utf8))
                        prepared = ready
                        // The workers judge the server as the preflight found it, without asking it again.
                        setenv(
                            IdentityToolkitCommandLine.findingsVariable, IdentityToolkitCommandLine.findings(of: ready),
                            1)
                    }
                } else if let findings = ProcessInfo.processInfo.environment[
                    IdentityToolkitCommandLine.findingsVariable]
                {
                    prepared = IdentityToolkitCommandLine.applying(findings, to: prepared)
                }
                (given, variants) = (prepared, [])
            } else if given == nil, !parsed.help, !parsed.version, parsed.subcommand != Subcommand.compare.name {
                throw CommandUsageError(
                    "your client is judged against a server: name it with --identity-toolkit URL --project ID")
            }
        } catch {
            FileHandle.standardError.write(Data(help.usageError(error, arguments).utf8))
            exit(CommandOutcome.usageError)
        }
        // Without a subject, only the help comes this far: it names the server the client is judged against.
        let subject =
            given
            ?? {
                var server = IdentityToolkitSubject(.emulator())
                server.clientFactory = client
                return server
            }()
        if isWorkerProcess {
            exit(
                await CommandWorker(subject: subject, variants: variants, arguments: arguments, grammar: grammar).run())
        }
        let progress = TerminalProgress.isTerminal ? TerminalProgress() : nil
        var handler: ProgressHandler?
        if let progress { handler = { progress.update($0) } }
        let outcome = await run(
            parsed, subject: subject, variants: variants, arguments: arguments, progress: handler,
            isolation: CrashIsolation.forThisProcess(), help: help)
        progress?.finish()
        var error = outcome.error
        var status = outcome.status
        do { try outcome.writeFiles() } catch let failure {
            error += "conformance: \(failure)\n"
            status = CommandOutcome.cannotWrite
        }
        FileHandle.standardOutput.write(Data(outcome.output.utf8))
        FileHandle.standardError.write(Data(error.utf8))
        exit(status)
    }

    /// Whether this process is a worker of a command's (see `CrashIsolation`): what the command asked once before
    /// its run (a server's preflight) is not asked again.
    package static var isWorkerProcess: Bool {
        ProcessInfo.processInfo.environment[CrashIsolation.workerVariable] != nil
    }

    /// Runs the command and returns what it would print, the files it would write and its exit status. `progress`
    /// hears how far `audit`, `bench` and `stress` have come, unless the output is `--json`. With `isolation`, the
    /// report's checks run in worker processes, so that a crash of the subject is a verdict.
    package static func run(
        subject: any ConformanceSubject, variants: [AuditVariant] = [], arguments: [String],
        progress: ProgressHandler? = nil, grammar: CommandGrammar = .conformance, isolation: CrashIsolation? = nil
    ) async -> CommandOutcome {
        let help = UsageText(grammar: grammar)
        do throws(CommandUsageError) {
            return await run(
                try grammar.parse(arguments), subject: subject, variants: variants, arguments: arguments,
                progress: progress, isolation: isolation, help: help)
        } catch { return CommandOutcome(error: help.usageError(error, arguments), status: CommandOutcome.usageError) }
    }

    /// The command line as the grammar read it, once, run.
    private static func run(
        _ parsed: ParsedCommand, subject: any ConformanceSubject, variants: [AuditVariant], arguments: [String],
        progress: ProgressHandler?, isolation: CrashIsolation?, help: UsageText
    ) async -> CommandOutcome {
        do throws(CommandUsageError) {
            if parsed.version {
                return CommandOutcome(
                    output: "AuthConformance \(SuiteVersion.current)\n", status: CommandOutcome.success)
            }
            // Help comes first: it answers whatever else the command line holds.
            if parsed.help {
                return CommandOutcome(
                    output: help.text(parsed.helpTopic, subject: subject.name) + "\n", status: CommandOutcome.success)
            }
            if parsed.subcommand == Subcommand.compare.name { return try RunComparisonCommand(parsed).outcome() }
            return try await run(
                CommandArguments(parsed), subject: subject, variants: variants, progress: progress, isolation: isolation
            )
        } catch { return CommandOutcome(error: help.usageError(error, arguments), status: CommandOutcome.usageError) }
    }

    private static func run(
        _ arguments: CommandArguments, subject: any ConformanceSubject, variants: [AuditVariant],
        progress: ProgressHandler?, isolation: CrashIsolation?
    ) async throws(CommandUsageError) -> CommandOutcome {
        if arguments.mode == .audit || arguments.mode == .matrix, variants.isEmpty { throw noVariants("audit") }
        var subject = subject
        if let name = arguments.variant { subject = try variant(named: name, in: variants).subject }
        let expected = try arguments.expectedFailures.map { path throws(CommandUsageError) in
            try expectedFailures(at: path)
        }
        return try await perform(
            arguments, on: subject, variants: variants, expected: expected, progress: arguments.json ? nil : progress,
            isolation: isolation)
    }

    private static func perform(
        _ arguments: CommandArguments, on subject: any ConformanceSubject, variants: [AuditVariant],
        expected: ExpectedFailures?, progress: ProgressHandler?, isolation: CrashIsolation?
    ) async throws(CommandUsageError) -> CommandOutcome {
        let options: ConformanceRunner.Options
        do { options = try ConformanceRunner.Options(watchdog: arguments.watchdog).validated() } catch {
            throw CommandUsageError("\(error)")
        }
        // The options are valid from here on, so nothing that takes them throws.
        let rules = arguments.selection.rules()
        switch arguments.mode {
        case .help:  // answered before, with the executable's options
            return outcome(CommandGrammar.conformance.help(subject: subject.name), passed: true)
        case .report:
            var report: ConformanceReport
            if var isolation {
                isolation.rerunsOneAtATime = subject.capabilities.runsOneCheckAtATime
                report = await isolation.report(of: rules, subject: subject.name)
            } else {
                report = await (try! ConformanceRunner(subject: subject, options: options)).run(rules)
            }
            if let expected { report = report.applying(expected) }
            report.server = (subject as? IdentityToolkitSubject)?.configuration.baseURL.absoluteString
            if let date = sourceDate { report.date = date }
            return reported(report, arguments)
        case .audit, .matrix:
            let selected = Set(rules.map(\.id))
            let audited =
                arguments.selection.isEverything ? variants : variants.filter { !selected.isDisjoint(with: $0.rules) }
            guard !audited.isEmpty else {
                throw CommandUsageError("no variant must be caught by the selected rules: nothing to audit")
            }
            let against = arguments.mode == .matrix ? rules : nil
            let findings =
                if let isolation { await isolation.audit(audited, against: against, progress: progress) } else {
                    await (try! VariantAudit(options: options)).run(audited, against: against, progress: progress)
                }
            let text = arguments.json ? json(VariantReport(variants: findings)) : VariantTable(findings).rendered
            return outcome(text, passed: findings.allSatisfy(\.isCaught))
        case .stress(let runs, let parallel):
            let report = await (try! StressGate(runs: runs, parallel: parallel, options: options)).run(
                subject: subject, rules: rules, progress: progress)
            return outcome(arguments.json ? json(report) : report.rendered, passed: report.differences.isEmpty)
        case .benchmark(let repeats):
            let benchmark = try! CatalogueBenchmark(repeats: repeats, options: options)
            let report =
                arguments.html == nil
                ? await benchmark.run(subject: subject, variants: variants, progress: progress)
                : await benchmark.reportPage(subject: subject.name)
            let page = arguments.html.map {
                CommandOutcome.File(
                    path: $0, contents: HTMLReport(ReportPageBenchmark.everyCheckFailing).rendered + "\n")
            }
            return CommandOutcome(
                output: (arguments.json ? json(report) : report.rendered) + "\n", status: CommandOutcome.success,
                files: page.map { [$0] } ?? [])
        case .list: return outcome(CatalogueList(rules).rendered, passed: true)
        case .catalogue:
            if arguments.json {
                return outcome(json(CatalogueDocument(rules: rules, variants: variants)), passed: true)
            }
            let markdown = CatalogueMarkdown(rules: rules, variants: variants, subject: subject.name)
            if arguments.docc { return outcome(markdown.docc, passed: true) }
            let spec = markdown.rendered
            guard case .file(let path) = arguments.markdown else { return outcome(spec, passed: true) }
            return CommandOutcome(status: CommandOutcome.success, files: [.init(path: path, contents: spec + "\n")])
        }
    }

    /// The report on standard output (the table, `--json`, or the format printed instead) and in its files.
    private static func reported(_ report: ConformanceReport, _ arguments: CommandArguments) -> CommandOutcome {
        var printed = arguments.json ? json(report) : ReportTable(report).rendered
        var files: [CommandOutcome.File] = []
        let formats: [(CommandArguments.Destination?, () -> String)] = [
            (arguments.junit, { JUnitReport(report).rendered }),
            (arguments.markdown, { MarkdownReport(report).rendered }),
            (arguments.jsonFile.map { .file($0) }, { json(report) }),
            (arguments.html.map { .file($0) }, { HTMLReport(report).rendered }),
        ]
        for (destination, render) in formats {
            switch destination {
            case .standardOutput: printed = render()
            case .file(let path): files.append(.init(path: path, contents: render() + "\n"))
            case nil: break
            }
        }
        return CommandOutcome(
            output: printed + "\n",
            status: report.passed && !(arguments.requireAll && !report.notJudgedChecks.isEmpty)
                ? CommandOutcome.success : CommandOutcome.failure, files: files)
    }

    /// `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds convention) when it is set: the date the
    /// reports give instead of the clock's, for a report that must not change from one run to the next (a
    /// screenshot, a sample in the documentation).
    private static var sourceDate: Date? {
        ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int.init).map {
            Date(timeIntervalSince1970: TimeInterval($0))
        }
    }

    private static func expectedFailures(at path: String) throws(CommandUsageError) -> ExpectedFailures {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw CommandUsageError("cannot read the expected failures \(path): \(error.localizedDescription)")
        }
        do { return try ExpectedFailures(parsing: text).validated() } catch {
            throw CommandUsageError("\(path): \(error)")
        }
    }

    private static func variant(
        named name: String, in variants: [AuditVariant]
    ) throws(CommandUsageError) -> AuditVariant {
        guard !variants.isEmpty else { throw noVariants("--variant") }
        guard let variant = variants.first(where: { $0.name == name }) else {
            throw CommandUsageError(
                """
                there is no variant \"\(name)\"; --variant needs one of: \
                \(variants.map(\.name).joined(separator: ", "))
                """)
        }
        return variant
    }

    private static func noVariants(_ option: String) -> CommandUsageError {
        CommandUsageError("\(option) needs variants to audit, and there are no variants of this subject")
    }

    private static func outcome(_ text: String, passed: Bool) -> CommandOutcome {
        CommandOutcome(output: text + "\n", status: passed ? CommandOutcome.success : CommandOutcome.failure)
    }

    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
