import MockIdP

extension Rule {
    public static let oauth7 = Rule(
        "OAUTH-7", .must, flow: .oauth,
        title: "Denying or closing the window fails with webContextCancelled",
        statement: "The user cancelling or denying at the provider fails with webContextCancelled [17058]; nobody is signed in.",
        sources: [.firebaseAuthErrorCode(section: "webContextCancelled")],
        hint: "if this fails, check that error=access_denied and a closed window both end credential(with:) with webContextCancelled",
        checks: [
            Check("a denial and a closed window fail with webContextCancelled, nothing exchanged, nobody signed in") { context in
                let app = try await context.launchGitHubApp()
                for action in [BrowserAction.deny, .closeWindow] {
                    context.world.browser.script(action)
                    try await expectFailure(.webContextCancelled, when: "credential(with: github.com) when the user chose to \(action)") {
                        try await app.client.credential(with: .github)
                    }
                }
                try expect(context.world.github.tokenRequests.isEmpty, "a cancelled flow exchanged a code")
                let user = await app.client.currentUser
                try expect(user == nil, "after cancelled flows \(user?.uid ?? "") is signed in")
            },
        ])
}
