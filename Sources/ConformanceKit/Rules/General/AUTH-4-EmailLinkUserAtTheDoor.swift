import MockIdP

extension Check {
    /// AUTH-4 at the server's door for a user who signs in by email link (issue 30: "each as a first step from a user
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
        let tokens = IDTokenForgery.naming(victim.uid, in: attacker.idToken).filter {
            !$0.1.isEmpty && $0.1 != victim.idToken
        }
        try await expectEveryCase(tokens, "another email-link user's token edited to name the victim") {
            forgery, token in
            for request in DoorRequest.accountCalls(idToken: token) {
                let answer = try await context.send(request, on: door)
                try expectRefused(
                    answer,
                    when: "\(request.operation.rawValue) with grace's token, \(forgery) (victim: ada, signed in by "
                        + "email link, \(victim.uid.abbreviated))",
                    expected: "HTTP 4xx (INVALID_ID_TOKEN) and no session")
            }
        }
        let own = try await context.send(DoorRequest(.lookup, .object(["idToken": .string(victim.idToken)])), on: door)
        let account = own.body.encodedText
        try expect(
            own.succeeded && account.contains(victim.uid) && account.contains(PasswordUser.ada.email)
                && !account.contains("mallory@example.com"),
            "after the edited tokens, ada's own token no longer looks up her unchanged account",
            expected: "HTTP 200 with her user ID and \(PasswordUser.ada.email)", actual: account)
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
        let answer = try await send(
            DoorRequest(.signInWithEmailLink, .object(["email": .string(email), "oobCode": .string(oobCode)])),
            on: door, describing: "accounts:signInWithEmailLink of \(email)", filePath: filePath, line: line)
        guard answer.succeeded, let idToken = answer.idToken, let uid = answer.localID else {
            throw CheckFailure(
                "accounts:signInWithEmailLink of \(email) at the door gave no session",
                expected: "HTTP 200 with idToken and localId", actual: "\(answer)", filePath: filePath, line: line)
        }
        return DoorSession(uid: uid, idToken: idToken, refreshToken: answer.refreshToken ?? "")
    }
}
