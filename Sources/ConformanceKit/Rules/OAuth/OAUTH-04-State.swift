import Foundation
import MockIdP
import Synchronization

extension Rule {
    public static let oauth4 = Rule(
        "OAUTH-4", .must, flow: .oauth,
        title: "Each request carries a fresh unguessable state, and a foreign state is refused",
        statement: """
            Each authorization request carries a fresh, unguessable state (at least 128 bits, in any encoding: 32 hex digits \
            and 22 base64url characters both carry 128); a callback whose state is missing or different is rejected and the \
            code is never exchanged.
            """,
        sources: [.rfc6749(section: "10.12 Cross-Site Request Forgery"), .githubAuthorizingOAuthApps(section: "If the states don't match … abort")],
        hint: "if this fails, check that state is drawn from a secure random source per request and compared before the code is exchanged",
        checks: [
            Check("eight requests carry eight different states of at least 128 bits, judged by their encoding") { context in
                let app = try await context.launchGitHubApp()
                for _ in 1...8 { _ = try await context.gitHubCredential(as: "octocat", on: app.client) }
                let states = context.world.github.authorizeRequests.map { $0.value("state") ?? "" }
                try expect(states.count == 8 && Set(states).count == 8, "eight requests carried states \(states)")
                let alphabet = RandomStringEntropy.alphabet(of: states)
                let bits = RandomStringEntropy.estimatedBits(of: states)
                try expect(
                    bits >= 128,
                    "the states \(states) carry about \(Int(bits)) random bits (\(alphabet.name), \(alphabet.bitsPerCharacter) bits for each character that varies between them); expected at least 128")
            },
            Check("a redirect with an earlier request's state, or one a character off, on this or a second device, is refused and never exchanged") { context in
                let configuration = ProjectConfiguration.standard
                context.setUpGitHub(configuration)
                let backend = try await context.makeBackend(configuration)
                let app = try await context.launch(backend, on: .primary)
                let other = try await context.launch(backend, on: .secondary)
                _ = try await context.gitHubCredential(as: "octocat", on: app)
                let exchanged = context.world.github.tokenRequests.count
                guard let earlier = context.world.devices.openedURLs.last(where: { $0.url.path.hasPrefix("/__/auth/handler") })?.url else { throw CheckFailure("GitHub redirected nowhere") }
                var forged = URLComponents(url: earlier, resolvingAgainstBaseURL: false)!
                let state = forged.queryItems?.first { $0.name == "state" }?.value ?? ""
                let offByOne = String(state.dropLast()) + (state.last == "A" ? "B" : "A")
                let earlierItems = forged.queryItems ?? []
                forged.queryItems = earlierItems.map { $0.name == "state" ? URLQueryItem(name: "state", value: offByOne) : $0 }
                for (what, url, client) in [("the earlier redirect", earlier, app), ("the earlier redirect on a second device", earlier, other), ("a state one character off", forged.url!, app)] {
                    let handled = await client.canHandle(url)
                    try expect(!handled, "canHandle(\(what)) answered true with no request waiting for it; expected false")
                }
                try expect(context.world.github.tokenRequests.count == exchanged, "a forged redirect's code was exchanged: \(context.world.github.tokenRequests.count - exchanged) more token requests")
            },
            Check("while a request waits, another device's genuine redirect (another state) is refused; the app's own still completes the flow") { context in
                let configuration = ProjectConfiguration.standard
                context.setUpGitHub(configuration)
                let backend = try await context.makeBackend(configuration)
                let other = try await context.launch(backend, on: .secondary)
                _ = try await context.gitHubCredential(as: "hubot", on: other)
                guard let forged = context.world.devices.openedURLs.last(where: { $0.device == .secondary && $0.handled })?.url else {
                    throw CheckFailure("GitHub redirected nothing to the app on \(Device.secondary)")
                }
                let otherCode = URLComponents(url: forged, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" }?.value
                let app = LaunchedApp(backend: backend, client: try await context.launch(backend, on: .primary), device: .primary)
                let handledForgery = Mutex<Bool?>(nil)
                let devices = context.world.devices
                context.world.browser.whileNextPageIsOpen { device in
                    let handled = await devices.open(forged, on: device)
                    handledForgery.withLock { $0 = handled }
                }
                context.world.browser.script(.approve(as: "octocat"))
                let outcome: Result<AuthCredential, any Error>
                do { outcome = .success(try await app.client.credential(with: .github)) } catch { outcome = .failure(error) }
                try expect(handledForgery.withLock { $0 } == false, "canHandle took another device's redirect (another state) while the app's own request was waiting: \(forged)")
                let exchanges = context.world.github.tokenRequests.filter { $0.code == otherCode }.count
                try expect(exchanges == 1, "the other device's code was sent to GitHub's token endpoint \(exchanges) times; expected once, by its own app")
                guard case .success(let credential) = outcome else {
                    throw CheckFailure("credential(with: github.com), approved as octocat, failed after a forged redirect was refused: \(outcome)")
                }
                try await expectSuccess("signIn(with: the credential of the genuine redirect)") { try await app.client.signIn(with: credential) }
            },
        ])
}
