import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import LoopbackHTTP
import ReferenceAuth
import Synchronization
import Testing

/// The checks at the server's door (issue 30) against the reference served on a port of 127.0.0.1, as `conformance
/// serve` serves it: each door defect fails the check it names over real sockets, and the clean server passes it.
/// The race of two sign-ups at once is judged every run with the same verdict: both requests are in flight on two
/// connections, and the defect waits between its check and its create for the second to arrive.
@Suite("Door checks over loopback", .serialized)
struct DoorOverLoopbackTests {
    /// The result of `check` against the served reference with `defects`.
    static func result(of check: CheckID, defects: Set<Defect>) async throws -> CheckResult? {
        let server = IdentityToolkitServer(
            reference: ReferenceSubject(defects: defects), defaultProjectID: "demo-conformance", followsRealTime: true,
            recordsRequests: false)
        let http = try LoopbackHTTPServer(
            port: 0, handler: { await server.handle($0) },
            rejection: { IdentityToolkitServer.invalidArgument($1, code: $0) })
        defer { http.stop() }
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(http.port)")!, projectID: "demo-conformance",
                isolation: .oneCheckAtATime, name: "the served reference"))
        let results = Mutex<[CheckResult]>([])
        await (try ConformanceRunner(subject: subject, options: .init(watchdog: .seconds(60)))).run(
            RuleCatalogue.rules([check.rule]), only: [check]
        ) { _, result in results.withLock { $0.append(result) } }
        return results.withLock { $0.first }
    }

    @Test(
        "each door defect fails the check it names over loopback; the clean server passes it",
        arguments: Defect.doorDefects)
    func caughtOverLoopback(_ defect: Defect) async throws {
        for expected in defect.catches {
            let caught = try await Self.result(of: expected.check, defects: [defect])
            #expect(caught?.status == .fail, "\(defect) is not caught over loopback by \(expected.check)")
            let clean = try await Self.result(of: expected.check, defects: [])
            #expect(
                clean?.status == .pass,
                "\(expected.check) does not pass the clean served server: \(clean?.message ?? "")")
        }
    }

    @Test("two sign-ups at once: the racing server is caught, the clean one passes, every run", arguments: 1...3)
    func raceVerdictIsStable(_ run: Int) async throws {
        let check: CheckID = "AUTH-8/door-sign-ups-at-once"
        let caught = try await Self.result(of: check, defects: [.signUpRacesAtTheDoor])
        #expect(caught?.status == .fail, "run \(run): the racing sign-up passed")
        #expect(caught?.failure?.actual?.contains("both created an account") == true, "\(caught?.message ?? "")")
        let clean = try await Self.result(of: check, defects: [])
        #expect(clean?.status == .pass, "run \(run): \(clean?.message ?? "")")
    }

    @Test("two sign-ups at once in process: the racing reference is caught, the clean one passes, 20 runs alike")
    func raceVerdictInProcess() async throws {
        let check: CheckID = "AUTH-8/door-sign-ups-at-once"
        for run in 1...20 {
            for (defects, expected) in [([Defect.signUpRacesAtTheDoor], ConformanceStatus.fail), ([], .pass)] {
                let results = Mutex<[CheckResult]>([])
                await (try ConformanceRunner(subject: ReferenceSubject(defects: Set(defects)))).run(
                    RuleCatalogue.rules([check.rule]), only: [check]
                ) { _, result in results.withLock { $0.append(result) } }
                let status = results.withLock { $0.first?.status }
                #expect(status == expected, "run \(run) with \(defects): \(String(describing: status))")
            }
        }
    }
}
