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
                "with push working, a silent push the app handles comes before the SMS, and no reCAPTCHA",
                requires: [.worldParties]
            ) { context in
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let transcript = context.world.transcript
                let push = transcript.entries {
                    if case .push(.delivered(let push)) = $0 {
                        push.handled && push.device == app.device
                    } else {
                        false
                    }
                }.first
                let sms = transcript.entries { if case .sms(.delivered) = $0 { true } else { false } }.first
                guard let push else {
                    throw CheckFailure(
                        "with push working, no silent push was handled by the app",
                        expected: "a silent push the app handles, before the SMS",
                        actual: "none handled\(sms.map { ", and the SMS (#\($0.sequence))" } ?? "")")
                }
                try expect(
                    push.sequence < (sms?.sequence ?? .max), "the SMS was sent before the silent push",
                    expected: "the silent push, then the SMS",
                    actual: "the SMS (#\(sms?.sequence ?? 0)), then the silent push (#\(push.sequence))")
                try expectEqual(
                    context.world.recaptcha.presentations.count, 0,
                    "the number of reCAPTCHAs presented while the push channel works")
            },
            Check("with push unavailable, a solved reCAPTCHA comes before the SMS", requires: [.worldParties]) {
                context in
                context.world.push.set(.unavailable)
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let transcript = context.world.transcript
                let recaptcha = transcript.entries {
                    if case .recaptcha(.presented(_, .solved)) = $0 { true } else { false }
                }.first
                let sms = transcript.entries { if case .sms(.delivered) = $0 { true } else { false } }.first
                guard let recaptcha else {
                    throw CheckFailure(
                        "with the push channel unavailable, no reCAPTCHA was solved",
                        expected: "a solved reCAPTCHA, before the SMS",
                        actual: "none solved\(sms.map { ", and the SMS (#\($0.sequence))" } ?? "")")
                }
                try expect(
                    recaptcha.sequence < (sms?.sequence ?? .max), "the SMS was sent before the reCAPTCHA",
                    expected: "the solved reCAPTCHA, then the SMS",
                    actual: "the SMS (#\(sms?.sequence ?? 0)), then the reCAPTCHA (#\(recaptcha.sequence))")
            },
            Check("a cancelled reCAPTCHA fails with webContextCancelled and sends no SMS", requires: [.worldParties]) {
                context in
                context.world.push.set(.unavailable)
                context.world.recaptcha.set(.cancelledByUser)
                let app = try await context.launchApp()
                try await expectFailure(
                    .webContextCancelled, when: "verifyPhoneNumber(\"\(PhoneNumbers.us)\") with the reCAPTCHA cancelled"
                ) { try await app.client.verifyPhoneNumber(PhoneNumbers.us) }
                try context.expectNoSMS("the user cancelled the reCAPTCHA")
            },
            Check(
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
