import ConformanceKit
import Testing

@Suite("OAuth custom parameters rule function against Fixtures/oauth/custom-parameters.json")
struct OAuthCustomParametersTests {
    typealias Handling = OAuthCustomParameters.ReservedParameterHandling

    struct Input: Decodable, Sendable { let customParameters: [String: String] }

    /// A case's `expected`: whether the call fails under `rejected`, what reaches the provider under `dropped`.
    struct Expected: Decodable {
        let rejected: Bool
        let dropped: [String: String]
    }

    /// What reaches the provider under a handling, or nil when the call is rejected.
    typealias Outcome = [Handling: [String: String]?]

    static let cases = (try? Fixture<Input>.load("oauth", "custom-parameters").cases) ?? []

    /// Where the fixture leaves the answer to the implementation (letter case): the answers
    /// `OAuthCustomParameters`' doc comment declares, keeping the keys that are not exactly reserved.
    static let declaredAnswers: [String: Outcome] = [
        "state-uppercase": [
            .rejected: ["STATE": "attacker-chosen-state"], .dropped: ["STATE": "attacker-chosen-state"],
        ],
        "client-id-mixed-case-with-allow-signup": [
            .rejected: ["Client_Id": "attacker-client-id", "allow_signup": "false"],
            .dropped: ["Client_Id": "attacker-client-id", "allow_signup": "false"],
        ],
        "response-mode-capitalised": [
            .rejected: ["Response_Mode": "fragment"], .dropped: ["Response_Mode": "fragment"],
        ],
        "redirect-uri-in-both-cases": [
            .rejected: [String: String]?.none,
            .dropped: ["REDIRECT_URI": "https://other.example.com/callback", "login": "octocat"],
        ],
    ]

    static func outcome(_ custom: [String: String]) -> Outcome {
        Dictionary(
            uniqueKeysWithValues: Handling.allCases.map { handling in
                (handling, try? OAuthCustomParameters.forwarded(custom, handling: handling))
            })
    }

    @Test("the reserved parameters are SPEC OAUTH-1's seven")
    func reserved() {
        #expect(
            OAuthCustomParameters.reserved == [
                "client_id", "redirect_uri", "response_type", "scope", "state", "response_mode", "oauth_token",
            ])
    }

    @Test("the fixture loads, has at least 25 cases, and sets every reserved key alone and with allowed keys")
    func fixtureCoversEveryReservedKey() throws {
        let fixture = try Fixture<Input>.load("oauth", "custom-parameters")
        #expect(fixture.fixture == "oauth/custom-parameters")
        #expect(fixture.cases.count >= 25)
        let inputs = fixture.cases.filter { $0.expectation == .invalid }.map(\.input.customParameters)
        for key in OAuthCustomParameters.reserved {
            #expect(inputs.contains { $0.keys.sorted() == [key] }, "no case sets \(key) alone")
            #expect(inputs.contains { $0[key] != nil && $0.count > 1 }, "no case sets \(key) with other keys")
        }
        let allowed: Set = ["allow_signup", "login", "prompt"]
        #expect(fixture.cases.contains { $0.expectation == .valid && Set($0.input.customParameters.keys) == allowed })
        #expect(fixture.cases.contains { $0.input.customParameters.isEmpty })
        #expect(Set(fixture.cases.compactMap(\.reason)) == ["reservedParameter"])
    }

    @Test("every implementation-defined case has a declared answer, and only those")
    func declaredAnswersCoverImplementationDefined() {
        let implementationDefined = Self.cases.filter { $0.expectation == .implementationDefined }.map(\.id)
        #expect(Set(implementationDefined) == Set(Self.declaredAnswers.keys))
    }

    @Test("case", arguments: cases)
    func fixtureCase(_ fixtureCase: FixtureCase<Input>) throws {
        let custom = fixtureCase.input.customParameters
        let outcome = Self.outcome(custom)
        let reservedKeys = OAuthCustomParameters.reservedKeys(in: custom)
        #expect(reservedKeys == custom.keys.filter(OAuthCustomParameters.reserved.contains).sorted())
        do {
            _ = try OAuthCustomParameters.forwarded(custom, handling: .rejected)
            #expect(reservedKeys.isEmpty)
        } catch { #expect(error.reservedKeys == reservedKeys && !reservedKeys.isEmpty) }
        switch fixtureCase.expectation {
        case .implementationDefined:
            #expect(fixtureCase.expected == nil)
            #expect(Self.declaredAnswers[fixtureCase.id] == outcome)
        case .valid, .invalid:
            let expected = try #require(
                try fixtureCase.expected?.decoded(as: Expected.self), "\(fixtureCase.id) has no expected")
            #expect(expected.rejected == (fixtureCase.expectation == .invalid))
            #expect(outcome[.rejected] == .some(expected.rejected ? nil : expected.dropped))
            #expect(outcome[.dropped] == .some(expected.dropped))
            #expect(Set(custom.keys).subtracting(expected.dropped.keys).sorted() == reservedKeys)
            #expect(expected.dropped.allSatisfy { custom[$0.key] == $0.value }, "values reach the provider unchanged")
        }
    }

    @Test("values are forwarded exactly as set, neither encoded nor decoded")
    func valuesUnchanged() throws {
        let custom = ["login": "a b&c=d#é%20", "prompt": "", "allow_signup": "false"]
        for handling in Handling.allCases {
            #expect(try OAuthCustomParameters.forwarded(custom, handling: handling) == custom)
        }
    }

    @Test("a rejection names every reserved key, sorted")
    func rejectionNamesKeys() {
        #expect {
            try OAuthCustomParameters.forwarded(
                ["state": "s", "scope": "repo", "login": "octocat"], handling: .rejected)
        } throws: { error in
            guard let rejection = error as? OAuthCustomParameters.Rejection else { return false }
            return rejection.reservedKeys == ["scope", "state"]
                && rejection.description == "custom parameters cannot set the reserved OAuth parameters scope, state"
        }
    }
}
