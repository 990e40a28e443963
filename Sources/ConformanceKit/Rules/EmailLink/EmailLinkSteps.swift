import Foundation
import MockIdP

extension ActionCodeSettings {
    /// The settings of the seed's example: a continue URL on an authorized domain, handled in the app, with
    /// the iOS bundle ID and the Android package (install if missing, minimum version 12).
    package static let standard = ActionCodeSettings(
        url: "https://example.com/finishSignIn?cartId=1234", handleCodeInApp: true,
        iOSBundleID: "com.example.conformance", androidPackageName: "com.example.android",
        androidInstallIfNotAvailable: true, androidMinimumVersion: "12")
}

/// The steps of email-link sign-in as a person takes them: ask for a link, open the mailbox, tap the link.
extension CheckContext {
    /// The standard settings with a continue URL the subject authorizes: the standard project's, or the one the subject
    /// declares (``Capabilities/continueURL``, a server's own domain).
    package var actionCodeSettings: ActionCodeSettings {
        ActionCodeSettings.standard.with(\.url, capabilities.continueURL ?? ActionCodeSettings.standard.url)
    }

    /// Asks for a sign-in link to `email` (with ``actionCodeSettings`` unless `settings` are given) and returns the
    /// link from the email, as the person taps it.
    package func requestSignInLink(
        for email: String, settings: ActionCodeSettings? = nil, on client: any AuthClient, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> String {
        let settings = settings ?? actionCodeSettings
        try await expectSuccess("sendSignInLink(toEmail: \"\(email)\")", filePath: filePath, line: line) {
            try await client.sendSignInLink(toEmail: email, actionCodeSettings: settings)
        }
        return try signInLink(mailedTo: email, filePath: filePath, line: line)
    }

    /// The sign-in link in the next unread email to `email`.
    package func signInLink(mailedTo email: String, filePath: String = #filePath, line: Int = #line) throws -> String {
        guard let mail = world.outbound.readEmail(to: email) else {
            let unread = world.outbound.unread.map(\.description)
            throw CheckFailure(
                "no unread email reached \(email)", expected: "an email to \(email)",
                actual: unread.isEmpty ? "nothing unread" : "unread: \(unread.joined(separator: "; "))",
                filePath: filePath, line: line)
        }
        let links = mail.links.map(\.absoluteString).filter(EmailSignInLink.isSignInLink)
        try expect(
            links.count == 1,
            "the email to \(email) does not hold exactly one sign-in link (mode=signIn with an oobCode)",
            expected: "one sign-in link", actual: "\(links.count) in \(mail.body.debugDescription)", filePath: filePath,
            line: line)
        return links[0]
    }

    /// Signs `email` in with `link`.
    @discardableResult
    package func signIn(
        email: String, link: String, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthDataResult {
        try await expectSuccess(
            "signIn(withEmail: \"\(email)\", link: the link from the email)", filePath: filePath, line: line
        ) { try await client.signIn(withEmail: email, link: link) }
    }

    /// Fails unless no email has crossed the boundary since the last one read.
    package func expectNoEmail(_ situation: String, filePath: String = #filePath, line: Int = #line) throws {
        try world.outbound.expectNothingElse(situation, filePath: filePath, line: line)
    }
}

/// The query parameters of a link, and of a link nested in one of them (a deep link), percent-decoded.
enum EmailLinkValues {
    static func parameters(of link: String, depth: Int = 3) -> [(name: String, value: String)] {
        guard depth > 0, let items = URLComponents(string: link)?.queryItems else { return [] }
        return items.flatMap { item -> [(name: String, value: String)] in
            let value = item.value ?? ""
            return [(item.name, value)] + parameters(of: value, depth: depth - 1)
        }
    }

    static func first(_ name: String, in link: String) -> String? {
        parameters(of: link).first { $0.name == name }?.value
    }

    static func all(in link: String) -> Set<String> { Set(parameters(of: link).map(\.value)) }

    /// The link's parameters (`name=value`), leaving out those that hold its one-time code, which differs from link to
    /// link.
    static func parametersBesideCode(of link: String) -> Set<String> {
        let code = EmailSignInLink.parse(link)?.oobCode ?? ""
        return Set(
            parameters(of: link).filter { code.isEmpty || !$0.value.contains(code) }.map { "\($0.name)=\($0.value)" })
    }
}

extension CheckContext {
    /// An impostor signs up with ada's address and a password of their own (unverified) on the second device
    /// and stays signed in; then ada, the owner, signs in with a link on the first. `beforeOwner` runs with the
    /// impostor's client between the two. Returns the backend and the impostor's client.
    package func impostorThenOwner(
        filePath: String = #filePath, line: Int = #line, beforeOwner: (any AuthClient) async throws -> Void = { _ in }
    ) async throws -> (any AuthBackend, any AuthClient) {
        let backend = try await makeBackend(filePath: filePath, line: line)
        let impostor = try await launch(backend, on: .secondary, filePath: filePath, line: line)
        let owner = try await launch(backend, on: .primary, filePath: filePath, line: line)
        try await signUp(.ada, on: impostor, filePath: filePath, line: line)
        try await beforeOwner(impostor)
        let link = try await requestSignInLink(for: PasswordUser.ada.email, on: owner, filePath: filePath, line: line)
        try await signIn(email: PasswordUser.ada.email, link: link, on: owner, filePath: filePath, line: line)
        return (backend, impostor)
    }
}
