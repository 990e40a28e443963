import MockIdP

extension Rule {
    public static let phone14 = Rule(
        "PHONE-14", .must, flow: .phone, title: "App verification (silent push, else reCAPTCHA) happens before any SMS",
        statement: """
            App verification happens before any SMS: a silent push when the push channel works, otherwise a reCAPTCHA \
            fallback; if the user cancels the reCAPTCHA, the call fails with webContextCancelled [17058] and no SMS is \
            sent; with neither push nor reCAPTCHA available the call fails with an AuthError (code not pinned) and no \
            SMS is sent.
            """,
        sources: [
            .firebasePhoneAuth(section: "Enable app verification: silent APNs notifications, reCAPTCHA verification"),
            .firebaseAuthErrorCode(section: "webContextCancelled (17058)"),
        ],
        hint: """
            if this fails, check that verifyPhoneNumber finishes app verification (a silent push, or reCAPTCHA when \
            push is unavailable) before it asks for an SMS, and sends none when the user cancels (webContextCancelled) \
            or neither works
            """,
        checks: [
            Check(
                id: "silent-push-first",
                "with push working, a silent push the app handles comes before the SMS, and no reCAPTCHA",
                requires: [.worldParties]
            ) { context in
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                try context.expectBeforeTheSMS("silent push the app handles") {
                    if case .push(.delivered(let push)) = $0 {
                        push.handled && push.device == app.device
                    } else {
                        false
                    }
                }
                try expectEqual(
                    context.world.recaptcha.presentations.count, 0,
                    "the number of reCAPTCHAs presented while the push channel works")
            },
            Check(
                id: "recaptcha-without-push", "with push unavailable, a solved reCAPTCHA comes before the SMS",
                requires: [.worldParties]
            ) { context in
                context.world.push.set(.unavailable)
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                try context.expectBeforeTheSMS("solved reCAPTCHA") {
                    if case .recaptcha(.presented(_, .solved)) = $0 { true } else { false }
                }
            },
            Check(
                id: "cancelled-recaptcha", "a cancelled reCAPTCHA fails with webContextCancelled and sends no SMS",
                requires: [.worldParties]
            ) { context in
                context.world.push.set(.unavailable)
                context.world.recaptcha.set(.cancelledByUser)
                let app = try await context.launchApp()
                try await expectFailure(
                    .webContextCancelled, when: "verifyPhoneNumber(\"\(PhoneNumbers.us)\") with the reCAPTCHA cancelled"
                ) { try await app.client.verifyPhoneNumber(PhoneNumbers.us) }
                try context.expectNoSMS("the user cancelled the reCAPTCHA")
            },
            Check(
                id: "no-verification-method",
                "with neither push nor reCAPTCHA available, the call fails and sends no SMS", requires: [.worldParties]
            ) { context in
                context.world.push.set(.unavailable)
                context.world.recaptcha.set(.unavailable)
                let app = try await context.launchApp()
                _ = try await expectAuthError(
                    when: "verifyPhoneNumber(\"\(PhoneNumbers.us)\") with no way to verify the app"
                ) { try await app.client.verifyPhoneNumber(PhoneNumbers.us) }
                try context.expectNoSMS("the app could not be verified")
            },
            Check(
                id: "concurrent-verifications",
                """
                two verifications made at once on one app are each proven by a silent push, with no reCAPTCHA, each \
                texted
                """, requires: [.worldParties, .worldNetwork]
            ) { context in
                let app = try await context.launchApp()
                let numbers = [PhoneNumbers.us, PhoneNumbers.usOther]
                let outcomes = try await context.inLockstep(
                    numbers.map { number in
                        ConcurrentCall("verifyPhoneNumber(\"\(number)\")") {
                            try await app.client.verifyPhoneNumber(number)
                        }
                    })
                try await expectEveryCase(Array(zip(numbers, outcomes)), "verifications made at once") {
                    number, outcome in
                    try await expectSuccess("verifyPhoneNumber(\"\(number)\") made at once with another") {
                        try outcome.get()
                    }
                    _ = try context.world.outbound.exactlyOneSMS(to: number)
                }
                try expectEqual(
                    context.world.recaptcha.presentations.count, 0,
                    "the number of reCAPTCHAs presented for two verifications at once while the push channel works")
            },
        ])
}

extension CheckContext {
    /// The app's proof, the first event `isProof` matches, crossed the boundary before the first SMS did (PHONE-14).
    fileprivate func expectBeforeTheSMS(
        _ proof: String, filePath: String = #filePath, line: Int = #line, _ isProof: (WorldEvent) -> Bool
    ) throws {
        let entry = world.transcript.entries(where: isProof).first
        let sms = world.transcript.entries { if case .sms(.delivered) = $0 { true } else { false } }.first
        guard let entry else {
            throw CheckFailure(
                "no \(proof) came", expected: "a \(proof), before the SMS",
                actual: "none\(sms.map { ", and the SMS (#\($0.sequence))" } ?? "")", filePath: filePath, line: line)
        }
        try expect(
            entry.sequence < (sms?.sequence ?? .max), "the SMS was sent before the \(proof)",
            expected: "the \(proof), then the SMS",
            actual: "the SMS (#\(sms?.sequence ?? 0)), then the \(proof) (#\(entry.sequence))", filePath: filePath,
            line: line)
    }
}
