import ConformanceCommand
import ConformanceKit
import ReferenceTestSupport
import Synchronization
import Testing

/// Keeps everything it is told, in order.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }

    var all: [Value] { values.withLock { $0 } }
}

@Suite("Progress of long commands")
struct ProgressTests {
    private let variants = [
        AuditVariant(name: "a", rules: ["PHONE-2"], summary: "", subject: BrokenSubject()),
        AuditVariant(name: "b", rules: ["PHONE-3"], summary: "", subject: BrokenSubject()),
    ]

    private func progress(of arguments: [String]) async -> [RunProgress] {
        let heard = Recorder<RunProgress>()
        _ = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: variants, arguments: arguments, progress: { heard.append($0) })
        return heard.all
    }

    @Test("the stress gate counts its runs, in order")
    func stress() async {
        let heard = await progress(of: ["stress", "--runs", "3", "--parallel", "3"])
        #expect(heard.map(\.done) == [1, 2, 3] && heard.allSatisfy { $0.total == 3 })
        #expect(heard.last?.rendered == "stress gate: 3 of 3 runs")
    }

    @Test("the variant audit counts its variants, and the benchmark its timings")
    func auditAndBenchmark() async {
        #expect(
            await progress(of: ["audit"]).map(\.rendered) == [
                "variant audit: 1 of 2 variants", "variant audit: 2 of 2 variants",
            ])
        let areas = Flow.allCases.count { !RuleCatalogue.rules(in: $0).isEmpty }
        let timings = (areas + 3) * 2  // the areas, the catalogue, the variant audit and the variant matrix
        #expect(await progress(of: ["bench", "--runs", "2"]).map(\.done) == Array(1...timings))
    }

    @Test(
        "nothing with --json, nor for the report, the list or the catalogue",
        arguments: [["stress", "--runs", "2", "--json"], ["audit", "--json"], [], ["list"], ["catalogue"]])
    func silent(_ arguments: [String]) async { #expect(await progress(of: arguments).isEmpty) }

    @Test(
        "the terminal line is rewritten in place with a carriage return, covers a longer line, and is wiped at the end")
    func terminalLine() {
        let written = Recorder<String>()
        let line = TerminalProgress { written.append($0) }
        line.update(RunProgress(task: "stress gate", done: 9, total: 10, unit: "runs"))
        line.update(RunProgress(task: "stress gate", done: 10, total: 10, unit: "runs"))
        line.update(RunProgress(task: "x", done: 1, total: 1, unit: "y"))
        line.finish()
        line.finish()
        #expect(
            written.all == [
                "\rstress gate: 9 of 10 runs", "\rstress gate: 10 of 10 runs",
                "\rx: 1 of 1 y" + String(repeating: " ", count: 15), "\r" + String(repeating: " ", count: 11) + "\r",
            ])
    }
}
