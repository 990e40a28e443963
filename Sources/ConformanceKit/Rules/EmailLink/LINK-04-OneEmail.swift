extension Rule {
    public static let link4 = Rule(
        "LINK-4", .must, flow: .emailLink,
        title: "A valid request mails exactly one sign-in link, carrying the settings",
        statement: """
            A valid request sends exactly one email, to that address, holding one sign-in link with mode=signIn, an \
            oobCode, the continue URL, and the app identifiers (iOS bundle ID; Android package name, install flag, \
            minimum version) from the settings.
            """, sources: [.firebaseEmailLink(section: "Send an authentication link to the user's email address")],
        hint: """
            if this fails, check that exactly one email goes to the address as given, and that its one link carries \
            mode=signIn, an oobCode, the continue URL and the app identifiers
            """,
        checks: [
            Check(
                id: "one-email-one-link",
                """
                exactly one email reaches the address, with one link carrying mode, oobCode, continue URL and the app \
                identifiers
                """
            ) { context in
                let app = try await context.launchApp()
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                try context.expectNoEmail("after the one sign-in email")
                guard let parsed = EmailSignInLink.parse(link) else {
                    throw CheckFailure(
                        "the link from the email is not an action link", expected: "an action link", actual: link)
                }
                try expect(
                    parsed.isSignIn, "the link's mode and oobCode are not those of a sign-in link",
                    expected: "mode=signIn and an oobCode",
                    actual: "mode=\((parsed.mode?.rawValue).shown), oobCode \(parsed.oobCode.shown) in \(link)")
                let settings = context.actionCodeSettings
                try expectEqual(parsed.continueURL, settings.url, "the link's continueUrl")
                let values = EmailLinkValues.all(in: link)
                let identifiers = [
                    ("iOS bundle ID", settings.iOSBundleID), ("Android package name", settings.androidPackageName),
                    ("Android minimum version", settings.androidMinimumVersion),
                ]
                try await expectEveryCase(
                    identifiers.compactMap { name, value in value.map { (name, $0) } }, "app identifiers"
                ) { name, value in
                    try expect(
                        values.contains(value), "the link does not carry the \(name)",
                        expected: "a parameter \(value.debugDescription)", actual: link)
                }
            },
            Check(
                id: "android-install-flag", "the Android install flag is in the link only when the settings ask for it"
            ) { context in
                let app = try await context.launchApp()
                var links: [Bool: String] = [:]
                for install in [true, false] {
                    let settings = context.actionCodeSettings.with(\.androidInstallIfNotAvailable, install)
                    links[install] = try await context.requestSignInLink(
                        for: PasswordUser.ada.email, settings: settings, on: app.client)
                }
                let withInstall = EmailLinkValues.parametersBesideCode(of: links[true] ?? "")
                let withoutInstall = EmailLinkValues.parametersBesideCode(of: links[false] ?? "")
                try expect(
                    withInstall != withoutInstall,
                    """
                    the links requested with androidInstallIfNotAvailable true and false carry the same parameters \
                    apart from their codes
                    """, expected: "links that differ in the install flag",
                    actual: "with install \(links[true] ?? ""); without install \(links[false] ?? "")")
            },
        ])
}
