import MockIdP
import Synchronization

/// A user of one flow the subject declares, who can be signed in again and again: where the checks of rules about
/// users (listeners, ID tokens, linking, re-authentication) start (a rule about users starts from a user of
/// any flow the implementation declares).
package struct FirstUser: Sendable, CustomStringConvertible {
    /// The flow that signs the user in.
    package let flow: Flow
    package let description: String
    /// Registers what the flow's outside party must know (the GitHub app, the Apple app) before the backend is made.
    let setUp: @Sendable (CheckContext, ProjectConfiguration) throws -> Void
    /// Signs the user in: the first time creates the user, later times sign the same user in. Its failures name the
    /// file and line it is given: the rule file's.
    let signIn: @Sendable (CheckContext, any AuthClient, _ filePath: String, _ line: Int) async throws -> AuthDataResult

    /// Signs the user in on `client`.
    @discardableResult
    package func signIn(
        on client: any AuthClient, in context: CheckContext, filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthDataResult { try await signIn(context, client, filePath, line) }

    /// The flows that can make a first user, in the order the checks prefer them: the simplest first.
    package static let flows: [Flow] = [.phone, .multiFactor, .password, .emailLink, .oauth, .apple]

    /// The user of `flow` for `device`: each device has a user of its own.
    static func of(_ flow: Flow, on device: Device) -> FirstUser? {
        let primary = device == .primary
        switch flow {
        case .phone:
            let number = primary ? PhoneNumbers.us : PhoneNumbers.usOther
            return FirstUser(flow: flow, description: "the phone user \(number)", setUp: { _, _ in }) {
                context, client, filePath, line in
                try await context.signInWithSMS(number, on: client, filePath: filePath, line: line)
            }
        case .multiFactor, .password:
            let user = primary ? PasswordUser.ada : PasswordUser.grace
            let created = Mutex(false)
            return FirstUser(flow: flow, description: "the password user \(user.email)", setUp: { _, _ in }) {
                _, client, filePath, line in
                if !created.withLock({ $0 }) {
                    let result = try await expectSuccess(
                        "createUser(withEmail: \"\(user.email)\")", filePath: filePath, line: line
                    ) { try await client.createUser(withEmail: user.email, password: user.password) }
                    created.withLock { $0 = true }
                    return result
                }
                return try await expectSuccess(
                    "signIn(with: the password of \(user.email))", filePath: filePath, line: line
                ) { try await client.signIn(with: .password(email: user.email, password: user.password)) }
            }
        case .emailLink:
            let email = CheckIdentity.email(primary ? "linus" : "lovelace")
            return FirstUser(flow: flow, description: "the email-link user \(email)", setUp: { _, _ in }) {
                context, client, filePath, line in
                let link = try await context.requestSignInLink(for: email, on: client, filePath: filePath, line: line)
                return try await context.signIn(email: email, link: link, on: client, filePath: filePath, line: line)
            }
        case .oauth:
            let login = primary ? GitHubAccounts.octocat.login : GitHubAccounts.hubot.login
            return FirstUser(
                flow: flow, description: "the GitHub user \(login)",
                setUp: { context, configuration in context.setUpGitHub(configuration) }
            ) { context, client, filePath, line in
                try await context.signInWithGitHub(as: login, on: client, filePath: filePath, line: line)
            }
        case .apple:
            let account = primary ? AppleAccounts.alice : AppleAccounts.bob
            return FirstUser(
                flow: flow, description: "the Apple user \(account.email)",
                setUp: { context, configuration in try context.setUpApple(configuration) }
            ) { context, client, filePath, line in
                try await context.signInWithApple(as: account, on: client, filePath: filePath, line: line)
            }
        case .general: return nil
        }
    }
}

extension CheckContext {
    /// The first user on `device` of the simplest flow the subject declares, other than `excluded` (the flows whose
    /// credential the check links: a user is linked to a credential of another flow).
    package func firstUser(excluding excluded: Set<Flow> = [], on device: Device = .primary) throws -> FirstUser {
        let declared = capabilities.flows.filter { $0.isReadable(under: capabilities) }
        // The password user is the multi-factor flow's first factor: excluding either excludes both.
        let passwordFlows: Set<Flow> = [.multiFactor, .password]
        let excluded = excluded.isDisjoint(with: passwordFlows) ? excluded : excluded.union(passwordFlows)
        guard let flow = FirstUser.flows.first(where: { declared.contains($0) && !excluded.contains($0) }),
            let user = FirstUser.of(flow, on: device)
        else {
            let others =
                excluded.isEmpty ? "" : " other than \(excluded.map(\.rawValue).sorted().joined(separator: ", "))"
            throw NotApplicable(
                """
                the subject declares no flow\(others) that signs a user in (phone, multiFactor, password, emailLink, \
                oauth, apple; the ones that need a text or a mail only with an outbox the suite reads)
                """)
        }
        return user
    }

    /// An app launched on `device`, with the outside party of `user` set up, nobody signed in yet.
    package func launchApp(
        for user: FirstUser, _ configuration: ProjectConfiguration = .standard, on device: Device = .primary,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> LaunchedApp {
        try user.setUp(self, configuration)
        return try await launchApp(configuration, on: device, filePath: filePath, line: line)
    }

    /// An app launched on `device` with `user` signed in.
    package func signedInApp(
        as user: FirstUser, _ configuration: ProjectConfiguration = .standard, on device: Device = .primary,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> LaunchedApp {
        let app = try await launchApp(for: user, configuration, on: device, filePath: filePath, line: line)
        try await user.signIn(on: app.client, in: self, filePath: filePath, line: line)
        return app
    }
}

extension CheckContext {
    /// Lets the phone verification limit's window pass, on a subject on the world's clock, so that a check that signs
    /// the first user in again and again is not refused by PHONE-17.
    package func letRateLimitsPass() throws {
        guard capabilities.runsOnWorldClock else { return }
        world.clock.advance(by: ProjectConfiguration.standard.phone.verificationLimit.window)
    }
}
