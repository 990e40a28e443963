import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth
import Synchronization
import Testing

/// A test server whose ID tokens last seconds, with no time control: told of the lifetime, the suite judges AUTH-4's
/// expired tokens by waiting for them in real time; not told, those checks are not applicable and say how to offer
/// them. A slower machine only waits longer past the expiry; the lifetime is ten seconds so that a check's calls
/// before its wait (a sign-up, a token, its verification) fit in it however loaded the machine.
@Suite("A server with short ID tokens and no time control is judged on expired tokens in real time")
struct DeclaredLifetimeTests {
    static let lifetime = Duration.seconds(10)
    static let expiryChecks: Set<CheckID> = ["AUTH-4/door-expired-token-first-step", "AUTH-4/expired-token-refused"]

    /// The results of AUTH-4's expired-token checks (or of `checks` of them) against `fake`, told of `lifetime` (or
    /// not). Each check waits for the expiry in turn: a test that asks for one check waits once.
    static func expiryChecks(
        _ fake: HooklessServer, declaring lifetime: Duration?, only checks: Set<CheckID> = expiryChecks
    ) async throws -> [CheckID: CheckResult] {
        var configuration = HooklessServer.configuration(
            at: fake.baseURL, of: fake.server, name: "a server with short ID tokens")
        configuration.shortIDTokenLifetime = lifetime
        let (prepared, _) = try await IdentityToolkitSubject(configuration).preflighted()
        #expect(prepared.capabilities.shortIDTokenLifetime == lifetime && !prepared.capabilities.runsOnWorldClock)
        let results = Mutex<[CheckID: CheckResult]>([:])
        await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(
            RuleCatalogue.rules(["AUTH-4"]), only: checks
        ) { id, result in results.withLock { $0[id] = result } }
        let found = results.withLock { $0 }
        #expect(Set(found.keys) == checks)
        return found
    }

    /// A case per check, so that the two waits run side by side.
    @Test("told of the lifetime, the expired-token checks wait for it and pass", arguments: expiryChecks.sorted())
    func declared(_ check: CheckID) async throws {
        let fake = HooklessServer(idTokenLifetime: Self.lifetime)
        for (id, result) in try await Self.expiryChecks(fake, declaring: Self.lifetime, only: [check]) {
            #expect(result.status == .pass, "\(id): \(result.status) \(result.message ?? "")")
        }
    }

    @Test("not told, the expired-token checks are not applicable and name the option that offers them")
    func undeclared() async throws {
        let fake = HooklessServer(idTokenLifetime: Self.lifetime)
        for (id, result) in try await Self.expiryChecks(fake, declaring: nil) {
            #expect(result.status == .notApplicable, "\(id): \(result.status)")
            #expect(result.message?.contains("--id-token-lifetime SECONDS") == true, "\(result.message ?? "")")
        }
    }

    /// The planted flaw: a door that honours its own token past the expiry fails the door's check, in real time.
    @Test("a door that honours an expired token fails AUTH-4 at the door")
    func plantedFlaw() async throws {
        let fake = HooklessServer(defects: [.acceptsExpiredTokenAtTheDoor], idTokenLifetime: Self.lifetime)
        let results = try await Self.expiryChecks(
            fake, declaring: Self.lifetime, only: ["AUTH-4/door-expired-token-first-step"])
        let door = try #require(results["AUTH-4/door-expired-token-first-step"])
        #expect(door.status == .fail, "\(door.status) \(door.message ?? "")")
        #expect(door.message?.contains("11 s ago in real time") == true, "\(door.message ?? "")")
    }
}
