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
            }, .phone14PushHeld,
            Check(
                id: "door-refuses-forged-proofs",
                """
                at the backend's door, a push receipt it never issued, another request's secret and a near miss of \
                the secret each get no SMS
                """, requires: [.worldParties]
            ) { context in
                let app = try await context.launchApp(.withoutVerificationLimit)
                let door = try context.appVerification(of: app.backend)
                let other = try await context.launchApp(
                    ProjectConfiguration.withoutVerificationLimit.with(\.projectID, "another-project"), on: .secondary)
                let otherDoor = try context.appVerification(of: other.backend)
                var proofs: [PushProof] = []
                for number in 1...5 {
                    proofs.append(
                        try await expectSuccess("push proof \(number) of the app on \(app.device), at the door") {
                            try await door.pushProof(on: app.device)
                        })
                }
                let foreign = try await expectSuccess("a push proof of another-project's app, at its door") {
                    try await otherDoor.pushProof(on: other.device)
                }
                let receipt = proofs[0].receipt
                var forgeries: [(String, PushProof)] = [
                    ("a receipt another project issued, with its secret", foreign),
                    (
                        "a near miss of a receipt it issued (one character changed), with that receipt's secret",
                        PushProof(
                            receipt: Forgery.changingCharacter(at: receipt.count / 2, of: receipt),
                            secret: proofs[0].secret)
                    ),
                    (
                        "a receipt it issued with a near miss of its secret (one character changed)",
                        PushProof(
                            receipt: proofs[1].receipt,
                            secret: Forgery.changingCharacter(at: proofs[1].secret.count / 2, of: proofs[1].secret))
                    ),
                ]
                // Another request's secret is a forgery only where the two requests' secrets differ.
                if proofs[3].secret != proofs[2].secret {
                    forgeries.append(
                        (
                            "a receipt it issued with another request's secret",
                            PushProof(receipt: proofs[2].receipt, secret: proofs[3].secret)
                        ))
                }
                try await expectEveryCase(forgeries, "forged push proofs") { name, proof in
                    _ = try await expectAuthError(
                        when: "sendVerificationCode(\(PhoneNumbers.us)) at the backend's door with \(name)"
                    ) { try await door.sendVerificationCode(to: PhoneNumbers.us, proof: proof) }
                    try context.expectNoSMS("the backend's door was given \(name)")
                }
                try await expectSuccess("sendVerificationCode(\(PhoneNumbers.us)) with a genuine push proof") {
                    try await door.sendVerificationCode(to: PhoneNumbers.us, proof: proofs[4])
                }
                _ = try context.world.outbound.exactlyOneSMS(to: PhoneNumbers.us)
            },
        ])
}

extension CheckContext {
    /// The backend's door for app verification; a backend that does not offer it makes the check not applicable.
    fileprivate func appVerification(of backend: any AuthBackend) throws -> any AppVerificationFacet {
        guard let door = backend.appVerification else {
            throw NotApplicable(
                """
                the backend offers no app-verification facet (its own door: verifyClient, sendVerificationCode with a \
                push receipt and secret)
                """)
        }
        return door
    }

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
