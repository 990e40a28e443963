import ConformanceKit
import Foundation

/// `conformance compare A.json B.json [C.json…]`: the reports `run --json` wrote, side by side (``RunComparison``),
/// as a table, as markdown (`--markdown`) or as a page (`--html FILE`). A file that cannot be read, is not JSON or is
/// not a report of this suite's schema is a usage error that names it.
struct RunComparisonCommand {
    let files: [String]
    let markdown: Bool
    let html: String?

    init(_ parsed: ParsedCommand) throws(CommandUsageError) {
        files = parsed.operands
        guard files.count >= 2 else {
            throw CommandUsageError(
                "compare needs two reports or more (the files run --json FILE writes), not \(files.count)")
        }
        markdown = parsed.has("--markdown")
        html = parsed.value("--html")
    }

    func outcome() throws(CommandUsageError) -> CommandOutcome {
        var reports: [ConformanceReport] = []
        for file in files { reports.append(try Self.report(at: file)) }
        let comparison = RunComparison(reports)
        return CommandOutcome(
            output: (markdown ? comparison.markdown : comparison.table) + "\n", status: CommandOutcome.success,
            files: html.map { [.init(path: $0, contents: HTMLComparison(comparison).rendered + "\n")] } ?? [])
    }

    /// The report at `path`, checked in order: readable, JSON, this suite's schema (its `schemaVersion`), its fields.
    static func report(at path: String) throws(CommandUsageError) -> ConformanceReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandUsageError("cannot read the report \(path): no such file, or not readable")
        }
        guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
            throw CommandUsageError("\(path) is not JSON: compare reads the reports run --json FILE writes")
        }
        let version: Int?
        do { version = try JSONDecoder().decode(Header.self, from: data).schemaVersion } catch {
            throw CommandUsageError(
                "\(path) is not a conformance report: compare reads the reports run --json FILE writes")
        }
        guard let version else {
            throw CommandUsageError(
                "\(path) has no schemaVersion: it is not a report of this suite's schema (run --json FILE writes one)")
        }
        guard version == ConformanceReport.schemaVersion else {
            throw CommandUsageError(
                """
                \(path) is a report of schema version \(version); this suite reads version \
                \(ConformanceReport.schemaVersion)
                """)
        }
        do { return try JSONDecoder().decode(ConformanceReport.self, from: data) } catch {
            throw CommandUsageError("\(path) is not a report of schema version \(version): \(Self.explain(error))")
        }
    }

    private struct Header: Decodable { let schemaVersion: Int? }

    private static func explain(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context): "missing \"\(key.stringValue)\"" + place(context)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type" + place(context)
        case DecodingError.dataCorrupted(let context): context.debugDescription + place(context)
        default: "\(error)"
        }
    }

    private static func place(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : " at " + context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}
