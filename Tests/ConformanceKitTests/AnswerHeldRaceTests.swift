import ConformanceKit
import ReferenceAuth
import ReferenceTestSupport
import Synchronization
import Testing

/// item 3 in process: a one-time credential checked in a backend call and marked used only once the call's
/// answer has left is caught by the check holding that answer on its way back, and a client that keeps one slot for
/// its awaited push by the check holding the push, with the same verdict every run; the reference passes the same
/// checks every run.
@Suite("Races across a step of the world (an answer, a push) are judged the same way every time")
struct AnswerHeldRaceTests {
    static let defects: [Defect] = [
        .phoneCodeConsumedAfterAnswer, .emailLinkConsumedAfterAnswer, .secondFactorConsumedAfterAnswer,
    ]
    static let runs = 20

    /// Each defect with the check that holds a step of the world to catch it.
    static let catches: [(Defect, CheckID)] =
        defects.map { ($0, $0.catches[0].check) } + [(.waitsForOnePushAtATime, "PHONE-14/verifications-push-held")]

    @Test(
        "each defect fails the check it names, as an assertion with the same message, in each of 20 runs",
        arguments: catches)
    func caughtEveryTime(_ defect: Defect, _ check: CheckID) async throws {
        #expect(defect.catches.contains(.assertion(check)))
        var verdicts: Set<String> = []
        for result in try await Self.results(of: check, against: ReferenceSubject(defects: [defect])) {
            #expect(result.status == .fail && result.failure?.kind == .assertion, "\(result.message ?? "")")
            verdicts.insert("\(result.status) \(result.message ?? "")")
        }
        #expect(verdicts.count == 1, "\(verdicts.sorted())")
    }

    @Test("the reference passes each of those checks in each of 20 runs", arguments: catches)
    func referencePassesEveryTime(_ defect: Defect, _ check: CheckID) async throws {
        for result in try await Self.results(of: check, against: ReferenceSubject()) {
            #expect(result.status == .pass, "\(result.message ?? "")")
        }
    }

    @Test("no request hold catches them: the concurrent checks of the same rules pass", arguments: defects)
    func requestHoldsMissThem(_ defect: Defect) async throws {
        let others = RuleCatalogue.rules(defect.rules).flatMap(\.checks).map(\.id).filter {
            $0 != defect.catches.first?.check && $0.identifier.hasPrefix("concurrent")
        }
        for id in others {
            let result = try await Self.result(of: id, against: ReferenceSubject(defects: [defect]))
            #expect(result.status == .pass, "\(id): \(result.message ?? "")")
        }
    }

    /// The results of ``runs`` runs of the check named `id` against `subject`, each in a world of its own, the runs at
    /// once (their checks share the machine's slots): the count is the point, not the order.
    private static func results(of id: CheckID, against subject: ReferenceSubject) async throws -> [CheckResult] {
        let results = await Array(0..<runs).concurrentMap { _ in try? await result(of: id, against: subject) }
        #expect(results.count == runs)
        return try results.map { try #require($0) }
    }

    /// The result of the check named `id` against `subject`.
    private static func result(of id: CheckID, against subject: ReferenceSubject) async throws -> CheckResult {
        let runner = try ConformanceRunner(subject: subject, options: .forDefects)
        let results = Mutex<[CheckResult]>([])
        await runner.run(RuleCatalogue.rules([id.rule]), only: [id]) { _, result in
            results.withLock { $0.append(result) }
        }
        return try #require(results.withLock { $0.count == 1 ? $0.first : nil })
    }
}
