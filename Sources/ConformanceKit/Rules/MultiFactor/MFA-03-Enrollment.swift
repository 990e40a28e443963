extension Rule {
    public static let mfa3 = Rule(
        "MFA-3", .must, flow: .multiFactor,
        title: "Enrollment texts the number once and records the factor with its details",
        statement: """
            Enrollment: a multi-factor session of the signed-in user, verifyPhoneNumber(number, session) sends one SMS to that \
            number, and enroll(assertion, displayName) with its code records a factor with uid, displayName, factorID == "phone", \
            an enrollment date and the phone number.
            """,
        source: "001 (두 번째 단계 등록)",
        checks: [
            Check("one SMS reaches the number and the enrolled factor has its uid, name, factor ID, date and number") { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                let factor = try await context.enroll(PhoneNumbers.uk, displayName: "Work phone", on: app.client)
                let sent = context.world.sms.messages
                try expect(sent.map(\.to) == [PhoneNumbers.uk], "enrollment sent SMS to \(sent.map(\.to)); expected exactly one, to \(PhoneNumbers.uk)")
                try expect(!factor.uid.isEmpty, "the enrolled factor has an empty uid")
                try expect(factor.displayName == "Work phone", "the enrolled factor is named \(factor.displayName.shown); expected \"Work phone\"")
                try expect(factor.factorID == MultiFactorID.phone, "the enrolled factor's ID is \"\(factor.factorID)\"; expected \"phone\"")
                let drift = abs(factor.enrollmentDate.timeIntervalSince(context.world.clock.date))
                try expect(drift < 60, "the factor was enrolled at \(factor.enrollmentDate); the world's date is \(context.world.clock.date)")
            },
        ])
}
