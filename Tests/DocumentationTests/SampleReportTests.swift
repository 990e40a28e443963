import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceAuth
import Testing

/// The articles' samples of a report are the command's output: the test runs the command the article names just
/// before the sample, through `ConformanceCommand.run`, and the sample must be that output line for line, where it
/// does not say `…`. So its figures (`tests=`, failures, the counts of the summary line), suite names, messages,
/// evidence and file lines follow the code, and a change that alters them fails here instead of leaving the manual
/// stale. What differs from one run to the next (times, the date, the catalogue's digest) is left out of the
/// comparison.
@Suite("The articles' sample reports are the command's output")
struct SampleReportTests {
    /// A sample in an article: the command named last before it (`` `swift run conformance …` ``) and the fenced
    /// block of `language` that follows.
    struct Sample {
        let arguments: [String]
        let text: String

        init?(in article: String, after heading: String, language: String) {
            guard let section = article.range(of: "\n## \(heading)"),
                let fence = article.range(of: "\n```\(language)\n", range: section.upperBound..<article.endIndex),
                let end = article.range(of: "\n```\n", range: fence.upperBound..<article.endIndex),
                let command = article[section.upperBound..<fence.lowerBound].matches(
                    of: /`swift run conformance ([^`]+)`/
                ).last
            else { return nil }
            arguments = command.output.1.split(separator: " ").map(String.init)
            text = String(article[fence.upperBound..<end.lowerBound])
        }
    }

    /// What differs between two runs of one command: each check's and the run's time, the date, the digest.
    static func normalized(_ text: String) -> String {
        text.replacing(/time="[0-9.]+"/, with: #"time="""#).replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, with: "DATE")
            .replacing(/sha256:[0-9a-f]{64}/, with: "sha256:…").replacing(#/ in [0-9.]+ s\b/#, with: " in … s")
    }

    /// Whether `sample` is `output` with elisions: a line that is only `…` stands for any number of lines, a `…`
    /// within a line for any text; every other line is the output's next line, exactly, up to the output's end.
    static func isElided(_ sample: String, of output: String) -> Bool {
        let wanted = normalized(sample).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = normalized(output).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func matches(_ pattern: String, _ line: String) -> Bool {
            let parts = pattern.split(separator: "…", omittingEmptySubsequences: false).map {
                NSRegularExpression.escapedPattern(for: String($0))
            }
            let regex = try? NSRegularExpression(pattern: "^" + parts.joined(separator: ".*") + "$")
            return regex?.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }
        func match(_ sampleIndex: Int, _ lineIndex: Int) -> Bool {
            guard sampleIndex < wanted.count else { return lines[lineIndex...].allSatisfy(\.isEmpty) }
            if wanted[sampleIndex].trimmingCharacters(in: .whitespaces) == "…" {
                return (lineIndex...lines.count).contains { match(sampleIndex + 1, $0) }
            }
            return lineIndex < lines.count && matches(wanted[sampleIndex], lines[lineIndex])
                && match(sampleIndex + 1, lineIndex + 1)
        }
        return match(0, 0)
    }

    /// The sample under `heading`, and the output of the command the article names for it.
    private func sample(_ heading: String, _ language: String) async throws -> (Sample, String) {
        let article = DocumentationTests.article("ConformanceCommand", "ReportsKnownFailuresAndExitStatuses")
        let sample = try #require(
            Sample(in: article, after: heading, language: language),
            "no `swift run conformance …` before a ```\(language) block under \"\(heading)\"")
        let outcome = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants, arguments: sample.arguments)
        #expect(outcome.error.isEmpty, "\(sample.arguments): \(outcome.error)")
        return (sample, outcome.output)
    }

    @Test(
        "each sample is what its command prints, its counts included (the JUnit suites', the Markdown summary's)",
        arguments: [("JUnit XML", "xml"), ("Markdown for a pull request", "markdown")])
    func sampleIsOutput(_ heading: String, _ language: String) async throws {
        let (sample, output) = try await sample(heading, language)
        #expect(
            Self.isElided(sample.text, of: output),
            "the \(heading) sample is not `conformance \(sample.arguments.joined(separator: " "))`'s output:\n\(output)"
        )
    }

    @Test("a sample that differs from the output in a figure, a line or its order does not match")
    func mismatchesFail() {
        let output = """
            <testsuites name="S" tests="52" failures="2" time="0.5">
              <testsuite name="phone" tests="52" time="0.4">
                <testcase classname="PHONE-2" name="PHONE-2/empty-number" time="0.002"/>
                <testcase classname="PHONE-3" name="PHONE-3/one-sms" time="0.003"/>
              </testsuite>
            </testsuites>
            """
        let elided = """
            <testsuites name="S" tests="52" failures="2" time="9.9">
              <testsuite name="phone" tests="52" time="…">
                …
                <testcase classname="PHONE-3" name="PHONE-3/…" time="0.001"/>
                …
            """
        #expect(Self.isElided(elided, of: output))
        #expect(!Self.isElided(elided.replacing(#"tests="52" failures"#, with: #"tests="51" failures"#), of: output))
        #expect(!Self.isElided(elided.replacing("PHONE-3/…", with: "PHONE-4/…"), of: output))
        #expect(!Self.isElided(elided.replacing("    …\n    <testcase", with: "    <testcase"), of: output))
        #expect(!Self.isElided("<testsuites…>\n  <testsuite…>\n</testsuites>", of: output))
        #expect(!Self.isElided(String(elided.dropLast("\n    …".count)), of: output), "a sample cut short")
    }
}
