import Foundation
import MockIdP

extension Rule {
    public static let link5 = Rule(
        "LINK-5", .must, flow: .emailLink,
        title: "isSignIn(withEmailLink:) is true for sign-in links only, also wrapped",
        statement: """
            isSignIn(withEmailLink:) is true for a sign-in link (also when wrapped as a deep link), and false for \
            other action links (resetPassword, verifyEmail), links without an oobCode, and unrelated URLs. Links that \
            Firebase's own SDKs parse differently, or reject only through a quirk of their parser (a bad percent \
            escape in another parameter, a legacy doubly wrapped link), are implementation-defined; a bad percent \
            escape in the oobCode itself is no code (false).
            """,
        sources: [.firebaseEmailLink(section: "Complete sign in in an Apple mobile app (isSignIn(withEmailLink:))")],
        hint: """
            if this fails, check that isSignIn(withEmailLink:) requires mode=signIn and an oobCode, reads a link \
            nested in a deep link, is false for other action links and unrelated URLs, and takes no code from a \
            malformed escape (a lenient decoder keeps %ZZ or a lone % as written)
            """,
        checks: [
            Check(
                id: "email-link-recognised", "the link from the email, also wrapped in a deep link, is a sign-in link"
            ) { context in
                let app = try await context.launchApp()
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                let wrapped =
                    "https://example.page.link/?link="
                    + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? link)
                try await expectEveryCase([link, wrapped], "sign-in links") { candidate in
                    let answer = try await app.client.isSignIn(withEmailLink: candidate)
                    try expectEqual(answer, true, "isSignIn(withEmailLink: \(candidate.debugDescription))")
                }
            },
            Check(
                id: "other-links-not-sign-in",
                "other action links, a link without its oobCode and unrelated URLs are not sign-in links"
            ) { context in
                let app = try await context.launchApp()
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                var others = [
                    link.replacingOccurrences(of: "mode=signIn", with: "mode=resetPassword"),
                    link.replacingOccurrences(of: "mode=signIn", with: "mode=verifyEmail"),
                    "https://example.com/finishSignIn?cartId=1234", "not a link", "",
                ]
                if var components = URLComponents(string: link) {
                    components.queryItems = components.queryItems?.filter { $0.name != "oobCode" }
                    others += [components.string].compactMap { $0 }
                }
                try await expectEveryCase(others, "links that are not sign-in links") { other in
                    let answer = try await app.client.isSignIn(withEmailLink: other)
                    try expectEqual(answer, false, "isSignIn(withEmailLink: \(other.debugDescription))")
                }
            },
            Check(
                id: "bad-escape-in-code-not-sign-in",
                """
                the link from the email with a bad percent escape in its oobCode (%ZZ inside it, a lone % at its end, \
                %FF, a byte that is not UTF-8) is not a sign-in link
                """
            ) { context in
                let app = try await context.launchApp()
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                // The code as written in the link, up to the next parameter.
                guard let name = link.range(of: "oobCode=") else {
                    throw CheckFailure(
                        "the link from the email has no oobCode", expected: "an oobCode= parameter", actual: link)
                }
                let value = name.upperBound..<(link[name.upperBound...].firstIndex(of: "&") ?? link.endIndex)
                let code = link[value]
                let middle = code.index(code.startIndex, offsetBy: code.count / 2)
                let spoilt = [
                    String(code[..<middle]) + "%ZZ" + String(code[middle...]), String(code) + "%", String(code) + "%FF",
                ]
                try await expectEveryCase(spoilt, "codes with a bad percent escape") { badCode in
                    let candidate = link.replacingCharacters(in: value, with: badCode)
                    let answer = try await app.client.isSignIn(withEmailLink: candidate)
                    try expectEqual(answer, false, "isSignIn(withEmailLink: \(candidate.debugDescription))")
                }
            },
            Check(
                id: "fixture-cases-agree",
                "isSignIn(withEmailLink:) agrees with every case of Fixtures/email-link/links.json where the SDKs agree"
            ) { context in
                let app = try await context.launchApp()
                let cases = try BundledFixtures.emailLinks.get().cases.filter {
                    $0.expectation != .implementationDefined
                }
                try await expectEveryCase(cases, "links of the fixture") { fixtureCase in
                    let answer = try await app.client.isSignIn(withEmailLink: fixtureCase.input)
                    try expectEqual(
                        answer, fixtureCase.expectation == .valid,
                        "isSignIn(withEmailLink:) for \(fixtureCase.id) \(fixtureCase.input.debugDescription)")
                }
            },
        ])
}
