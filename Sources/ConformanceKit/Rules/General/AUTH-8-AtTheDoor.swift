extension Check {
    /// The rounds of a race at the server's door: enough that a check-then-create split is met, bounded so the check
    /// ends; the verdict is any round with two successes, never a timing.
    static let doorRaceRounds = 8

    /// AUTH-8 at the server's own door, two requests at once: two `accounts:signUp` of one address are in
    /// flight at the server together (over HTTP on two connections), so a server that checks the address is free and
    /// creates the account in two steps lets both through. A conforming server creates exactly one account.
    static let doorSignUpsAtOnce = Check(
        id: "door-sign-ups-at-once",
        """
        two accounts:signUp of one address sent to the server at once create exactly one account; the other is \
        refused (EMAIL_EXISTS), in every one of \(doorRaceRounds) rounds
        """, requires: [.flow(.password)]
    ) { context in
        let app = try await context.launchApp()
        let door = try context.door(of: app.backend)
        var broken: [String] = []
        for round in 1...doorRaceRounds {
            let email = CheckIdentity.email("twin\(round)")
            let request = DoorRequest(.signUp, .passwordBody(email, .string(PasswordUser.ada.password)))
            if let pair = try await sendTwiceAtOnce(
                request, on: door, what: "accounts:signUp of \(email)", label: "round \(round), \(email)",
                both: "created an account", neither: "created an account",
                expected: "HTTP 400 EMAIL_EXISTS and no session")
            {
                broken.append(pair)
            }
        }
        try expect(
            broken.isEmpty,
            "of two accounts:signUp of one address at once, not exactly one created an account in \(broken.count) of "
                + "\(doorRaceRounds) rounds", expected: "one account per address, the other sign-up refused",
            actual: broken.joined(separator: "; "))
    }
}
