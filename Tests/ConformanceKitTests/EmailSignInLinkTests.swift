import ConformanceKit
import Foundation
import Testing

@Suite("Email sign-in link rule function against Fixtures/email-link/links.json")
struct EmailSignInLinkTests {
    static let cases = (try? Fixture<String>.load("email-link", "links").cases) ?? []

    /// Where the SDKs disagree: the answers `EmailSignInLink`'s doc comment declares, nil for true.
    static let declaredAnswers: [String: EmailSignInLink.Problem?] = [
        "dynamic-link-inner-mode-first": nil, "deep-link-id-inner-mode-first": nil, "emulator-link-wrapped": nil,
        "double-deep-link": nil, "double-link-legacy": nil, "dynamic-link-inner-empty-code-mode-first": .emptyOobCode,
        "non-utf8-escape": .malformedEncoding, "wrapper-spilling-parameters": nil, "stray-link-parameter": nil,
        "continue-url-encoded-with-mode": nil, "reset-link-continue-url-with-sign-in-mode": .notSignInMode,
        "empty-oob-code": .emptyOobCode, "oob-code-without-equals": .emptyOobCode,
        "duplicate-oob-code-empty-last": .emptyOobCode, "no-api-key": nil, "empty-api-key": nil,
        "query-only-reference": nil, "bare-query-string-with-api-key": .notAURL, "leading-space": .notAURL,
        "angle-brackets": .notAURL, "space-in-host": .notAURL, "trailing-percent": .malformedEncoding,
        "parameters-only-in-fragment": .unrelatedURL, "percent-encoded-parameter-name": nil,
        "dynamic-link-inner-query-after-fragment": nil, "deep-link-id-inner-query-after-fragment": nil,
        "dynamic-link-inner-space-in-host": nil,
    ]

    static func input(_ id: String) throws -> String {
        try #require(cases.first { $0.id == id }, "no case \(id) in email-link/links.json").input
    }

    @Test("the fixture loads and every reason of the vocabulary occurs, as a case's reason or a declared answer")
    func fixtureCoversEveryProblem() throws {
        let fixture = try Fixture<String>.load("email-link", "links")
        #expect(fixture.cases.count >= 40)
        let reasons = Set(fixture.cases.compactMap(\.reason)).union(
            Self.declaredAnswers.values.compactMap { $0?.rawValue })
        #expect(reasons == Set(EmailSignInLink.Problem.allCases.map(\.rawValue)))
    }

    @Test("every implementation-defined case has a declared answer, and only those")
    func declaredAnswersCoverImplementationDefined() {
        let implementationDefined = Self.cases.filter { $0.expectation == .implementationDefined }.map(\.id)
        #expect(Set(implementationDefined) == Set(Self.declaredAnswers.keys))
    }

