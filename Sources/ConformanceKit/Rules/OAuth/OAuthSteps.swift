import Foundation
import MockIdP
import Synchronization

/// The GitHub accounts the OAuth checks sign in with.
package enum GitHubAccounts {
    package static var octocat: GitHubUser {
        GitHubUser(
            login: "octocat", id: CheckIdentity.number(583231), name: "The Octocat",
            emails: [.init(CheckIdentity.email("octocat", at: "github.com"), primary: true, visibility: .public)])
    }
    package static var hubot: GitHubUser {
        GitHubUser(
            login: "hubot", id: CheckIdentity.number(480938), name: "Hubot",
            emails: [.init(CheckIdentity.email("hubot", at: "github.com"), primary: true, visibility: .private)])
    }
}

extension OAuthProvider {
    /// GitHub as the seed's example sets it up.
    package static let github = OAuthProvider(providerID: ProviderID.github)
}

/// The steps of OAuth sign-in with GitHub as a person takes them: approve (or deny) in the browser.
extension CheckContext {
    /// Registers the project's GitHub OAuth app (its callback the project's auth handler: of the project a server
    /// already serves, where it serves one, ``Capabilities/servedProjectID``) and the GitHub accounts.
    package func setUpGitHub(_ configuration: ProjectConfiguration = .standard) {
        let settings = configuration.oauthProviders[ProviderID.github] ?? .github
        world.github.register(
            app: GitHubApp(
                clientID: settings.clientID, clientSecret: settings.clientSecret,
                callbackURL: servedAuthHandlerURL(configuration)))
        world.github.add(user: GitHubAccounts.octocat)
        world.github.add(user: GitHubAccounts.hubot)
    }

    /// The auth handler of the project the subject serves for `configuration`: the served project's, where a server
    /// already serves one (``Capabilities/servedProjectID``), else the configuration's own.
    package func servedAuthHandlerURL(_ configuration: ProjectConfiguration = .standard) -> URL {
        configuration.with(\.projectID, capabilities.servedProjectID ?? configuration.projectID).authHandlerURL
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
    /// Runs every case of `Fixtures/oauth/custom-parameters.json` that names `rule` and whose answer the fixture fixes,
    /// judging only `rule`'s own sentence. OAUTH-1: under the declared handling a call that sets a reserved key fails
    /// with an `AuthError` and opens no page, or goes on without the key; no custom value of a reserved key reaches
    /// GitHub. OAUTH-2: every other custom parameter reaches GitHub unchanged. Where a case cannot be judged under
    /// OAUTH-2 because of what OAUTH-1 judges (a declared-dropping subject refused the call, a reserved value reached
    /// GitHub), the check says so: not applicable, naming OAUTH-1, unless OAUTH-2 itself failed.
    package func checkCustomParameterCases(
        for rule: RuleID, filePath: String = #filePath, line: Int = #line
    ) async throws {
        let app = try await launchGitHubApp(filePath: filePath, line: line)
        let handling = capabilities.reservedOAuthParameters
        let cases = try BundledFixtures.customParameters.get().cases.filter {
            $0.rules.contains(rule) && $0.expectation != .implementationDefined
        }
        let forOAUTH1 = Mutex<[String]>([])
        try await expectEveryCase(cases, "cases of oauth/custom-parameters.json", filePath: filePath, line: line) {
            fixtureCase in
            let custom = fixtureCase.input.customParameters
            let reserved = custom.filter { OAuthCustomParameters.reserved.contains($0.key) }
            let others = custom.filter { !OAuthCustomParameters.reserved.contains($0.key) }
            let rejected = (try? OAuthCustomParameters.forwarded(custom, handling: handling)) == nil
            let pagesBefore = openedPages
            world.browser.script(.approve(as: GitHubAccounts.octocat.login))
            var provider = OAuthProvider.github
            provider.customParameters = custom
            let outcome: Result<AuthCredential, any Error>
            do { outcome = .success(try await app.client.credential(with: provider)) } catch {
                outcome = .failure(error)
            }
            let succeeded = if case .success = outcome { true } else { false }
            let request = openedPages > pagesBefore ? world.github.authorizeRequests.last : nil
            let leaked = reserved.sorted(by: { $0.key < $1.key }).filter { request?.value($0.key) == $0.value }
            let leakedShown = leaked.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            if rule == "OAUTH-1" {
                guard !rejected else {
                    let failedWithAuthError =
                        if case .failure(let error) = outcome { error is AuthError } else { false }
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
                try expect(
                    succeeded && request != nil,
                    "\(fixtureCase.id): a call whose reserved keys are dropped did not reach GitHub and come back",
                    expected: "one page opened and a credential (reserved parameters \(handling))",
                    actual: "\(openedPages - pagesBefore) pages opened; \(outcomeShown(outcome))", filePath: filePath,
                    line: line)
                try expect(
                    leaked.isEmpty, "\(fixtureCase.id): custom values of reserved parameters reached GitHub",
                    expected: "the implementation's own values", actual: leakedShown, filePath: filePath, line: line)
                return
            }
            guard succeeded, let request else {
                guard reserved.isEmpty else {
                    // Refused for its reserved keys: as declared (nothing for OAUTH-2 to judge), or OAUTH-1's failure.
                    if !rejected {
                        forOAUTH1.withLock {
                            $0.append("\(fixtureCase.id) was refused, though reserved keys are declared dropped")
                        }
                    }
                    return
                }
                throw CheckFailure(
                    "\(fixtureCase.id): the flow did not reach GitHub and come back",
                    expected: "one page opened and a credential",
                    actual: "\(openedPages - pagesBefore) pages opened; \(outcomeShown(outcome))", filePath: filePath,
                    line: line)
            }
            let reached = others.keys.sorted().map { "\($0)=\(request.value($0) ?? "(absent)")" }
            try expectEqual(
                reached, others.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" },
                "\(fixtureCase.id): the other custom parameters as they reached GitHub", filePath: filePath, line: line)
            if !reserved.isEmpty, rejected {
                forOAUTH1.withLock {
                    $0.append("\(fixtureCase.id) went through, though reserved keys are declared rejected")
                }
            }
            if !leaked.isEmpty {
                forOAUTH1.withLock {
                    $0.append("\(fixtureCase.id) sent GitHub custom values of reserved keys (\(leakedShown))")
                }
            }
        }
        let owed = forOAUTH1.withLock { $0 }
        guard owed.isEmpty else {
            throw NotApplicable(
                """
                every other custom parameter reached GitHub unchanged; what the reserved keys did is OAUTH-1's to \
                judge, and it fails there: \(owed.joined(separator: "; "))
                """)
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
