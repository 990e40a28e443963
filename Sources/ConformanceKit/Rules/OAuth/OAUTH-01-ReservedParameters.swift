extension Rule {
    public static let oauth1 = Rule(
        "OAUTH-1", .must, flow: .oauth, title: "Custom parameters cannot set the reserved OAuth parameters",
        statement: """
            Custom parameters cannot set the reserved OAuth parameters client_id, redirect_uri, response_type, scope, \
            state (and response_mode, and oauth_token, which the Identity Toolkit's createAuthUri reserves too): the \
            authorization request carries only the implementation's own values for them. Rejecting the call or \
            dropping the keys are both conformant; the implementation declares which.
            """,
        sources: [
            .firebaseGitHub(
                section: "customParameters: client_id, redirect_uri, response_type, scope and state cannot be passed"),
            .identityToolkitCreateAuthUri(
                section: """
                    customParameter: client_id, response_type, scope, redirect_uri, state, oauth_token are reserved \
                    for the server
                    """),
        ],
        hint: """
            if this fails, check that customParameters are filtered through the reserved keys before the authorization \
            URL is built
            """,
        checks: [
            Check(
                id: "reserved-parameters",
                "every reserved-parameter case of oauth/custom-parameters.json is rejected or dropped, as declared"
            ) { context in try await context.checkCustomParameterCases(for: "OAUTH-1") }
        ])
}
