import Foundation
import MockIdP

/// Firebase's ID tokens live one hour ("Manage User Sessions"): the yardstick of the checks about expired ID tokens,
/// never the expiry a token claims for itself (a check judges by the documented yardstick).
package let firebaseIDTokenLifetime = Duration.seconds(3600)

/// How a check lets the ID tokens it holds expire.
package enum IDTokenExpiry: Sendable, Hashable {
    /// On the world's clock: Firebase's hour and 301 s, beyond any clock-skew leeway.
    case worldClock
    /// In real time, where time cannot be made to pass: the subject's declared short lifetime
    /// (``Capabilities/shortIDTokenLifetime``) and a second more.
    case realTime(lifetime: Duration)

    /// The longest declared lifetime a check waits for in real time.
    package static let longestRealTimeWait = Duration.seconds(60)
}

extension CheckContext {
    /// How this check can let ID tokens expire: on the world's clock where the tokens keep its time, otherwise in
    /// real time for the subject's declared short lifetime; not applicable where neither can be.
    package func idTokenExpiry() throws -> IDTokenExpiry {
        if capabilities.runsOnWorldClock, !capabilities.verifiesIDTokensOnSystemClock { return .worldClock }
        // A structured subject's executor runs dry while the check sleeps, which is a hang (HangWatch).
        if let lifetime = capabilities.shortIDTokenLifetime, lifetime > .zero,
            lifetime <= IDTokenExpiry.longestRealTimeWait, capabilities.concurrency != .structured
        {
            return .realTime(lifetime: lifetime)
        }
        let why =
            capabilities.verifiesIDTokensOnSystemClock
            ? "the subject stamps and verifies them on the system clock (verifiesIDTokensOnSystemClock is true)"
            : "the subject keeps real time (runsOnWorldClock is false)"
        let offer = subject.howToOffer(.worldClock).map { "; \($0), or" } ?? "; to judge it,"
        throw NotApplicable(
            """
            the check needs ID tokens to expire, and \(why) with ID tokens of Firebase's hour\(offer) declare their \
            shorter lifetime if they have one, at most a minute (Capabilities.shortIDTokenLifetime; the conformance \
            command's --id-token-lifetime SECONDS), which the check waits for in real time
            """)
    }

    /// Lets the ID tokens issued so far expire as `expiry` says, and returns how long ago they were issued, for the
    /// check's messages. In real time it waits the lifetime and a second more (`exp` is in whole seconds), in short
    /// sleeps, each of which the hang watch sees as the check moving.
    package func letIDTokensExpire(_ expiry: IDTokenExpiry) async throws -> String {
        switch expiry {
        case .worldClock:
            // The yardstick is Firebase's one-hour ID-token lifetime, not the expiry the token claims for itself.
            try advanceClock(by: firebaseIDTokenLifetime + .seconds(301))
            return "an hour and 301 s ago, beyond any clock-skew leeway"
        case .realTime(let lifetime):
            let wait = lifetime + .seconds(1)
            let clock = ContinuousClock()
            let end = clock.now.advanced(by: wait)
            while clock.now < end { try await Task.sleep(for: min(.milliseconds(200), end - clock.now)) }
            return "\(wait.components.seconds) s ago in real time, a second past the server's declared lifetime"
        }
    }

    /// Not applicable to a subject whose ID tokens are stamped and verified on the system clock: their time cannot
    /// move.
    package func requireIDTokenTimeToMove() throws {
        guard !capabilities.verifiesIDTokensOnSystemClock else {
            throw NotApplicable(
                """
                the check needs the ID tokens' time to move, and the subject stamps and verifies them on the system \
                clock (verifiesIDTokensOnSystemClock is true)
                """)
        }
    }

    /// The ID token of the user signed in on `app`, which the backend's own verification accepts: where the checks of
    /// expired and forged tokens start from. A token that carries no signature cannot be told from a forgery of it,
    /// so a verification that refuses the backend's own unsigned token leaves the check not judged, not failed.
    package func currentVerifiedIDToken(
        of app: LaunchedApp, filePath: String = #filePath, line: Int = #line
    ) async throws -> String {
        let token = try await expectSuccess("getIDToken()", filePath: filePath, line: line) {
            try await app.client.getIDToken(forceRefresh: false)
        }
        do {
            try await expectSuccess("verifyIDToken(its own current token)", filePath: filePath, line: line) {
                try await app.backend.verifyIDToken(token)
            }
        } catch let failure as CheckFailure {
            guard let unsigned = Self.unsignedHeader(of: token) else { throw failure }
            throw NotJudged(
                """
                the backend's own ID tokens are unverifiable (\(unsigned)), so a forged or expired token cannot be \
                told from a genuine one; its verification refused its own token \
                (\(failure.actual ?? failure.message)). To judge it, sign the ID tokens (RS256 with a published key, \
                as Firebase's are)
                """)
        }
        return token
    }

    /// What makes `token` unsigned, when it is a compact JWS whose header says `alg: none` or whose signature is empty.
    private static func unsignedHeader(of token: String) -> String? {
        let parts = CompactJWS.segments(of: token)
        guard parts.count == 3, let header = Base64URL.decode(parts[0]),
            let fields = (try? JSONSerialization.jsonObject(with: header)) as? [String: Any]
        else { return nil }
        let alg = fields["alg"] as? String ?? "missing"
        if alg.lowercased() == "none" { return "alg \(alg)" }
        return parts[2].isEmpty ? "no signature (alg \(alg))" : nil
    }
}
