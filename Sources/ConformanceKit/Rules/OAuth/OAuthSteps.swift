import Foundation
import MockIdP

/// The GitHub accounts the OAuth checks sign in with.
package enum GitHubAccounts {
    package static let octocat = GitHubUser(
        login: "octocat", id: 583231, name: "The Octocat", emails: [.init("octocat@github.com", primary: true, visibility: .public)])
    package static let hubot = GitHubUser(login: "hubot", id: 480938, name: "Hubot", emails: [.init("hubot@github.com", primary: true, visibility: .private)])
}

extension OAuthProvider {
    /// GitHub as the seed's example sets it up.
    package static let github = OAuthProvider(providerID: ProviderID.github)
}

/// The steps of OAuth sign-in with GitHub as a person takes them: approve (or deny) in the browser.
extension CheckContext {
    /// Registers the project's GitHub OAuth app (its callback the project's auth handler) and the GitHub accounts.
    package func setUpGitHub(_ configuration: ProjectConfiguration = .standard, clientSecret: String? = nil) {
        let settings = configuration.oauthProviders[ProviderID.github] ?? .github
        world.github.register(
            app: GitHubApp(clientID: settings.clientID, clientSecret: clientSecret ?? settings.clientSecret, callbackURL: configuration.authHandlerURL))
        world.github.add(user: GitHubAccounts.octocat)
        world.github.add(user: GitHubAccounts.hubot)
    }

    /// The app launched with GitHub set up.
    package func launchGitHubApp(_ configuration: ProjectConfiguration = .standard, on device: Device = .primary) async throws -> LaunchedApp {
        setUpGitHub(configuration)
        return try await launchApp(configuration, on: device)
    }

    /// A GitHub credential, with the person approving as `login`.
    package func gitHubCredential(as login: String, provider: OAuthProvider = .github, on client: any AuthClient) async throws -> AuthCredential {
        world.browser.script(.approve(as: login))
        return try await expectSuccess("credential(with: github.com) approved as \(login)") { try await client.credential(with: provider) }
    }

    @discardableResult
    package func signInWithGitHub(as login: String, on client: any AuthClient) async throws -> AuthDataResult {
        let credential = try await gitHubCredential(as: login, on: client)
        return try await expectSuccess("signIn(with: the GitHub credential of \(login))") { try await client.signIn(with: credential) }
    }

    /// The last authorization request that reached GitHub.
    package func lastAuthorizeRequest() throws -> GitHubAuthorizeRequest {
        guard let request = world.github.authorizeRequests.last else { throw CheckFailure("no authorization request reached GitHub") }
        return request
    }
}
