import Foundation

/// The `conformance` command as a library entry point: a vendor's executable runs the catalogue against its
/// own subject, and audits its own variants, with the same options, output and exit statuses.
///
/// ```swift
/// await ConformanceCommand.main(subject: MyAuthSubject(), variants: MyAuthSubject.variants)
/// ```
public enum ConformanceCommand {
    /// Runs the command, prints what it says and exits with its status.
    public static func main(
        subject: any ConformanceSubject, variants: [AuditVariant] = [],
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) async -> Never {
        let outcome = await run(subject: subject, variants: variants, arguments: arguments)
        FileHandle.standardOutput.write(Data(outcome.output.utf8))
        FileHandle.standardError.write(Data(outcome.error.utf8))
        exit(outcome.status)
    }

    /// Runs the command and returns what it would print and its exit status.
    public static func run(
        subject: any ConformanceSubject, variants: [AuditVariant] = [],
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) async -> CommandOutcome {
        do {
            return try await run(CommandArguments(parsing: arguments), subject: subject, variants: variants)
        } catch {
            let usage = CommandArguments.usage(subject: subject.name)
            return CommandOutcome(error: "conformance: \(error.message)\n\n\(usage)\n", status: CommandOutcome.usageError)
        }
    }

    private static func run(
        _ arguments: CommandArguments, subject: any ConformanceSubject, variants: [AuditVariant]
    ) async throws(CommandArguments.UsageError) -> CommandOutcome {
        // Help comes first: it answers whatever else the command line holds.
        if arguments.mode == .help { return help(subject) }
        if arguments.mode == .audit, variants.isEmpty { throw noVariants("--defects") }
        var subject = subject
        if let name = arguments.variant { subject = try variant(named: name, in: variants).subject }
        do {
            return try await perform(arguments, on: subject, variants: variants)
        } catch {
            throw CommandArguments.UsageError("\(error)")
        }
    }

    private static func perform(
        _ arguments: CommandArguments, on subject: any ConformanceSubject, variants: [AuditVariant]
    ) async throws(ConformanceRunner.OptionsError) -> CommandOutcome {
        let options = ConformanceRunner.Options(watchdog: arguments.watchdog)
        switch arguments.mode {
        case .help:
            return help(subject)
        case .report:
            let report = await (try ConformanceRunner(subject: subject, options: options)).run()
            return outcome(arguments.json ? json(report) : ReportTable(report).rendered, passed: report.failedMustRules.isEmpty)
        case .audit:
            let findings = await (try DefectAudit(options: options)).run(variants, against: RuleCatalogue.all)
            let text = arguments.json ? json(DefectReport(defects: findings)) : DefectTable(findings).rendered
            return outcome(text, passed: findings.allSatisfy(\.isCaught))
        case .stress(let runs, let parallel):
            let report = await (try StressGate(runs: runs, parallel: parallel, options: options)).run(subject: subject)
            return outcome(arguments.json ? json(report) : report.rendered, passed: report.differences.isEmpty)
        case .benchmark(let repeats):
            let report = await (try CatalogueBenchmark(repeats: repeats, options: options)).run(subject: subject, variants: variants)
            return outcome(arguments.json ? json(report) : report.rendered, passed: true)
        }
    }

    private static func variant(named name: String, in variants: [AuditVariant]) throws(CommandArguments.UsageError) -> AuditVariant {
        guard !variants.isEmpty else { throw noVariants("--defect") }
        guard let variant = variants.first(where: { $0.name == name }) else {
            throw CommandArguments.UsageError("there is no variant \"\(name)\"; --defect needs one of: \(variants.map(\.name).joined(separator: ", "))")
        }
        return variant
    }

    private static func noVariants(_ option: String) -> CommandArguments.UsageError {
        CommandArguments.UsageError("\(option) needs variants to audit, and there are no variants of this subject")
    }

    private static func help(_ subject: any ConformanceSubject) -> CommandOutcome {
        CommandOutcome(output: CommandArguments.usage(subject: subject.name) + "\n", status: CommandOutcome.success)
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
