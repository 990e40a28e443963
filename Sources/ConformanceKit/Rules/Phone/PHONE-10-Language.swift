extension Rule {
    public static let phone10 = Rule(
        "PHONE-10", .must, flow: .phone, title: "The SMS is localized with the client's language code",
        statement: "The SMS is localized with the client's language code (e.g. fr) when one is set.",
        sources: [
            .firebasePhoneAuth(
                section: "Send a verification code to the user's phone: Auth.languageCode localizes the SMS")
        ],
        hint: """
            if this fails, check that the client's languageCode travels with each verification request and that the \
            SMS is written, and declared, in that language
            """,
        checks: [
            Check(
                id: "french-sms", "with languageCode fr the SMS is in French, and differs from the default text",
                requires: [.worldParties]
            ) { context in
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                await app.client.setLanguageCode("fr")
                _ = try await context.requestCode(PhoneNumbers.usOther, on: app.client)
                guard let plain = context.world.outbound.readAllSMS(to: PhoneNumbers.us).last,
                    let french = context.world.outbound.readAllSMS(to: PhoneNumbers.usOther).last
                else {
                    throw CheckFailure(
                        "the SMS did not reach both numbers",
                        expected: "an SMS to \(PhoneNumbers.us) and one to \(PhoneNumbers.usOther)",
                        actual: "unread: \(context.world.outbound.unread.map(\.description))")
                }
                try expectEqual(
                    french.language, "fr", "the language the SMS sent with languageCode \"fr\" is declared in")
                try expect(
                    french.text.withoutDigits != plain.text.withoutDigits, "the French SMS reads like the default one",
                    expected: "a text other than \(plain.text.debugDescription)", actual: french.text.debugDescription)
            },
            Check(id: "german-sms", "with languageCode de the SMS is in German", requires: [.worldParties]) { context in
                let app = try await context.launchApp()
                await app.client.setLanguageCode("de")
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let sent = context.world.outbound.readAllSMS(to: PhoneNumbers.us)
                try expectEqual(
                    sent.last?.language, "de", "the language the SMS sent with languageCode \"de\" is declared in")
            },
        ])
}

extension String { fileprivate var withoutDigits: String { filter { !$0.isNumber } } }
