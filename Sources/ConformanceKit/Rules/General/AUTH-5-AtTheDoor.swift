extension Check {
    /// AUTH-5 at the server's own door: the password first factor is checked by the server, whatever the
    /// request carries. A third-party fake signed in a request with no password field at all while AUTH-5 passed,
    /// because the suite's client, like the SDK, refuses an empty password before sending it.
    static let doorPasswordMissingEmptyWrongType = Check(
        id: "door-hostile-passwords",
        """
        at the server's door, accounts:signInWithPassword with the password missing, empty, null or of another JSON \
        type signs nobody in; the right password then does
        """, requires: [.flow(.password)]
    ) { context in
        let app = try await context.launchApp()
        let door = try context.door(of: app.backend)
        let ada = PasswordUser.ada
        try await context.signUpAtTheDoor(ada, on: door)
        let hostile: [(String, FixtureValue?)] = [
            ("no password field", nil), ("an empty password", .string("")), ("a null password", .null),
            ("the password as a number", .number(0)), ("the password as false", .bool(false)),
            ("the password as true", .bool(true)), ("ada's password inside an array", .array([.string(ada.password)])),
            ("ada's password inside an object", .object(["password": .string(ada.password)])),
        ]
        try await expectEveryCase(hostile, "hostile password sign-ins") { name, password in
            let answer = try await context.send(
                DoorRequest(.signInWithPassword, .passwordBody(ada.email, password)), on: door)
            try expectRefused(
                answer, when: "accounts:signInWithPassword of \(ada.email) with \(name)",
                expected: "HTTP 400 (MISSING_PASSWORD, INVALID_PASSWORD or INVALID_LOGIN_CREDENTIALS) and no session")
        }
        try await context.expectSignsInAtTheDoor(ada, on: door)
    }
}
