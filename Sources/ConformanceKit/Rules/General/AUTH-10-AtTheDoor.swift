import MockIdP

extension Check {
    /// AUTH-10 at the server's door: `accounts:update` naming the victim by `localId`, sent with the API key alone (and
    /// once beside the attacker's own ID token), as a third-party server's hole lets anyone set another user's password
    /// and sign in as them. Each request with the API key alone is refused; afterwards the victim signs in with her own
    /// password only, and her own look-up shows her address, unverified, with no custom attributes.
    static let doorUpdateByLocalID = Check(
        id: "door-update-by-local-id",
        """
        at the server's door, accounts:update naming another user by localId with the API key alone is refused, \
        whether it sets a password, an email, disableUser, emailVerified, custom attributes or validSince; with the \
        attacker's own ID token beside it, it changes nothing of hers; she still signs in with her own password only
        """, requires: [.flow(.password)]
    ) { context in
        let (_, door) = try await context.launchAppWithDoor()
        let victim = try await context.signUpAtTheDoor(.ada, on: door)
        let attacker = try await context.signUpAtTheDoor(.grace, on: door)
        let changes: [(String, [String: FixtureValue])] = [
            ("a new password", ["password": .string(DoorRequest.mallorysPassword)]),
            ("a new email", ["email": .string(CheckIdentity.email("mallory"))]),
            ("disableUser", ["disableUser": .bool(true)]), ("emailVerified", ["emailVerified": .bool(true)]),
            ("custom attributes", ["customAttributes": .string(#"{"admin":true}"#)]),
            ("validSince", ["validSince": .string("4102444800")]),
        ]
        let named = "ada (\(victim.uid.abbreviated)) named by localId"
        try await expectEveryCase(changes, "accounts:update of another user by localId") { what, fields in
            let request = DoorRequest(.update, .object(fields.merging(["localId": .string(victim.uid)]) { $1 }))
            let answer = try await context.send(request, on: door)
            try expectRefused(
                answer, when: "accounts:update of \(named) with the API key alone, setting \(what)",
                expected: "HTTP 4xx (the administrator's credential is missing) and nothing changed")
        }
        _ = try await context.send(
            DoorRequest(
                .update,
                .object([
                    "idToken": .string(attacker.idToken), "localId": .string(victim.uid),
                    "password": .string(DoorRequest.mallorysPassword), "emailVerified": .bool(true),
                ])), on: door)
        try await context.expectSignsInAtTheDoor(.ada, on: door)
        let own = try await context.send(DoorRequest(.lookup, .object(["idToken": .string(victim.idToken)])), on: door)
        let account = own.body["users"]?.arrayValue.first
        try expect(
            own.succeeded && account?["localId"]?.stringValue == victim.uid
                && account?["email"]?.stringValue?.lowercased() == PasswordUser.ada.email.lowercased()
                && account?["emailVerified"]?.boolValue != true && account?["customAttributes"] == nil,
            "after the requests naming her by localId, ada's own look-up shows her account changed",
            expected: "her user ID and address, not verified, no custom attributes", actual: own.body.encodedText)
    }

    /// AUTH-10 at the server's door: `accounts:delete` naming the victim by `localId` with the API key alone, and
    /// beside the attacker's own ID token (which may delete the attacker, never the victim).
    static let doorDeleteByLocalID = Check(
        id: "door-delete-by-local-id",
        """
        at the server's door, accounts:delete naming another user by localId with the API key alone is refused; with \
        the attacker's own ID token beside it, it does not delete her; she still signs in
        """, requires: [.flow(.password)]
    ) { context in
        let (_, door) = try await context.launchAppWithDoor()
        let victim = try await context.signUpAtTheDoor(.ada, on: door)
        let attacker = try await context.signUpAtTheDoor(.grace, on: door)
        let answer = try await context.send(DoorRequest(.delete, .object(["localId": .string(victim.uid)])), on: door)
        try expectRefused(
            answer, when: "accounts:delete of ada (\(victim.uid.abbreviated)) named by localId with the API key alone",
            expected: "HTTP 4xx (the administrator's credential is missing) and nobody deleted")
        _ = try await context.send(
            DoorRequest(.delete, .object(["idToken": .string(attacker.idToken), "localId": .string(victim.uid)])),
            on: door)
        try await context.expectSignsInAtTheDoor(.ada, on: door)
    }

    /// AUTH-10 at the server's door: `accounts:lookup` naming the victim by `localId` or by email with the API key
    /// alone, and by `localId` beside the attacker's own ID token: no answer shows the victim's account (her user ID,
    /// her password hash).
    static let doorLookupByLocalID = Check(
        id: "door-lookup-by-local-id",
        """
        at the server's door, accounts:lookup naming another user by localId or by email with the API key alone is \
        refused, and no look-up naming her beside the attacker's own ID token shows her account
        """, requires: [.flow(.password)]
    ) { context in
        let (_, door) = try await context.launchAppWithDoor()
        let victim = try await context.signUpAtTheDoor(.ada, on: door)
        let attacker = try await context.signUpAtTheDoor(.grace, on: door)
        let lookups: [(String, FixtureValue, Bool)] = [
            ("by localId with the API key alone", .object(["localId": .array([.string(victim.uid)])]), true),
            ("by email with the API key alone", .object(["email": .array([.string(PasswordUser.ada.email)])]), true),
            (
                "by localId beside grace's own ID token",
                .object(["idToken": .string(attacker.idToken), "localId": .array([.string(victim.uid)])]), false
            ),
        ]
        try await expectEveryCase(lookups, "accounts:lookup of another user") { what, body, alone in
            let answer = try await context.send(DoorRequest(.lookup, body), on: door)
            let step = "accounts:lookup of ada (\(victim.uid.abbreviated)) \(what)"
            if alone {
                try expectRefused(
                    answer, when: step, expected: "HTTP 4xx (the administrator's credential is missing), no account")
            }
            let shown = answer.body.encodedText
            try expect(
                !answer.succeeded || !shown.contains(victim.uid), "\(step) showed her account",
                expected: "no account of hers", actual: shown)
        }
    }

    /// AUTH-10: a user the administrator disabled signs in with her own password at the server's door no more, and
    /// again once enabled, so the refusal is the disabling's and not another's.
    static let disabledUserRefused = Check(
        id: "disabled-user-refused",
        """
        a user the administrator disabled no longer signs in with her own password at the server's door; enabled \
        again, she does
        """, requires: [.flow(.password)]
    ) { context in
        let (app, door) = try await context.launchAppWithDoor()
        let admin = try context.admin(of: app.backend)
        let user = try await context.signUpAtTheDoor(.ada, on: door)
        try await expectSuccess("setDisabled(true, ada)") { try await admin.setDisabled(true, uid: user.uid) }
        let signIn = DoorRequest(
            .signInWithPassword, .passwordBody(PasswordUser.ada.email, .string(PasswordUser.ada.password)))
        try expectRefused(
            try await context.send(signIn, on: door),
            when: "accounts:signInWithPassword of ada, disabled by the administrator, with her own password",
            expected: "HTTP 400 (USER_DISABLED) and no session")
        try await expectSuccess("setDisabled(false, ada)") { try await admin.setDisabled(false, uid: user.uid) }
        let enabled = try await context.send(signIn, on: door)
        try expect(
            enabled.succeeded && enabled.idToken != nil, "ada, enabled again, does not sign in with her own password",
            expected: "HTTP 200 with a session", actual: "\(enabled)")
    }
}

extension DoorRequest {
    /// The password a forged or unauthorized request tries to set (``CheckContext/expectSignsInAtTheDoor(_:on:)``
    /// proves it does not sign in).
    static let mallorysPassword = "mallory's password"
}
