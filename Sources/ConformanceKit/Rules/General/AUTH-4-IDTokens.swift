import Foundation
import MockIdP

extension Rule {
    public static let auth4 = Rule(
        "AUTH-4", .must, flow: .general,
        title: "ID tokens are real credentials: tampered, malformed, expired and foreign ones are refused",
        statement: """
            ID tokens are real credentials: the backend's verification accepts its own current tokens and refuses a tampered \
            token (payload changed, signature removed, alg: none), a malformed one (not three segments), an expired one, and \
            one issued for another project; refusing never crashes.
            """,
        sources: [
            .firebaseVerifyIDTokens(section: "Verify ID tokens using a third-party JWT library: the header and payload claims to check (alg, kid, exp, aud, iss) and the signature"),
        ],
        hint: """
            if this fails, check that verifyIDToken checks the RS256 signature with the backend's own key, refuses alg \
            none and malformed tokens, checks exp on the world's clock and aud and iss against this project, and throws \
            an AuthError instead of crashing
            """,
        checks: [
            Check("the backend accepts its own token and refuses every tampering and malformed token with an AuthError") { context in
                let app = try await context.signedInApp()
                let token = try await expectSuccess("getIDToken()") { try await app.client.getIDToken(forceRefresh: false) }
                try await expectSuccess("verifyIDToken(its own current token)") { try await app.backend.verifyIDToken(token) }
                for (forgery, forged) in IDTokenForgery.all(of: token) {
                    _ = try await expectAuthError(when: "verifyIDToken(\(forgery): \"\(forged.abbreviated)\")") { try await app.backend.verifyIDToken(forged) }
                }
            },
            Check("a token past its expiry is refused", requires: [.worldClock]) { context in
                guard !context.capabilities.verifiesIDTokensOnSystemClock else {
                    throw NotApplicable("the check needs the ID tokens' time to move, and the subject stamps and verifies them on the system clock (verifiesIDTokensOnSystemClock is true)")
                }
                let app = try await context.signedInApp()
                let token = try await expectSuccess("getIDToken()") { try await app.client.getIDToken(forceRefresh: false) }
                try await expectSuccess("verifyIDToken(its own current token)") { try await app.backend.verifyIDToken(token) }
                // The yardstick is Firebase's one-hour ID-token lifetime, not the expiry the token claims for itself.
                try context.advanceClock(by: idTokenLifetime + .seconds(301))
                _ = try await expectAuthError(when: "verifyIDToken(a token issued an hour and 301s ago, beyond any clock-skew leeway)") {
                    try await app.backend.verifyIDToken(token)
                }
            },
            Check("a token another project issued is refused") { context in
                let app = try await context.signedInApp()
                var other = ProjectConfiguration.standard
                other.projectID = "another-project"
                let otherApp = try await context.signedInApp(other, on: .secondary)
                let foreign = try await expectSuccess("getIDToken() in another-project") { try await otherApp.client.getIDToken(forceRefresh: false) }
                _ = try await expectAuthError(when: "verifyIDToken(a token of another-project) on \(ProjectConfiguration.standard.projectID)") {
                    try await app.backend.verifyIDToken(foreign)
                }
            },
        ])
}

/// The nearest forgeries of an ID token: single characters changed anywhere, and for a compact JWS a changed
/// payload with the old signature, the signature removed, `alg: none`, and wrong segment counts.
enum IDTokenForgery {
    static func all(of token: String) -> [(String, String)] {
        var forgeries: [(String, String)] = [("empty", ""), ("one segment", "not-a-token"), ("two segments", "a.b"), ("four segments", token + ".extra")]
        for (name, index) in [("first", 0), ("middle", token.count / 2), ("last", token.count - 1)] where !token.isEmpty {
            var characters = Array(token)
            characters[index] = characters[index] == "A" ? "B" : "A"
            forgeries.append(("its \(name) character changed", String(characters)))
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            var claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
        else { return forgeries }
        claims["sub"] = "someone-else"
        claims["user_id"] = "someone-else"
        let changed = Base64URL.encode((try? JSONSerialization.data(withJSONObject: claims, options: .sortedKeys)) ?? Data())
        let none = Base64URL.encode(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
        var signature = Array(parts[2])
        if !signature.isEmpty {
            // The middle of the signature: every bit of it is used, so the signed bytes change and the claims do not.
            let middle = signature.count / 2
            signature[middle] = signature[middle] == "A" ? "B" : "A"
            forgeries.append(("a character in the middle of its signature changed", "\(parts[0]).\(parts[1]).\(String(signature))"))
        }
        return forgeries + [
            ("payload changed (sub), old signature", "\(parts[0]).\(changed).\(parts[2])"),
            ("signature removed", "\(parts[0]).\(parts[1])."),
            ("alg: none", "\(none).\(parts[1])."),
            ("alg: none with the payload changed", "\(none).\(changed)."),
        ]
    }
}

/// Firebase ID tokens expire an hour after they are issued (Firebase Admin `verifyIdToken` docs, “Manage User Sessions”).
private let idTokenLifetime = Duration.seconds(3600)
