import Foundation
import MockIdP

/// The GitHub accounts the OAuth checks sign in with.
package enum GitHubAccounts {
    package static let octocat = GitHubUser(
        login: "octocat", id: 583231, name: "The Octocat",
        emails: [.init("octocat@github.com", primary: true, visibility: .public)])
    package static let hubot = GitHubUser(
        login: "hubot", id: 480938, name: "Hubot",
        emails: [.init("hubot@github.com", primary: true, visibility: .private)])
}

extension OAuthProvider {
    /// GitHub as the seed's example sets it up.
    package static let github = OAuthProvider(providerID: ProviderID.github)
}

/// The steps of OAuth sign-in with GitHub as a person takes them: approve (or deny) in the browser.
extension CheckContext {
    /// Registers the project's GitHub OAuth app (its callback the project's auth handler) and the GitHub accounts.
    package func setUpGitHub(_ configuration: ProjectConfiguration = .standard) {
        let settings = configuration.oauthProviders[ProviderID.github] ?? .github
        world.github.register(
            app: GitHubApp(
                clientID: settings.clientID, clientSecret: settings.clientSecret,
                callbackURL: configuration.authHandlerURL))
        world.github.add(user: GitHubAccounts.octocat)
        world.github.add(user: GitHubAccounts.hubot)
    }

    /// The app launched with GitHub set up.
    package func launchGitHubApp(
        _ configuration: ProjectConfiguration = .standard, on device: Device = .primary, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> LaunchedApp {
        setUpGitHub(configuration)
        return try await launchApp(configuration, on: device, filePath: filePath, line: line)
    }

    /// A GitHub credential, with the person approving as `login`.
    package func gitHubCredential(
        as login: String, provider: OAuthProvider = .github, on client: any AuthClient, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> AuthCredential {
        world.browser.script(.approve(as: login))
        return try await expectSuccess(
            "credential(with: github.com) approved as \(login)", filePath: filePath, line: line
        ) { try await client.credential(with: provider) }
    }

    @discardableResult
    package func signInWithGitHub(
        as login: String, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthDataResult {
        let credential = try await gitHubCredential(as: login, on: client, filePath: filePath, line: line)
        return try await expectSuccess(
            "signIn(with: the GitHub credential of \(login))", filePath: filePath, line: line
        ) { try await client.signIn(with: credential) }
    }

    /// The last redirect GitHub sent a browser back to an app with: the genuine artifact a forgery starts from.
    package func lastGitHubRedirect(filePath: String = #filePath, line: Int = #line) throws -> GitHubRedirect {
        guard let redirect = world.github.redirects.last else {
            throw CheckFailure(
                "GitHub redirected nowhere", expected: "a redirect back to the app", actual: "none", filePath: filePath,
                line: line)
        }
        return redirect
    }

    /// The last authorization request that reached GitHub.
    package func lastAuthorizeRequest(filePath: String = #filePath, line: Int = #line) throws -> GitHubAuthorizeRequest
    {
        guard let request = world.github.authorizeRequests.last else {
            throw CheckFailure(
                "no authorization request reached GitHub", expected: "an authorization request", actual: "none",
                filePath: filePath, line: line)
        }
        return request
    }
}

/// A case of `Fixtures/oauth/custom-parameters.json`.
struct CustomParametersInput: Decodable, Sendable { let customParameters: [String: String] }

extension CheckContext {
    /// Runs every case of `Fixtures/oauth/custom-parameters.json` that names `rule` and whose answer the fixture fixes:
    /// under the declared handling, a rejected call fails with an `AuthError` and opens no page; otherwise the
    /// authorization request carries exactly the forwarded custom parameters, and no reserved value of the app's.
    package func checkCustomParameterCases(
        for rule: RuleID, filePath: String = #filePath, line: Int = #line
    ) async throws {
        let app = try await launchGitHubApp(filePath: filePath, line: line)
        let handling = capabilities.reservedOAuthParameters
        let cases = try Fixture<CustomParametersInput>.load("oauth", "custom-parameters").cases.filter {
            $0.rules.contains(rule) && $0.expectation != .implementationDefined
        }
        try await expectEveryCase(cases, "cases of oauth/custom-parameters.json", filePath: filePath, line: line) {
            fixtureCase in
            let custom = fixtureCase.input.customParameters
            let forwarded = try? OAuthCustomParameters.forwarded(custom, handling: handling)
            let pagesBefore = openedPages
            world.browser.script(.approve(as: GitHubAccounts.octocat.login))
            var provider = OAuthProvider.github
            provider.customParameters = custom
            let outcome: Result<AuthCredential, any Error>
            do { outcome = .success(try await app.client.credential(with: provider)) } catch {
                outcome = .failure(error)
            }
            guard let forwarded else {
                let failedWithAuthError = if case .failure(let error) = outcome { error is AuthError } else { false }
                try expect(
                    failedWithAuthError,
                    "\(fixtureCase.id): a call with reserved custom parameters did not fail with an AuthError",
                    expected: "an AuthError (reserved parameters \(handling))", actual: outcomeShown(outcome),
                    filePath: filePath, line: line)
                try expectEqual(
                    openedPages - pagesBefore, 0,
                    "\(fixtureCase.id): the number of provider pages a rejected call opened", filePath: filePath,
                    line: line)
                return
            }
            let request = world.github.authorizeRequests.last
            let succeeded = if case .success = outcome { true } else { false }
            try expect(
                succeeded && request != nil && openedPages == pagesBefore + 1,
                "\(fixtureCase.id): the flow did not reach GitHub and come back",
                expected: "one page opened and a credential",
                actual: "\(openedPages - pagesBefore) pages opened; \(outcomeShown(outcome))", filePath: filePath,
                line: line)
            let reached = forwarded.keys.sorted().map { "\($0)=\(request?.value($0) ?? "(absent)")" }
            try expectEqual(
                reached, forwarded.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" },
                "\(fixtureCase.id): the forwarded custom parameters as they reached GitHub", filePath: filePath,
                line: line)
            let leaked = custom.sorted(by: { $0.key < $1.key }).filter {
                OAuthCustomParameters.reserved.contains($0.key) && request?.value($0.key) == $0.value
            }
            try expect(
                leaked.isEmpty, "\(fixtureCase.id): custom values of reserved parameters reached GitHub",
                expected: "the implementation's own values",
                actual: leaked.map { "\($0.key)=\($0.value)" }.joined(separator: "&"), filePath: filePath, line: line)
        }
    }

    private func outcomeShown(_ outcome: Result<AuthCredential, any Error>) -> String {
        switch outcome {
        case .success(let credential): "success: \(credential)"
        case .failure(let error): describe(error)
        }
    }

    /// How many pages the browser opened so far.
    private var openedPages: Int { world.transcript.events { if case .browser(.opened) = $0 { 1 } else { nil } }.count }
}
