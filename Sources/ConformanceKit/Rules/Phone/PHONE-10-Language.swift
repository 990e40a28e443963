extension Rule {
    public static let phone10 = Rule(
        "PHONE-10", .must, flow: .phone,
        title: "The SMS is localized with the client's language code",
        statement: "The SMS is localized with the client's language code (e.g. fr) when one is set.",
        sources: [.firebasePhoneAuth(section: "Send a verification code to the user's phone: Auth.languageCode localizes the SMS")],
        hint: """
            if this fails, check that the client's languageCode travels with each verification request and that the SMS is \
            written, and declared, in that language
            """,
        checks: [
            Check("with languageCode fr the SMS is in French, and differs from the default text", requires: [.worldParties]) { context in
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                await app.client.setLanguageCode("fr")
                _ = try await context.requestCode(PhoneNumbers.usOther, on: app.client)
                guard let plain = context.world.outbound.readAllSMS(to: PhoneNumbers.us).last,
                    let french = context.world.outbound.readAllSMS(to: PhoneNumbers.usOther).last
                else { throw CheckFailure("the SMS did not reach both numbers; unread: \(context.world.outbound.unread.map(\.description))") }
                try expect(french.language == "fr", "with languageCode \"fr\" the SMS is declared as \(french.language.shown): \"\(french.text)\"; expected an SMS in French (fr)")
                try expect(
                    french.text.withoutDigits != plain.text.withoutDigits,
                    "the French SMS \"\(french.text)\" reads like the default one \"\(plain.text)\"")
            },
            Check("with languageCode de the SMS is in German", requires: [.worldParties]) { context in
                let app = try await context.launchApp()
                await app.client.setLanguageCode("de")
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let sent = context.world.outbound.readAllSMS(to: PhoneNumbers.us)
                try expect(sent.last?.language == "de", "with languageCode \"de\" the SMS is declared as \((sent.last?.language).shown); expected an SMS in German (de)")
            },
        ])
}

extension String {
    fileprivate var withoutDigits: String { filter { !$0.isNumber } }
}
