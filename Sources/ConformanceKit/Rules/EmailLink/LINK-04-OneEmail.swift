extension Rule {
    public static let link4 = Rule(
        "LINK-4", .must, flow: .emailLink,
        title: "A valid request mails exactly one sign-in link, carrying the settings",
        statement: """
            A valid request sends exactly one email, to that address, holding one sign-in link with mode=signIn, an oobCode, \
            the continue URL, and the app identifiers (iOS bundle ID; Android package name, install flag, minimum version) \
            from the settings.
            """,
        sources: [.firebaseEmailLink(section: "Send an authentication link to the user's email address")],
        hint: "if this fails, check that exactly one email goes to the address as given, and that its one link carries mode=signIn, an oobCode, the continue URL and the app identifiers",
        checks: [
            Check("exactly one email reaches the address, with one link carrying mode, oobCode, continue URL and the app identifiers") { context in
                let app = try await context.launchApp()
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                try context.expectNoEmail("after the one sign-in email")
                guard let parsed = EmailSignInLink.parse(link) else { throw CheckFailure("the link \(link) is not an action link") }
                try expect(parsed.isSignIn, "the link's mode is \((parsed.mode?.rawValue).shown) and its oobCode \(parsed.oobCode.shown); expected signIn and a code: \(link)")
                let settings = ActionCodeSettings.standard
                let continueURL = parsed.continueURL
                try expect(continueURL == settings.url, "the link's continueUrl is \(continueURL.shown); expected \(settings.url.shown): \(link)")
                let values = EmailLinkValues.all(in: link)
                for (name, value) in [("iOS bundle ID", settings.iOSBundleID), ("Android package name", settings.androidPackageName), ("Android minimum version", settings.androidMinimumVersion)] {
                    guard let value else { continue }
                    try expect(values.contains(value), "the link carries no \(name) \"\(value)\": \(link)")
                }
            },
            Check("the Android install flag is in the link only when the settings ask for it") { context in
                let app = try await context.launchApp()
                var links: [Bool: String] = [:]
                for install in [true, false] {
                    let settings = ActionCodeSettings.standard.with(\.androidInstallIfNotAvailable, install)
                    links[install] = try await context.requestSignInLink(for: PasswordUser.ada.email, settings: settings, on: app.client)
                }
                let withInstall = EmailLinkValues.parametersBesideCode(of: links[true] ?? "")
                let withoutInstall = EmailLinkValues.parametersBesideCode(of: links[false] ?? "")
                try expect(
                    withInstall != withoutInstall,
                    """
                    the link requested with androidInstallIfNotAvailable true and the one requested with it false carry the same \
                    parameters apart from their codes, so one of them says the wrong thing about installing the Android app: \
                    with install \(links[true] ?? ""), without install \(links[false] ?? "")
                    """)
            },
        ])
}
