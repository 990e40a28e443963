import Foundation
import MockIdP

extension Rule {
    public static let link11 = Rule(
        "LINK-11", .must, flow: .emailLink, title: "fetchSignInMethods reports password, emailLink, or both",
        statement: """
            fetchSignInMethods(forEmail:) reports password for a password user, emailLink for a user who signed in \
            with a link, both when both; both belong to the provider ID password.
            """, sources: [.firebaseEmailLink(section: "Differentiating email/password from email link")],
        hint: """
            if this fails, check that the backend records which of password and email link each address has used, both \
            under the provider ID password
            """,
        checks: [
            Check(
                id: "methods-per-user",
                "a password user has password, a link user emailLink, a verified password user who used a link both"
            ) { context in
                let app = try await context.launchApp()
                try await context.signUp(.ada, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let linkResult = try await context.signIn(
                    email: PasswordUser.grace.email,
                    link: try await context.requestSignInLink(for: PasswordUser.grace.email, on: app.client),
                    on: app.client)
                let providers = linkResult.user.providerData.map(\.providerID)
                try expect(
                    providers.contains(ProviderID.password), "an email-link user's providers lack password",
                    expected: "providers with \(ProviderID.password)", actual: "\(providers)")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let both = PasswordUser(email: CheckIdentity.email("hopper"), password: "cobol compiler 1959")
                try await context.signUpVerified(both, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.signIn(
                    email: both.email, link: try await context.requestSignInLink(for: both.email, on: app.client),
                    on: app.client)
                let cases = [
                    (PasswordUser.ada.email, [SignInMethod.password]),
                    (PasswordUser.grace.email, [SignInMethod.emailLink]),
                    (both.email, [SignInMethod.password, SignInMethod.emailLink]),
                ]
                try await expectEveryCase(cases, "addresses") { email, expected in
                    let methods = try await expectSuccess("fetchSignInMethods(forEmail: \"\(email)\")") {
                        try await app.client.fetchSignInMethods(forEmail: email)
                    }
                    try expectEqual(
                        methods.sorted(), expected.sorted(), "fetchSignInMethods(forEmail: \"\(email)\"), in any order")
                }
            }
        ])
}
