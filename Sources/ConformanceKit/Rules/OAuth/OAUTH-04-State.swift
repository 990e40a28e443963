import Foundation
import MockIdP
import Synchronization

extension Rule {
    public static let oauth4 = Rule(
        "OAUTH-4", .must, flow: .oauth,
        title: "Each request carries a fresh unguessable state, and a foreign state is refused",
        statement: """
            Each authorization request carries a fresh, unguessable state (at least 128 bits, in any encoding: 32 hex \
            digits and 22 base64url characters both carry 128); a callback whose state is missing or different is \
            rejected and the code is never exchanged.
            """,
        sources: [
            .rfc6749(section: "10.12 Cross-Site Request Forgery"),
            .githubAuthorizingOAuthApps(section: "If the states don't match … abort"),
        ],
        hint: """
            if this fails, check that state is drawn from a secure random source per request and compared before the \
            code is exchanged
            """,
        checks: [
            Check(
                id: "fresh-128-bit-states",
                "eight requests carry eight different states of at least 128 bits, judged by their encoding"
            ) { context in
                let app = try await context.launchGitHubApp()
                for _ in 1...8 { _ = try await context.gitHubCredential(as: "octocat", on: app.client) }
                let states = context.world.github.authorizeRequests.map { $0.value("state") ?? "" }
                try expectEqual(states.count, 8, "the number of authorization requests that reached GitHub")
                try expectEqual(Set(states).count, 8, "the number of different states among the eight requests")
                let alphabet = RandomStringEntropy.alphabet(of: states)
                let bits = RandomStringEntropy.estimatedBits(of: states)
                try expect(
                    bits >= 128, "the states carry fewer random bits than 128, judged by their encoding",
                    expected: "at least 128 bits",
                    actual: """
                        about \(Int(bits)) bits (\(alphabet.name), \(alphabet.bitsPerCharacter) bits for each \
                        character that varies between them) in \(states)
                        """)
            },
            Check(
                id: "stale-or-altered-state-refused",
                """
                a redirect with an earlier request's state, or one a character off, on this or a second device, is \
                refused and never exchanged
                """
            ) { context in
                let configuration = ProjectConfiguration.standard
                context.setUpGitHub(configuration)
                let backend = try await context.makeBackend(configuration)
                let app = try await context.launch(backend, on: .primary)
                let other = try await context.launch(backend, on: .secondary)
                _ = try await context.gitHubCredential(as: "octocat", on: app)
                let exchanged = context.world.github.tokenRequests.count
                let earlier = try context.lastGitHubRedirect()
                let forgeries: [(String, GitHubRedirectForgery, any AuthClient)] = [
                    ("the earlier redirect", .replayed, app),
                    ("the earlier redirect on a second device", .replayed, other),
                    ("a state one character off", .stateOffByOne, app),
                ]
                try await expectEveryCase(forgeries, "forged redirects") { what, forgery, client in
                    let handled = await client.canHandle(try context.world.github.forge(forgery, from: earlier))
                    try expectEqual(handled, false, "canHandle(\(what)) with no request waiting for it")
                }
                try expectEqual(
                    context.world.github.tokenRequests.count, exchanged,
                    "the number of token requests after the forged redirects")
            },
            Check(
                id: "other-device-redirect-refused",
                """
                while a request waits, another device's genuine redirect, with its own state or with none, is refused \
                and its code not exchanged again; the app's own still completes the flow
                """
            ) { context in
                let configuration = ProjectConfiguration.standard
                context.setUpGitHub(configuration)
                let backend = try await context.makeBackend(configuration)
                let other = try await context.launch(backend, on: .secondary)
                let app = LaunchedApp(
                    backend: backend, client: try await context.launch(backend, on: .primary), device: .primary)
                let forgeries: [(String, GitHubRedirectForgery)] = [
                    ("another state", .replayed), ("no state", .stateMissing),
                ]
                try await expectEveryCase(forgeries, "foreign redirects while a request waits") { what, forgery in
                    // The other device's own flow, to its sign-in: its code is exchanged once, whether the
                    // implementation exchanges it in credential(with:) or at the credential's first use.
                    let theirCredential = try await context.gitHubCredential(as: "hubot", on: other)
                    let theirs = try context.lastGitHubRedirect()
                    try await expectSuccess("signIn(with: hubot's credential) on the other device") {
                        try await other.signIn(with: theirCredential)
                    }
                    try await expectSuccess("signOut() on the other device") { try await other.signOut() }
                    let forged = try context.world.github.forge(forgery, from: theirs)
                    let handledForgery = Mutex<Bool?>(nil)
                    let devices = context.world.devices
                    context.world.browser.whileNextPageIsOpen { device in
                        let handled = await devices.open(forged, on: device)
                        handledForgery.withLock { $0 = handled }
                    }
                    context.world.browser.script(.approve(as: "octocat"))
                    let outcome: Result<AuthCredential, any Error>
                    do { outcome = .success(try await app.client.credential(with: .github)) } catch {
                        outcome = .failure(error)
                    }
                    try expectEqual(
                        handledForgery.withLock { $0 }, false,
                        "canHandle(another device's redirect, \(what)) while the app's own request was waiting")
                    let exchanges = context.world.github.tokenRequests.filter { $0.code == theirs.code }.count
                    try expectEqual(
                        exchanges, 1,
                        """
                        the number of times the other device's code reached GitHub's token endpoint (once, by its own \
                        app)
                        """)
                    guard case .success(let credential) = outcome else {
                        throw CheckFailure(
                            """
                            credential(with: github.com), approved as octocat, failed after a forged redirect was \
                            refused
                            """, expected: "success", actual: "\(outcome)")
                    }
                    try await expectSuccess("signIn(with: the credential of the genuine redirect)") {
                        try await app.client.signIn(with: credential)
                    }
                    try await expectSuccess("signOut()") { try await app.client.signOut() }
                }
            }, .oauth4OwnRedirectOnOtherDevice,
        ])
}
