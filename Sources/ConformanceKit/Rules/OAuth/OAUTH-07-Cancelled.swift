import MockIdP

extension Rule {
    public static let oauth7 = Rule(
        "OAUTH-7", .must, flow: .oauth, title: "Denying or closing the window fails with webContextCancelled",
        statement: """
            The user cancelling or denying at the provider fails with webContextCancelled [17058]; nobody is signed \
            in.
            """, sources: [.firebaseAuthErrorCode(section: "webContextCancelled")],
        hint: """
            if this fails, check that error=access_denied and a closed window both end credential(with:) with \
            webContextCancelled
            """,
        checks: [
            Check(
                id: "denied-or-closed",
                "a denial and a closed window fail with webContextCancelled, nothing exchanged, nobody signed in"
            ) { context in
                let app = try await context.launchGitHubApp()
                try await expectEveryCase([BrowserAction.deny, .closeWindow], "cancelled flows") { action in
                    context.world.browser.script(action)
                    try await expectFailure(
                        .webContextCancelled, when: "credential(with: github.com) when the user chose to \(action)"
                    ) { try await app.client.credential(with: .github) }
                }
                let tokenRequests = context.world.github.tokenRequests
                try expect(
                    tokenRequests.isEmpty, "a cancelled flow exchanged a code", expected: "no token request",
                    actual: "\(tokenRequests)")
                let user = await app.client.currentUser
                try expectEqual(user?.uid, nil, "the uid signed in after cancelled flows")
            }
        ])
}
