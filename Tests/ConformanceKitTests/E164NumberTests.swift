import ConformanceKit
import Testing

@Suite("E.164 rule function against Fixtures/phone/e164.json")
struct E164NumberTests {
    static let cases = (try? Fixture<String>.load("phone", "e164").cases) ?? []

    @Test("the fixture loads and covers every problem")
    func fixtureCoversEveryProblem() throws {
        let fixture = try Fixture<String>.load("phone", "e164")
        #expect(fixture.cases.count >= 60)
        let reasons = Set(fixture.cases.compactMap(\.reason))
        #expect(reasons == Set(E164Number.Problem.allCases.map(\.rawValue)))
    }

    @Test("case", arguments: cases)
    func fixtureCase(_ fixtureCase: FixtureCase<String>) {
        let problem = E164Number.problem(in: fixtureCase.input)
        switch fixtureCase.expectation {
        case .valid, .implementationDefined:
            #expect(problem == nil, "\(fixtureCase.input.debugDescription) is well-formed E.164")
        case .invalid: #expect(problem?.rawValue == fixtureCase.reason, "\(fixtureCase.input.debugDescription)")
        }
    }

    @Test("a valid number keeps its digits")
    func digits() throws {
        #expect(try E164Number("+16505550101").digits == "16505550101")
        #expect(throws: E164Number.Problem.whitespace) { try E164Number("+1 6505550101") }
    }

    @Test(
        "a country calling code alone is well-formed but shorter than any number in service; a partial one is not E.164"
    )
    func countryCodeAlone() throws {
        for number in ["+1", "+44", "+683"] { #expect(try E164Number(number).isShorterThanAnyInService, "\(number)") }
        for partial in ["+", "+68", "+2"] {
            #expect(throws: E164Number.Problem.tooShort, "\(partial)") { try E164Number(partial) }
        }
        #expect(try !E164Number("+6837012").isShorterThanAnyInService)
    }
}

extension FixtureCase: CustomTestStringConvertible { public var testDescription: String { "\(id): \(description)" } }
