extension Rule {
    public static let mfa7 = Rule(
        "MFA-7", .must, flow: .multiFactor,
        title: "Hints mask every digit but the last four; the full number appears nowhere",
        statement: """
            A hint never reveals the full phone number: every digit except the last four is masked with *, one * per \
            digit, the country calling code may stay visible (+1******1234, +*******1234); the full number appears \
            nowhere in the resolver, its hints, or the error. A style that keeps the country code visible must not be \
            used where it would reveal every digit (a 7-digit number with a 3-digit country code).
            """,
        sources: [
            .firebaseMultiFactor(
                section: """
                    Enrolling a second factor: “the phone number is masked during the authentication flow (e.g. \
                    +1******1234)”
                    """),
            .firebaseAuthEmulatorSource(
                section: "operations.ts, obfuscatePhoneNumber: every digit but the last four becomes *"),
        ],
        hint: """
            if this fails, check that a hint masks each digit but the last four with one *, keeps the country code \
            only where a digit stays hidden, and that no string of the resolver, its hints or the error holds the full \
            number
            """,
        checks: [
            Check(
                id: "masked-by-country-code",
                "hints of numbers with 1-, 2- and 3-digit country codes are masked as the rule says"
            ) { context in
                let app = try await context.launchApp()
                let numbers = [PhoneNumbers.us, PhoneNumbers.uk, PhoneNumbers.ireland]
                try await context.multiFactorUser(factors: numbers, on: app.client)
                let (_, resolver) = try await context.expectSecondFactorRequired(.ada, on: app.client)
                try expectEqual(
                    resolver.hints.count, numbers.count, "the number of the resolver's hints (one per enrolled factor)")
                try await expectEveryCase(zip(resolver.hints, numbers).map { $0 }, "hints") { hint, phoneNumber in
                    let number = try E164Number(phoneNumber)
                    let masks = Set([true, false].map { PhoneHintMask.mask(number, showingCountryCode: $0) }).sorted()
                        .map(\.debugDescription)
                    let wanted = "every digit but the last four masked, one * each: \(masks.joined(separator: " or "))"
                    guard let shown = hint.phoneNumber else {
                        throw CheckFailure(
                            "the hint for \(phoneNumber) shows no number", expected: wanted, actual: "nil")
                    }
                    if let problem = PhoneHintMask.problem(in: shown, for: number) {
                        throw CheckFailure(
                            "the hint for \(phoneNumber) is not masked as the rule says", expected: wanted,
                            actual: "\(shown.debugDescription): \(problem)")
                    }
                }
            },
            Check(id: "full-number-nowhere", "the full number is nowhere in the error, the resolver or its hints") {
                context in
                let app = try await context.launchApp()
                try await context.multiFactorUser(factors: [PhoneNumbers.us], on: app.client)
                let (error, resolver) = try await context.expectSecondFactorRequired(.ada, on: app.client)
                let exposed =
                    [("the error's message", error.message), ("the error's description", error.description)]
                    + reachableStrings(in: resolver).map { ("the resolver", $0) }
                    + resolver.hints.flatMap { reachableStrings(in: $0) }.map { ("a hint", $0) }
                let digits = String(PhoneNumbers.us.dropFirst())
                try await expectEveryCase(exposed, "strings of the error, the resolver and its hints") { place, text in
                    try expect(
                        !text.contains(digits), "the full number \(PhoneNumbers.us) appears in \(place)",
                        expected: "no string holding \(digits)", actual: text.debugDescription)
                }
            },
        ])
}

/// Every string reachable from `value` through stored properties of values (structs, enums, tuples, collections),
/// not through references: what a resolver or hint itself carries.
func reachableStrings(in value: Any, depth: Int = 8) -> [String] {
    if let string = value as? String { return [string] }
    if let string = value as? Substring { return [String(string)] }
    let mirror = Mirror(reflecting: value)
    guard depth > 0, mirror.displayStyle != .class else { return [] }
    return mirror.children.flatMap { reachableStrings(in: $0.value, depth: depth - 1) }
}
