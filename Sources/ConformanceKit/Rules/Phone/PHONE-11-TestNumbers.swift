extension Rule {
    public static let phone11 = Rule(
        "PHONE-11", .must, flow: .phone,
        title: "Test phone numbers: no SMS, the fixed code signs in, repeatedly, without quota",
        statement: """
            A test phone number with its fixed code: no SMS is sent, signing in with the fixed code succeeds, any \
            number of times in a row, and does not consume the SMS quota; any other code fails with \
            invalidVerificationCode.
            """,
        sources: [
            .firebasePhoneAuth(
                section: """
                    Test with fictional phone numbers: no real SMS is sent, the configured code signs in, and testing \
                    does not use up the quota
                    """)
        ],
        hint: """
            if this fails, check that test numbers are recognized before the SMS path: no SMS, only the configured \
            code accepted, as often as asked, and nothing counted against the verification limit
            """,
        checks: [
            // Where the suite reads no text (a server without a text outbox), that no SMS was sent cannot be seen;
            // the sign-in with the fixed code is judged all the same.
            Check(
                id: "fixed-code-no-sms", "a test number gets no SMS and signs in with its fixed code",
                readsNoDelivery: true
            ) { context in
                let app = try await context.launchApp(.withTestNumbers)
                let result = try await context.signIn(with: PhoneNumbers.test, on: app.client)
                try expectEqual(
                    result.user.phoneNumber, PhoneNumbers.test.phoneNumber, "the phone number of the test-number user")
                try context.expectNoSMS("only a test number was used")
            },
            Check(
                id: "other-code-refused", "a test number with any other code fails with invalidVerificationCode",
                readsNoDelivery: true
            ) { context in
                let app = try await context.launchApp(.withTestNumbers)
                let fixed = PhoneNumbers.test.verificationCode
                let others = [
                    String(fixed.dropLast()) + (fixed.last == "0" ? "1" : "0"), PhoneNumbers.otherTest.verificationCode,
                    wrongCode(for: fixed),
                ]
                try await expectEveryCase(others, "other codes") { code in
                    if await app.client.currentUser != nil {  // a code before this one signed in
                        try await expectSuccess("signOut() after an accepted code") { try await app.client.signOut() }
                    }
                    let verificationID = try await context.requestCode(PhoneNumbers.test.phoneNumber, on: app.client)
                    try await expectFailure(
                        .invalidVerificationCode,
                        when: """
                            signIn to test number \(PhoneNumbers.test.phoneNumber) with \"\(code)\" (its code is \
                            \(fixed))
                            """
                    ) {
                        try await app.client.signIn(
                            with: .phone(verificationID: verificationID, verificationCode: code))
                    }
                    try await context.expectSignedOut(app.client, after: "a test number with another code")
                }
            },
            Check(
                id: "no-verification-limit",
                "a test number signs in more times in a row than the verification limit allows", readsNoDelivery: true
            ) { context in
                let app = try await context.launchApp(.withTestNumbers)
                let times = ProjectConfiguration.withTestNumbers.phone.verificationLimit.maxRequests + 3
                let number = PhoneNumbers.test.phoneNumber
                try await expectEveryCase(1...times, "sign-ins in a row with the test number") { attempt in
                    let verificationID = try await expectSuccess(
                        "verifyPhoneNumber(\"\(number)\"), request \(attempt) of \(times)"
                    ) { try await app.client.verifyPhoneNumber(number) }
                    try await expectSuccess("signIn \(attempt) of \(times) with the test number's fixed code") {
                        try await app.client.signIn(
                            with: .phone(
                                verificationID: verificationID, verificationCode: PhoneNumbers.test.verificationCode))
                    }
                    try await expectSuccess("signOut() after sign-in \(attempt) of \(times)") {
                        try await app.client.signOut()
                    }
                }
                try context.expectNoSMS("only a test number was used")
            },
            Check(id: "no-device-quota", "test-number requests do not use up the device's quota for real numbers") {
                context in
                let app = try await context.launchApp(.withTestNumbers)
                let limit = ProjectConfiguration.withTestNumbers.phone.verificationLimit.maxRequests
                for _ in 0...limit { _ = try await context.requestCode(PhoneNumbers.test.phoneNumber, on: app.client) }
                _ = try await expectSuccess(
                    "verifyPhoneNumber(\"\(PhoneNumbers.us)\") after \(limit + 1) test-number requests (limit \(limit))"
                ) { try await app.client.verifyPhoneNumber(PhoneNumbers.us) }
                _ = try context.world.outbound.exactlyOneSMS(to: PhoneNumbers.us)
            },
        ])
}
