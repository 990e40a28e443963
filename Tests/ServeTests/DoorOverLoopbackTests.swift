import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import LoopbackHTTP
import ReferenceAuth
import ReferenceTestSupport
import Synchronization
import Testing

/// The checks at the server's door against the reference served on a port of 127.0.0.1, as `conformance
/// serve` serves it: each door defect fails the check it names over real sockets, and the clean server passes it.
/// Each race at once is judged every run with the same verdict, whatever the load: both requests are in flight on two
/// connections, marked as one pair (`X-Conformance-Pair`), and the defect waits between its check and its effect for
/// the other request of its pair to arrive, without any real-time bound (a closed connection ends the wait).
@Suite("Door checks over loopback", .serialized)
struct DoorOverLoopbackTests {
    /// The result of `check` against the served reference with `defects`, a tenant per check and the server's time
    /// control, as the preflight finds them on `conformance serve` (a change that must end sessions lies a second
    /// after them, production's whole-second revocation; an ID token can expire).
    static func result(of check: CheckID, defects: Set<Defect>) async throws -> CheckResult? {
        let server = IdentityToolkitServer(
            reference: ReferenceSubject(defects: defects), defaultProjectID: "demo-conformance", followsRealTime: true,
            recordsRequests: false)
        let http = try LoopbackHTTPServer(
            port: 0, handler: { await server.handle($0) },
            rejection: { IdentityToolkitServer.invalidArgument($1, code: $0) })
        defer { http.stop() }
        var configuration = IdentityToolkitConfiguration(
            baseURL: URL(string: "http://127.0.0.1:\(http.port)")!, projectID: "demo-conformance",
            isolation: .tenantPerCheck, name: "the served reference")
        configuration.timeControl = true
        let subject = IdentityToolkitSubject(configuration)
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
            let clean = try await Self.result(of: expected.check, defects: [])
            let caught = try await Self.result(of: expected.check, defects: [defect])
            #expect(caught?.status == .fail, "\(defect) is not caught over loopback by \(expected.check)")
            #expect(
                clean?.status == .pass,
                "\(expected.check) does not pass the clean served server: \(clean?.message ?? "")")
        }
    }

    /// A race at the server's door: the defect that splits a check from its effect, the check that sends the pair at
    /// once, and the words its evidence names the race with.
    struct Race: Sendable, CustomTestStringConvertible {
        let defect: Defect
        let check: CheckID
        let evidence: String
        /// How the failure counts the broken rounds when every round is broken ("8 of 8"): the pair meets every time.
        let everyRound: String
        var testDescription: String { "\(defect) by \(check)" }

        static let all = [
            Race(
                defect: .signUpRacesAtTheDoor, check: "AUTH-8/door-sign-ups-at-once", evidence: "both created",
                everyRound: "8 of 8"),
            Race(
                defect: .phoneCodeRacesAtTheDoor, check: "PHONE-7/door-code-twice-at-once",
                evidence: "both signed in with one code", everyRound: "4 of 4"),
            Race(
                defect: .refreshRacesRevocationAtTheDoor, check: "AUTH-7/door-refresh-beside-revocation",
                evidence: "still mints ID tokens after the password change", everyRound: "8 of 8"),
            Race(
                defect: .pendingCredentialRacesAtTheDoor, check: "MFA-11/door-pending-twice-at-once",
                evidence: "both signed in with one pending credential", everyRound: "3 of 3"),
            Race(
                defect: .enrollmentCodeRacesAtTheDoor, check: "MFA-13/door-enrollment-twice-at-once",
                evidence: "both enrolled the number", everyRound: "3 of 3"),
            Race(
                defect: .emailLinkRacesAtTheDoor, check: "LINK-8/door-link-twice-at-once",
                evidence: "both signed in with one link", everyRound: "3 of 3"),
            Race(
                defect: .resetCodeRacesAtTheDoor, check: "AUTH-7/door-reset-twice-at-once",
                evidence: "both set a password with one reset code", everyRound: "3 of 3"),
        ]
    }

    /// Twice in the long version (``LongTests``), once in `swift test`.
    @Test(
        "each race at once: the racing server is caught, the clean one passes, every run", arguments: Race.all,
        LongTests.inFull ? [1, 2] : [1])
    func raceVerdictIsStable(_ race: Race, _ run: Int) async throws {
        let caught = try await Self.result(of: race.check, defects: [race.defect])
        #expect(caught?.status == .fail, "run \(run): \(race.defect) passed \(race.check)")
        #expect(caught?.failure?.actual?.contains(race.evidence) == true, "\(caught?.message ?? "")")
        #expect(caught?.message?.contains(race.everyRound) == true, "not every round caught: \(caught?.message ?? "")")
        let clean = try await Self.result(of: race.check, defects: [])
        #expect(clean?.status == .pass, "run \(run): \(clean?.message ?? "")")
    }

    /// 20 runs in the long version (``LongTests``), 5 in `swift test`.
    @Test(
        "each race in process: the racing reference is caught, the clean one passes, each run (20 in the long version)",
        arguments: Race.all)
    func raceVerdictInProcess(_ race: Race) async throws {
        for run in 1...(LongTests.inFull ? 20 : 5) {
            for (defects, expected) in [([race.defect], ConformanceStatus.fail), ([], .pass)] {
                let results = Mutex<[CheckResult]>([])
                await (try ConformanceRunner(subject: ReferenceSubject(defects: Set(defects)))).run(
                    RuleCatalogue.rules([race.check.rule]), only: [race.check]
                ) { _, result in results.withLock { $0.append(result) } }
                let result = results.withLock { $0.first }
                #expect(result?.status == expected, "run \(run) with \(defects): \(String(describing: result?.status))")
                if expected == .fail {
                    #expect(result?.message?.contains(race.everyRound) == true, "run \(run): \(result?.message ?? "")")
                }
            }
        }
    }
}
