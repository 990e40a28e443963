import MockIdP

extension Check {
    /// AUTH-4 at the server's door for a user of another flow: the victim signed in by phone, not with a
    /// password, so a server whose phone sessions take another code path is judged too. Another phone user's token,
    /// edited to name her, goes raw to every account call as the first request about her.
    static let doorEditedTokenPhoneUser = Check(
        id: "door-edited-token-phone-user",
        """
        at the server's door, a user signed in by phone is as safe as a password user: accounts:lookup, \
        accounts:update, accounts:delete and mfaEnrollment:start refuse another phone user's token edited to name \
        her, as the first request about her, and her account is unchanged
        """, requires: [.flow(.phone)]
    ) { context in
        let app = try await context.launchApp()
        let door = try context.door(of: app.backend)
        let victim = try await context.signInByPhoneAtTheDoor(PhoneNumbers.us, app: app, door: door)
        let attacker = try await context.signInByPhoneAtTheDoor(PhoneNumbers.uk, app: app, door: door)
        try await context.expectEditedTokensRefusedAtTheDoor(
            victim: victim, attacker: attacker, on: door,
            who: ("\(PhoneNumbers.us)", "\(PhoneNumbers.uk)", "phone user"), shows: nil)
    }
}

extension CheckContext {
    /// The user of `phoneNumber` signed in at the door: the code is requested through the app (the request a client
    /// sends, with its app verification) and read from the world's SMS, then `accounts:signInWithPhoneNumber` raw.
    func signInByPhoneAtTheDoor(
        _ phoneNumber: String, app: LaunchedApp, door: any IdentityToolkitDoor, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> DoorSession {
        let verificationID = try await requestCode(phoneNumber, on: app.client, filePath: filePath, line: line)
        let code = try latestCode(sentTo: phoneNumber, filePath: filePath, line: line)
        return try await session(
            from: DoorRequest(
                .signInWithPhoneNumber, .object(["sessionInfo": .string(verificationID), "code": .string(code)])),
            on: door, describing: "accounts:signInWithPhoneNumber of \(phoneNumber)", filePath: filePath, line: line)
    }
}
