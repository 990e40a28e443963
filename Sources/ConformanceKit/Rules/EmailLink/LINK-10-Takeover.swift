import Foundation
import MockIdP

extension Rule {
    public static let link10 = Rule(
        "LINK-10", .must, flow: .emailLink,
        title: "The owner's link sign-in removes an impostor's password and ends their sessions",
        statement: """
            Completing email-link sign-in for an account whose email was unverified removes the earlier unverified \
            sign-in mechanisms (the password) and invalidates the account's existing sessions: whoever set that \
            password can no longer sign in with it.
            """,
        sources: [.firebaseEmailLink(section: "Security concerns (an impostor who created an unverified account)")],
        hint: """
            if this fails, check that an email-link sign-in on an account whose email was unverified deletes its \
            password and revokes its refresh tokens
            """,
        checks: [
            Check(
                id: "impostor-password-dropped",
                "after the owner signs in with a link, the password the impostor set no longer signs in"
            ) { context in
                let (backend, _) = try await context.impostorThenOwner()
                let stranger = try await context.launch(backend, on: Device("device-3"))
                _ = try await expectAuthError(
                    when: "signIn(with: the password the impostor set for \(PasswordUser.ada.email))"
                ) { try await stranger.signIn(with: PasswordUser.ada.credential) }
                try await context.expectSignedOut(stranger, after: "the impostor's password")
            },
            Check(
                id: "impostor-session-ended",
                "after the owner signs in with a link, the impostor's existing session stops working"
            ) { context in
                // What is judged is a refresh refused: the impostor's session refreshes before the owner's sign-in, so
                // a backend that answers no refresh leaves the check not judged instead of passing it.
                let (_, impostor) = try await context.impostorThenOwner { impostor in
                    _ = try await expectSuccess(
                        "the impostor's getIDToken(forceRefresh: true) before the owner's sign-in"
                    ) { try await impostor.getIDToken(forceRefresh: true) }
                }
                _ = try await expectAuthError(
                    when: "the impostor's getIDToken(forceRefresh: true) after the owner's email-link sign-in"
                ) { try await impostor.getIDToken(forceRefresh: true) }
            },
        ])
}
