import Foundation
import MockIdP

extension Rule {
    public static let oauth1 = Rule(
        "OAUTH-1", .must, flow: .oauth,
        title: "Custom parameters cannot set the reserved OAuth parameters",
        statement: """
            Custom parameters cannot set the reserved OAuth parameters client_id, redirect_uri, response_type, scope, state (and \
            response_mode): the authorization request carries only the implementation's own values for them. Rejecting the call or \
            dropping the keys are both conformant; the implementation declares which.
            """,
        sources: [.firebaseGitHub(section: "customParameters: client_id, redirect_uri, response_type, scope and state cannot be passed")],
        hint: "if this fails, check that customParameters are filtered through the reserved keys before the authorization URL is built",
        checks: [
            Check("custom state, redirect_uri and client_id are rejected or dropped, as declared (oauth/custom-parameters.json)") { context in
                let app = try await context.launchGitHubApp()
                var provider = OAuthProvider.github
                provider.customParameters = ["state": "attacker-state", "redirect_uri": "https://evil.example/cb", "client_id": "Iv1.evil", "login": "octocat"]
                switch context.capabilities.reservedOAuthParameters {
                case .rejected:
                    world(context).browser.script(.approve(as: "octocat"))
                    _ = try await expectAuthError(when: "credential(with: custom state, redirect_uri and client_id)") {
                        try await app.client.credential(with: provider)
                    }
                    try expect(context.world.github.authorizeRequests.isEmpty, "a rejected call still sent \(context.world.github.authorizeRequests)")
                case .dropped:
                    _ = try await context.gitHubCredential(as: "octocat", provider: provider, on: app.client)
                    let request = try context.lastAuthorizeRequest()
                    try expect(request.value("state") != "attacker-state", "the custom state reached GitHub: \(request)")
                    try expect(request.value("redirect_uri") == context.world.github.authorizeRequests.last?.value("redirect_uri") && request.value("redirect_uri") != "https://evil.example/cb", "the custom redirect_uri reached GitHub: \(request)")
                    try expect(request.value("client_id") != "Iv1.evil", "the custom client_id reached GitHub: \(request)")
                    try expect(request.value("login") == "octocat", "the custom login did not reach GitHub: \(request)")
                }
            },
        ])
}

private func world(_ context: CheckContext) -> World { context.world }
