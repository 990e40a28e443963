import MockIdP

extension Check {
    /// PHONE-7 at the server's own door, two requests at once: a code texted to the user, then two
    /// `accounts:signInWithPhoneNumber` with its `sessionInfo` and `code` in flight at the server together (over HTTP
    /// on two connections), so a server that checks the code and marks it used in two steps lets both sign in. The
    /// suite's client let its calls go one at a time, so the Auth Emulator never had two in flight; this check does not
    /// use it.
    static let doorCodeTwiceAtOnce = Check(
        id: "door-code-twice-at-once",
        """
        two accounts:signInWithPhoneNumber with one sessionInfo and code sent to the server at once: exactly one signs \
        in, the other is refused, for each of \(PhoneNumbers.doorRace.count) codes
        """
    ) { context in
        let app = try await context.launchApp()
        let door = try context.door(of: app.backend)
        var broken: [String] = []
        for phoneNumber in PhoneNumbers.doorRace {
            let verificationID = try await context.requestCode(phoneNumber, on: app.client)
            let code = try context.latestCode(sentTo: phoneNumber)
            let request = DoorRequest(
                .signInWithPhoneNumber, .object(["sessionInfo": .string(verificationID), "code": .string(code)]))
            if let pair = try await sendTwiceAtOnce(
                request, on: door, what: "accounts:signInWithPhoneNumber with the code of \(phoneNumber)",
                label: phoneNumber, both: "signed in with one code", neither: "signed in",
                expected: "HTTP 400 (SESSION_EXPIRED or INVALID_SESSION_INFO) and no session")
            {
                broken.append(pair)
            }
        }
        try expect(
            broken.isEmpty,
            "of two sign-ins with one code at once at the server, not exactly one signed in for \(broken.count) of "
                + "\(PhoneNumbers.doorRace.count) codes", expected: "one sign-in per code, the other refused",
            actual: broken.joined(separator: "; "))
    }
}

extension PhoneNumbers {
    /// One code each for the race at the door: distinct numbers, so no number's verification limit is reached.
    static let doorRace = [us, usOther, uk, ireland]
}
