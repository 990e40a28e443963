import ConformanceKit
import Testing

/// The input of a `Fixtures/mfa/phone-hint-mask.json` case.
struct MaskedNumber: Decodable, Sendable {
    let phoneNumber: String
    let hint: String
}

@Suite("Hint mask rule function against Fixtures/mfa/phone-hint-mask.json")
struct PhoneHintMaskTests {
    static let cases = (try? Fixture<MaskedNumber>.load("mfa", "phone-hint-mask").cases) ?? []

    @Test("the fixture loads and covers every problem")
    func fixtureCoversEveryProblem() throws {
        let fixture = try Fixture<MaskedNumber>.load("mfa", "phone-hint-mask")
        #expect(fixture.cases.count >= 30)
        #expect(Set(fixture.cases.compactMap(\.reason)) == Set(PhoneHintMask.Problem.allCases.map(\.rawValue)))
    }

    @Test("case", arguments: cases)
    func fixtureCase(_ fixtureCase: FixtureCase<MaskedNumber>) throws {
        let number = try E164Number(fixtureCase.input.phoneNumber)
        let problem = PhoneHintMask.problem(in: fixtureCase.input.hint, for: number)
        if fixtureCase.expectation == .valid {
            #expect(problem == nil, "\(fixtureCase.input.hint) for \(number)")
        } else {
            #expect(problem?.rawValue == fixtureCase.reason, "\(fixtureCase.input.hint) for \(number)")
        }
    }

    @Test(
        "both masking styles conform for every valid number of the fixture",
        arguments: cases.filter { $0.expectation == .valid })
    func producedMasksConform(_ fixtureCase: FixtureCase<MaskedNumber>) throws {
        let number = try E164Number(fixtureCase.input.phoneNumber)
        for showingCountryCode in [false, true] {
            let hint = PhoneHintMask.mask(number, showingCountryCode: showingCountryCode)
            #expect(PhoneHintMask.problem(in: hint, for: number) == nil, "\(hint) for \(number)")
        }
    }

    @Test("country calling codes of one, two and three digits")
    func countryCodes() throws {
        #expect(CountryCallingCode.of(try E164Number("+16505550101")) == "1")
        #expect(CountryCallingCode.of(try E164Number("+442079460123")) == "44")
        #expect(CountryCallingCode.of(try E164Number("+353850123456")) == "353")
        #expect(PhoneHintMask.mask(try E164Number("+15105551234"), showingCountryCode: true) == "+1******1234")
        #expect(PhoneHintMask.mask(try E164Number("+15105551234"), showingCountryCode: false) == "+*******1234")
    }
}
