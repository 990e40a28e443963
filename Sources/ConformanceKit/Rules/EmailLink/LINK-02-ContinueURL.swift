import Foundation

extension Rule {
    public static let link2 = Rule(
        "LINK-2", .must, flow: .emailLink, title: "The continue URL is required, absolute and on an authorized domain",
        statement: """
            The action-code settings need a continue URL (missingContinueURI [17040]) that is a valid absolute URL \
            (invalidContinueURI [17039]) on an authorized domain (unauthorizedDomain [17038]); in each case no email \
            is sent.
            """,
        sources: [
            .firebaseEmailLink(
                section: "Send an authentication link to the user's email address (url, authorized domains)")
        ],
        hint: """
            if this fails, check that the continue URL is required, parsed as an absolute URL, and its host matched \
            exactly against the authorized domains before anything is mailed
            """,
        checks: [
            Check(
                id: "bad-continue-url-refused",
                """
                a missing, relative, malformed or unauthorized continue URL fails with its own error and mails nothing
                """, readsNoDelivery: true
            ) { context in
                // The refusal is in the backend's answer; where the suite cannot read mails, that is what it judges.
                let app = try await context.launchApp()
                // The nearest misses of the domain the other checks' links use: a suffix and a prefix of it.
                let authorized = URLComponents(string: context.actionCodeSettings.url ?? "")?.host ?? "example.com"
                let cases: [(String?, AuthErrorCode)] = [
                    (nil, .missingContinueURI), ("", .missingContinueURI), ("/finishSignIn", .invalidContinueURI),
                    ("https://", .invalidContinueURI), ("not a url", .invalidContinueURI),
                    ("https://evil.example.net/finishSignIn", .unauthorizedDomain),
                    ("https://\(authorized).evil.net/finishSignIn", .unauthorizedDomain),
                    ("https://not\(authorized)/finishSignIn", .unauthorizedDomain),
                ]
                try await expectEveryCase(cases, "refused continue URLs") { url, expected in
                    try await expectFailure(
                        expected, when: "sendSignInLink with the continue URL \(url.map { "\"\($0)\"" } ?? "nil")"
                    ) {
                        try await app.client.sendSignInLink(
                            toEmail: PasswordUser.ada.email,
                            actionCodeSettings: context.actionCodeSettings.with(\.url, url))
                    }
                }
                try context.expectNoEmail("every continue URL was refused")
            },
            Check(
                id: "authorized-domain-accepted",
                "a continue URL on an authorized domain, or the project's own, is accepted"
            ) { context in
                let app = try await context.launchApp()
                let project = context.capabilities.servedProjectID ?? ProjectConfiguration.standard.projectID
                try await expectEveryCase(
                    [context.actionCodeSettings.url ?? "", "https://\(project).firebaseapp.com/finish"],
                    "accepted continue URLs"
                ) { url in
                    _ = try await context.requestSignInLink(
                        for: PasswordUser.ada.email, settings: context.actionCodeSettings.with(\.url, url),
                        on: app.client)
                }
            },
        ])
}