    @Test("case", arguments: cases)
    func fixtureCase(_ fixtureCase: FixtureCase<String>) {
        let link = fixtureCase.input
        let problem = EmailSignInLink.problem(in: link)
        let accepted = EmailSignInLink.isSignInLink(link)
        // Each function is judged by the fixture's answer, not by the other.
        switch fixtureCase.expectation {
        case .valid:
            #expect(accepted, "isSignInLink refuses \(link.debugDescription), a sign-in link")
            #expect(problem == nil, "\(link.debugDescription) is a sign-in link")
        case .invalid:
            #expect(!accepted, "isSignInLink accepts \(link.debugDescription), which is not a sign-in link")
            #expect(problem?.rawValue == fixtureCase.reason, "\(link.debugDescription)")
        case .implementationDefined:
            let declared = Self.declaredAnswers[fixtureCase.id]
            #expect(declared == .some(problem), "\(link.debugDescription)")
            #expect(
                accepted == (declared == .some(nil)),
                "isSignInLink disagrees with the declared answer for \(link.debugDescription)")
        }
    }

    @Test("a link from the Hosting domain gives its mode, code, API key, continue URL and language")
    func parseHostingLink() throws {
        let link = try Self.input("hosting-sign-in-link")
        let action = try #require(EmailSignInLink.parse(link))
        #expect(action.mode == .signIn)
        #expect(action.oobCode == "Uwu0HHt1JG3W6ls_DDQp2g37nQTPASNqPYVFK6k_BYUAAAGYy6_Jpw")
        #expect(action.apiKey == "test-api-key")
        #expect(action.continueURL == "https://www.example.com/finishSignUp?cartId=1234")
        #expect(action.languageCode == "en")
        #expect(action.tenantID == nil)
        #expect(!action.isWrapped && action.url == link)
    }

    @Test("a continue URL keeps its own query and fragment; the tenant and a Korean path are decoded")
    func parseContinueURL() throws {
        let handler = try #require(EmailSignInLink.parse(try Self.input("custom-action-handler-sign-in-link")))
        #expect(handler.continueURL == "https://www.example.com/path/to/file?a=1&b=2#c=3")
        #expect(handler.tenantID == "TENANT_ID")
        let unencoded = try #require(EmailSignInLink.parse(try Self.input("unencoded-continue-url")))
        #expect(unencoded.continueURL == "https://www.example.com/finishSignUp?cartId=1234")
        let korean = try #require(EmailSignInLink.parse(try Self.input("non-ascii-language")))
        #expect(korean.continueURL == "https://www.example.com/로그인")
        #expect(korean.languageCode == "ko")
    }

    @Test("the emulator's link reads the same, with its fixed API key")
    func parseEmulatorLink() throws {
        let action = try #require(EmailSignInLink.parse(try Self.input("emulator-sign-in-link")))
        #expect(action.mode == .signIn && action.apiKey == "fake-api-key" && action.languageCode == "en")
        #expect(action.continueURL == "https://www.example.com/finishSignUp")
    }

    @Test("a wrapped link is read out of its deep links, which are named outermost first")
    func parseWrappedLinks() throws {
        let hosting = try #require(EmailSignInLink.parse(try Self.input("hosting-links-wrapper")))
        #expect(hosting.wrappers == ["link"])
        #expect(
            hosting.url.hasPrefix("https://demo-project.firebaseapp.com/__/auth/action?apiKey=test-api-key&mode=signIn")
        )
        #expect(hosting.continueURL == "https://www.example.com/finishSignUp" && hosting.languageCode == "en")
        let custom = try #require(EmailSignInLink.parse(try Self.input("deep-link-id-custom-scheme")))
        #expect(custom.wrappers == ["deep_link_id"] && custom.isSignIn)
        let double = try #require(EmailSignInLink.parse(try Self.input("double-deep-link")))
        #expect(double.wrappers == ["deep_link_id", "link"] && double.isSignIn)
    }

    @Test("other action links parse with their own mode and are not sign-in links")
    func parseOtherActions() throws {
        let reset = try #require(EmailSignInLink.parse(try Self.input("reset-password-link")))
        #expect(reset.mode == .resetPassword && !reset.isSignIn)
        let resetLink = try Self.input("reset-password-link")
        #expect(throws: EmailSignInLink.Problem.notSignInMode) { try EmailSignInLink.signInLink(resetLink) }
        let wrapped = try #require(EmailSignInLink.parse(try Self.input("hosting-links-inner-verify-email")))
        #expect(wrapped.mode == .verifyEmail && wrapped.wrappers == ["link"])
        #expect(EmailSignInLink.parse(try Self.input("website-url")) == nil)
        #expect(EmailSignInLink.parse(try Self.input("plain-text")) == nil)
        #expect(EmailSignInLink.parse("") == nil)
    }

    @Test("wrapping is followed four levels deep and no deeper")
    func wrappingDepth() throws {
        var link = try Self.input("hosting-sign-in-link")
        for depth in 1...6 {
            link = "https://example.page.link/?link=" + link.addingFormValueEncoding()
            let action = EmailSignInLink.parse(link)
            if depth <= ActionLink.maximumWrappingDepth {
                #expect(action?.wrappers.count == depth && action?.isSignIn == true)
            } else {
                #expect(action == nil)
            }
        }
    }

    @Test(
        "malformed strings are answered, never crash",
        arguments: [
            "%", "%%", "?", "&", "=", "?&=&", "#", "?#", "::", "//", "http://[", "https://[::1", "?mode", "?oobCode",
            "\u{0}", "?mode=signIn&oobCode=\u{0}", "?mode=signIn&oobCode=%00", "?mode=\u{FFFD}", "?link=", "?link=?",
            "?deep_link_id=%", "?link=%3Fmode%3DsignIn%26oobCode%3D%25", "🔗?mode=signIn&oobCode=🔑",
        ])
    func malformed(_ link: String) { Self.answer(link) }

    @Test("long and endlessly nested strings are answered, never crash")
    func long() {
        Self.answer("https://x/?" + String(repeating: "&", count: 10_000))
        Self.answer("https://x/?" + String(repeating: "%25", count: 10_000))
        Self.answer(String(repeating: "?link=", count: 1_000))
        Self.answer(String(repeating: "?deep_link_id=https://x/", count: 1_000))
        Self.answer("https://x/?mode=signIn&oobCode=" + String(repeating: "a", count: 100_000))
    }

    static func answer(_ link: String) {
        let problem = EmailSignInLink.problem(in: link)
        #expect(EmailSignInLink.isSignInLink(link) == (problem == nil))
        if let action = EmailSignInLink.parse(link) {
            #expect(action.isSignIn == (problem == nil))
        } else {
            #expect([.empty, .notAURL, .malformedEncoding, .unrelatedURL].contains(problem))
        }
    }
}

extension String {
    /// Percent-encodes everything but unreserved characters, as `encodeURIComponent` does.
    fileprivate func addingFormValueEncoding() -> String {
        let allowed = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
    }
}
