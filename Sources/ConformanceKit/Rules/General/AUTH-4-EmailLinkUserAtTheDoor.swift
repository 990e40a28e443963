import MockIdP

extension Check {
    /// AUTH-4 at the server's door for a user who signs in by email link ("each as a first step from a user
    /// of any declared flow"): the victim has no password, so a server whose email-link sessions take another code
    /// path is judged too. Another email-link user's token, edited to name her, goes raw to every account call as the
    /// first request about her.
    static let doorEditedTokenEmailLinkUser = Check(
        id: "door-edited-token-link-user",
        """
        at the server's door, a user signed in by email link is as safe as a password user: accounts:lookup, \
        accounts:update, accounts:delete and mfaEnrollment:start refuse another email-link user's token edited to \
        name her, as the first request about her, and her account is unchanged
        """, requires: [.flow(.emailLink)]
    ) { context in
        let (app, door) = try await context.launchAppWithDoor()
        let victim = try await context.signInByEmailLinkAtTheDoor(PasswordUser.ada.email, app: app, door: door)
        let attacker = try await context.signInByEmailLinkAtTheDoor(PasswordUser.grace.email, app: app, door: door)
        try await context.expectEditedTokensRefusedAtTheDoor(
            victim: victim, attacker: attacker, on: door,
            who: ("ada, signed in by email link", "grace", "email-link user"), shows: PasswordUser.ada.email)
    }
}

extension CheckContext {
    /// `email` signed in by email link at the door: the link is requested through the app (the request a client
    /// sends) and read from the world's mailbox, then `accounts:signInWithEmailLink` raw with its `oobCode`.
    func signInByEmailLinkAtTheDoor(
        _ email: String, app: LaunchedApp, door: any IdentityToolkitDoor, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> DoorSession {
        let link = try await requestSignInLink(for: email, on: app.client, filePath: filePath, line: line)
        guard let oobCode = EmailSignInLink.parse(link)?.oobCode else {
            throw CheckFailure(
                "the sign-in link mailed to \(email) holds no oobCode", expected: "a link with an oobCode",
                actual: link, filePath: filePath, line: line)
        }
        return try await session(
            from: DoorRequest(.signInWithEmailLink, .object(["email": .string(email), "oobCode": .string(oobCode)])),
            on: door, describing: "accounts:signInWithEmailLink of \(email)", filePath: filePath, line: line)
    }
}
