import Foundation
import MockIdP

/// A password user of the multi-factor checks.
package struct PasswordUser: Sendable {
    package let email: String
    package let password: String

    package static var ada: PasswordUser {
        PasswordUser(email: CheckIdentity.email("ada"), password: "correct horse battery")
    }
    package static var grace: PasswordUser {
        PasswordUser(email: CheckIdentity.email("grace"), password: "staple battery horse")
    }

    package var credential: AuthCredential { .password(email: email, password: password) }
}

/// The steps of SMS multi-factor as a user takes them.
extension CheckContext {
    /// Signs `user` up and leaves it signed in, its email not verified.
    @discardableResult
    package func signUp(
        _ user: PasswordUser, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthUser {
        try await expectSuccess("createUser(withEmail: \"\(user.email)\")", filePath: filePath, line: line) {
            try await client.createUser(withEmail: user.email, password: user.password)
        }.user
    }

    /// Signs `user` up and verifies its email with the link from the mailbox, as the user would.
    @discardableResult
    package func signUpVerified(
        _ user: PasswordUser, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthUser {
        try await signUp(user, on: client, filePath: filePath, line: line)
        try await expectSetUp("sendEmailVerification()", filePath: filePath, line: line) {
            try await client.sendEmailVerification()
        }
        guard let email = world.outbound.readEmail(to: user.email) else {
            throw CheckFailure(
                "no verification email reached \(user.email)", expected: "a verification email", actual: "none",
                filePath: filePath, line: line)
        }
        let codes = email.links.compactMap { link in
            URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "oobCode" }?.value
        }
        guard let code = codes.first else {
            throw CheckFailure(
                "the verification email to \(user.email) holds no link with an oobCode",
                expected: "a link with an oobCode", actual: email.body.debugDescription, filePath: filePath, line: line)
        }
        try await expectSuccess(
            "applyActionCode(the oobCode from the verification email)", filePath: filePath, line: line
        ) { try await client.applyActionCode(code) }
        try await expectSuccess("reload()", filePath: filePath, line: line) { try await client.reload() }
        let current = await client.currentUser
        guard let verified = current, verified.isEmailVerified else {
            throw CheckFailure(
                "after applying the verification link, \(user.email) is not verified", expected: "isEmailVerified true",
                actual: current.map { "isEmailVerified \($0.isEmailVerified)" } ?? "nobody signed in",
                filePath: filePath, line: line)
        }
        return verified
    }

    /// Enrolls `phoneNumber` as a second factor of the current user with the code from its SMS.
    @discardableResult
    package func enroll(
        _ phoneNumber: String, displayName: String? = nil, on client: any AuthClient, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> MultiFactorInfo {
        let session = try await expectSuccess("multiFactorSession()", filePath: filePath, line: line) {
            try await client.multiFactorSession()
        }
        let verificationID = try await expectSuccess(
            "verifyPhoneNumber(\"\(phoneNumber)\", multiFactorSession:)", filePath: filePath, line: line
        ) { try await client.verifyPhoneNumber(phoneNumber, multiFactorSession: session) }
        let code = try latestCode(sentTo: phoneNumber, filePath: filePath, line: line)
        try await expectSuccess(
            "enroll(with: the phone assertion for \(phoneNumber), displayName: \(displayName.shown))",
            filePath: filePath, line: line
        ) {
            try await client.enroll(
                with: .phone(verificationID: verificationID, verificationCode: code), displayName: displayName)
        }
        let factors = await client.currentUser?.enrolledFactors ?? []
        guard let factor = factors.last(where: { $0.phoneNumber == phoneNumber }) else {
            throw CheckFailure(
                "after enrolling \(phoneNumber), the user has no factor with that number",
                expected: "a factor with phone number \(phoneNumber)",
                actual: factors.isEmpty ? "no factor" : "\(factors)", filePath: filePath, line: line)
        }
        return factor
    }

    /// A verified password user with one SMS second factor, signed out again.
    @discardableResult
    package func multiFactorUser(
        _ user: PasswordUser = .ada, factors phoneNumbers: [String] = [PhoneNumbers.us], on client: any AuthClient,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> [MultiFactorInfo] {
        try await signUpVerified(user, on: client, filePath: filePath, line: line)
        var factors: [MultiFactorInfo] = []
        for (index, phoneNumber) in phoneNumbers.enumerated() {
            factors.append(
                try await enroll(
                    phoneNumber, displayName: "Phone \(index + 1)", on: client, filePath: filePath, line: line))
        }
        try await expectSuccess("signOut()", filePath: filePath, line: line) { try await client.signOut() }
        return factors
    }

    /// A verified password user with one SMS second factor and a linked GitHub account (`octocat`), signed out:
    /// GitHub is a first factor of a multi-factor user. The app is set up for GitHub.
    package func multiFactorUserWithGitHub(filePath: String = #filePath, line: Int = #line) async throws -> LaunchedApp
    {
        let app = try await launchGitHubApp(filePath: filePath, line: line)
        try await multiFactorUser(
            linking: "octocat's GitHub credential", on: app.client, filePath: filePath, line: line
        ) { try await self.gitHubCredential(as: "octocat", on: $0, filePath: filePath, line: line) }
        return app
    }

    /// An app where ada, with one SMS second factor and Alice's Apple ID linked, has signed out.
    package func multiFactorUserWithApple(filePath: String = #filePath, line: Int = #line) async throws -> LaunchedApp {
        let app = try await launchAppleApp(filePath: filePath, line: line)
        try await multiFactorUser(linking: "Alice's Apple credential", on: app.client, filePath: filePath, line: line) {
            try await self.appleCredential(as: AppleAccounts.alice, on: $0, filePath: filePath, line: line).credential
        }
        return app
    }

    /// Ada signed up, linked to a provider's credential, enrolled one SMS second factor and signed out.
    private func multiFactorUser(
        linking name: String, on client: any AuthClient, filePath: String = #filePath, line: Int = #line,
        _ credential: (any AuthClient) async throws -> AuthCredential
    ) async throws {
        try await signUpVerified(.ada, on: client, filePath: filePath, line: line)
        let linked = try await credential(client)
        try await expectSuccess("link(with: \(name))", filePath: filePath, line: line) {
            try await client.link(with: linked)
        }
        try await enroll(PhoneNumbers.us, displayName: "Phone 1", on: client, filePath: filePath, line: line)
        try await expectSuccess("signOut()", filePath: filePath, line: line) { try await client.signOut() }
    }

    /// Signs in with a provider's `credential`, which must stop at the second factor; resolves it with the SMS code
    /// and checks the session keeps the first factor's provider.
    package func expectProviderFirstFactorResolved(
        _ credential: AuthCredential, named name: String, on app: LaunchedApp,
        credentialMatches: (AuthCredential) -> Bool, filePath: String = #filePath, line: Int = #line
    ) async throws {
        let providerID = credential.providerID
        let error = try await expectFailure(
            .secondFactorRequired, when: "signIn(with: \(name)), a multi-factor user", filePath: filePath, line: line
        ) { try await app.client.signIn(with: credential) }
        guard let resolver = error.resolver, let hint = resolver.hints.first else {
            throw CheckFailure(
                "secondFactorRequired carries no resolver with a hint", expected: "a resolver with a hint",
                actual: "\(error)", filePath: filePath, line: line)
        }
        let verificationID = try await requestCode(
            for: hint, of: resolver, on: app.client, filePath: filePath, line: line)
        let code = try latestCode(sentTo: PhoneNumbers.us, filePath: filePath, line: line)
        let result = try await expectSuccess(
            "resolveSignIn(with: the code from the SMS)", filePath: filePath, line: line
        ) { try await resolver.resolveSignIn(with: .phone(verificationID: verificationID, verificationCode: code)) }
        if let info = result.additionalUserInfo {
            try expectEqual(
                info.providerID, providerID, "the provider resolveSignIn reports (the first factor's)",
                filePath: filePath, line: line)
        }
        if let returned = result.credential {  // the iOS SDK returns none from resolveSignIn; the web SDK keeps it
            try expect(
                credentialMatches(returned),
                "resolveSignIn after a \(providerID) first factor returned another credential than the first factor's",
                expected: "the first factor's \(providerID) credential", actual: "\(returned)", filePath: filePath,
                line: line)
        }
        let providers = result.user.providerData.map(\.providerID)
        try expect(
            providers.contains(providerID), "after resolveSignIn the user's providers lack the first factor's",
            expected: "\(providerID) among them", actual: "\(providers)", filePath: filePath, line: line)
        try await expectSessionSignedIn(with: providerID, on: app, filePath: filePath, line: line)
    }

    /// The current session's ID token, verified by the backend, names `provider` as its sign-in provider.
    package func expectSessionSignedIn(
        with provider: String, on app: LaunchedApp, filePath: String = #filePath, line: Int = #line
    ) async throws {
        let token = try await expectSuccess("getIDToken()", filePath: filePath, line: line) {
            try await app.client.getIDToken(forceRefresh: false)
        }
        let claims = try await expectSuccess(
            "verifyIDToken(the resolved session's token)", filePath: filePath, line: line
        ) { try await app.backend.verifyIDToken(token) }
        try expectEqual(
            claims.signInProvider, provider, "the resolved session's sign-in provider", filePath: filePath, line: line)
    }

    /// Signs `user` in with the password, which must stop at the second factor; returns the error and its resolver.
    package func expectSecondFactorRequired(
        _ user: PasswordUser, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws -> (AuthError, any MultiFactorResolver) {
        let error = try await expectFailure(
            .secondFactorRequired, when: "signIn(with: password of \(user.email)), a multi-factor user",
            filePath: filePath, line: line
        ) { try await client.signIn(with: user.credential) }
        guard let resolver = error.resolver else {
            throw CheckFailure(
                "secondFactorRequired carries no resolver", expected: "a resolver", actual: "\(error)",
                filePath: filePath, line: line)
        }
        return (error, resolver)
    }

    /// An app where ada, with one SMS second factor, has just signed in with her password and stopped at the
    /// second factor: the app and the resolver.
    package func pendingSignIn(
        _ configuration: ProjectConfiguration = .standard, filePath: String = #filePath, line: Int = #line
    ) async throws -> (LaunchedApp, any MultiFactorResolver) {
        let app = try await launchApp(configuration, filePath: filePath, line: line)
        try await multiFactorUser(on: app.client, filePath: filePath, line: line)
        let (_, resolver) = try await expectSecondFactorRequired(.ada, on: app.client, filePath: filePath, line: line)
        return (app, resolver)
    }

    /// Asks for the code of `hint` and returns the verification ID.
    package func requestCode(
        for hint: MultiFactorInfo, of resolver: any MultiFactorResolver, on client: any AuthClient,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> String {
        try await expectSuccess(
            "verifyPhoneNumber(with: hint \(hint.uid.abbreviated), multiFactorSession: the resolver's)",
            filePath: filePath, line: line
        ) { try await client.verifyPhoneNumber(with: hint, multiFactorSession: resolver.session) }
    }

    /// Tries to enroll `phoneNumber` for the current user, which must fail with `expected` at the start or at
    /// the end of the enrollment, and leave the user's factors as they were.
    package func expectEnrollmentRefused(
        _ phoneNumber: String, with expected: AuthErrorCode, on client: any AuthClient, because situation: String,
        filePath: String = #filePath, line: Int = #line
    ) async throws {
        let before = await client.currentUser?.enrolledFactors ?? []
        do {
            let session = try await client.multiFactorSession()
            let verificationID = try await client.verifyPhoneNumber(phoneNumber, multiFactorSession: session)
            let code = try latestCode(sentTo: phoneNumber, filePath: filePath, line: line)
            try await client.enroll(
                with: .phone(verificationID: verificationID, verificationCode: code), displayName: nil)
            throw CheckFailure(
                "\(situation), yet \(phoneNumber) was enrolled as a second factor", expected: expected.label,
                actual: "enrolled", filePath: filePath, line: line)
        } catch let error as AuthError {
            try expect(
                error.code == expected,
                "\(situation), enrolling \(phoneNumber) failed with another error than the rule's",
                expected: expected.label, actual: "\(error)", filePath: filePath, line: line)
        } catch let failure as CheckFailure { throw failure } catch {
            throw CheckFailure(
                "\(situation), enrolling \(phoneNumber) threw an error that is not an AuthError",
                expected: expected.label, actual: describe(error), filePath: filePath, line: line)
        }
        let after = await client.currentUser?.enrolledFactors ?? []
        try expect(
            after == before, "\(situation), the enrolled factors changed",
            expected: "the \(before.count) factors as before",
            actual: "\(after.count) factors: \(after.map(\.phoneNumber.shown))", filePath: filePath, line: line)
    }

    /// Fails unless the current user of `client` has no enrolled factor.
    package func expectNoFactor(
        on client: any AuthClient, after situation: String, filePath: String = #filePath, line: Int = #line
    ) async throws {
        let factors = await client.currentUser?.enrolledFactors ?? []
        try expect(
            factors.isEmpty, "after \(situation), the user has enrolled factors", expected: "no factor",
            actual: "\(factors.count) factors: \(factors.map(\.phoneNumber.shown))", filePath: filePath, line: line)
    }
}
