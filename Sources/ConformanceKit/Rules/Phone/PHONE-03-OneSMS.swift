extension Rule {
    public static let phone3 = Rule(
        "PHONE-3", .must, flow: .phone,
        title: "verifyPhoneNumber sends exactly one SMS, to that number, with a 6-digit code",
        statement: """
            A successful verifyPhoneNumber sends exactly one SMS, to exactly that number, holding a 6-digit code, and \
            returns a non-empty verification ID.
            """, sources: [.firebasePhoneAuth(section: "Send a verification code to the user's phone")],
        hint: """
            if this fails, check that one successful verifyPhoneNumber sends exactly one SMS, addressed to the number \
            exactly as given, whose text holds the code as a single 6-digit run, and returns a non-empty verification ID
            """,
        checks: [("one-sms-us-number", PhoneNumbers.us), ("one-sms-brazil-number", PhoneNumbers.brazil)].map {
            id, phoneNumber in
            Check(id: id, "one SMS with a 6-digit code reaches \(phoneNumber) exactly") { context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(phoneNumber, on: app.client)
                try expect(
                    !verificationID.isEmpty, "verifyPhoneNumber(\"\(phoneNumber)\") returned an empty verification ID",
                    expected: "a non-empty verification ID", actual: "\"\"")
                let sms = try context.world.outbound.exactlyOneSMS(to: phoneNumber)
                try context.world.outbound.expectNothingElse(
                    "verifyPhoneNumber(\"\(phoneNumber)\") sent its SMS to \(sms.to)")
                let codes = SMSCode.sixDigitCodes(in: sms.text)
                try expect(
                    codes.count == 1, "the SMS to \(phoneNumber) does not hold one 6-digit code",
                    expected: "one 6-digit code (repeating it is fine)",
                    actual: codes.isEmpty
                        ? """
                        no 6-digit code in \(sms.text.debugDescription) (runs of digits: \
                        \(SMSCode.codes(in: sms.text)))
                        """ : "the 6-digit codes \(codes) in \(sms.text.debugDescription)")
            }
        })
}
