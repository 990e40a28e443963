import MockIdP

extension Check {
    /// The rounds of a race at the server's door with a mailed code (a sign-in link, a password reset): each mails a
    /// new address of the check's own.
    static let doorMailedCodeRounds = 3

    /// LINK-8 at the server's own door, two requests at once: a sign-in link mailed, then two
    /// `accounts:signInWithEmailLink` with its `email` and `oobCode` in flight at the server together (over HTTP on two
    /// connections), so a server that checks the code and marks it used in two steps lets both sign in. The suite's
    /// client sends its sign-ins one at a time; this check does not use it for them.
    static let doorLinkTwiceAtOnce = Check(
        id: "door-link-twice-at-once",
        """
        two accounts:signInWithEmailLink with one email and oobCode sent to the server at once: exactly one signs in, \
        the other is refused, in each of \(doorMailedCodeRounds) rounds
        """
    ) { context in
        let (app, door) = try await context.launchAppWithDoor()
        var broken: [String] = []
        for round in 1...doorMailedCodeRounds {
            let email = CheckIdentity.email("linked\(round)")
            let link = try await context.requestSignInLink(for: email, on: app.client)
            guard let code = EmailSignInLink.parse(link)?.oobCode else {
                throw CheckFailure(
                    "the link mailed to \(email) carries no oobCode", expected: "a sign-in link with an oobCode",
                    actual: link)
            }
            let request = DoorRequest(
                .signInWithEmailLink, .object(["email": .string(email), "oobCode": .string(code)]))
            if let pair = try await sendTwiceAtOnce(
                request, on: door, what: "accounts:signInWithEmailLink with the link mailed to \(email)",
                label: "round \(round), \(email)", both: "signed in with one link", neither: "signed in",
                expected: "HTTP 400 (INVALID_OOB_CODE) and no session")
            {
                broken.append(pair)
            }
        }
        try expect(
            broken.isEmpty,
            "of two sign-ins with one link at once at the server, not exactly one signed in in \(broken.count) of "
                + "\(doorMailedCodeRounds) rounds", expected: "one sign-in per link, the other refused",
            actual: broken.joined(separator: "; "))
    }
}
