import Crypto
import Foundation
import MockIdP

/// The Apple IDs the Apple checks sign in with: Alice's claims come as booleans, Bob's as strings.
package enum AppleAccounts {
    package static var alice: AppleIDAccount {
        AppleIDAccount(
            id: CheckIdentity.identifier("001234.a11ce0c0ffee4b1d8e5f0a1b2c3d4e5f.0101"),
            email: CheckIdentity.email("alice", at: "icloud.com"), givenName: "Alice", familyName: "Appleseed")
    }
    package static var bob: AppleIDAccount {
        AppleIDAccount(
            id: CheckIdentity.identifier("001234.b0bb0c0ffee44b1d8e5f0a1b2c3d4e5f.0202"),
            email: CheckIdentity.email("bob", at: "icloud.com"), givenName: "Bob", familyName: "Baker",
            claimsAsStrings: true)
    }
}

/// The steps of Sign in with Apple as a person takes them: approve (or cancel) on the system sheet.
extension CheckContext {
    /// `token` with a claim set by the world's forge (a nonce, the claims a check changes), or `token` itself where it
    /// already is that token: a claim already so is no forgery to make, and the case is the token as it is.
    package func appleToken(_ forgery: AppleTokenForgery, from token: String) throws -> String {
        do { return try world.apple.forge(forgery, from: token) } catch {
            if case .notAForgery = error { return token }
            throw error
        }
    }
}

extension CheckContext {
    /// Registers the project's app with Apple (its client ID, team, key and the public half of its client-secret key)
    /// and the Apple IDs.
    package func setUpApple(_ configuration: ProjectConfiguration = .standard) throws {
        let settings = configuration.apple
        let key = try P256.Signing.PrivateKey(rawRepresentation: settings.privateKey)
        world.apple.register(
            app: AppleDeveloperApp(
                clientID: settings.clientID, teamID: settings.teamID, keyID: settings.keyID,
                clientSecretKey: key.publicKey))
        world.apple.add(user: AppleAccounts.alice)
        world.apple.add(user: AppleAccounts.bob)
        if capabilities.verifiesAppleTokensOnSystemClock { world.apple.keepRealTime() }
    }

    /// Moves the world's time, Apple's with it: not applicable to a subject that verifies Apple's tokens on the
    /// system clock, for whom the world's Apple keeps real time.
    package func advanceAppleClock(by duration: Duration) throws {
        guard !capabilities.verifiesAppleTokensOnSystemClock else {
            throw NotApplicable(
                "the check needs Apple's time to move, and the subject verifies Apple's tokens on the system clock "
                    + "(verifiesAppleTokensOnSystemClock is true), so the world's Apple keeps real time")
        }
        try advanceClock(by: duration)
    }

    /// The app launched with Apple set up.
    package func launchAppleApp(
        _ configuration: ProjectConfiguration = .standard, on device: Device = .primary, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> LaunchedApp {
        try setUpApple(configuration)
        return try await launchApp(configuration, on: device, filePath: filePath, line: line)
    }

    /// The app's authorization, with the person approving as `account` on the sheet.
    package func appleAuthorization(
        as account: AppleIDAccount, email: AppleEmailChoice = .share, on client: any AuthClient,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> AppleAuthorization {
        world.apple.script(.approve(userID: account.id, email: email))
        return try await expectSuccess(
            "requestAuthorization() approved as \(account.email)", filePath: filePath, line: line
        ) { try await client.requestAppleAuthorization() }
    }

    /// An Apple credential for `account`, with the authorization it came from.
    package func appleCredential(
        as account: AppleIDAccount, email: AppleEmailChoice = .share, on client: any AuthClient,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> (authorization: AppleAuthorization, credential: AuthCredential) {
        let authorization = try await appleAuthorization(
            as: account, email: email, on: client, filePath: filePath, line: line)
        let credential = try await expectSuccess(
            "credential(for: the authorization of \(account.email))", filePath: filePath, line: line
        ) { try await client.appleCredential(for: authorization) }
        return (authorization, credential)
    }

    @discardableResult
    package func signInWithApple(
        as account: AppleIDAccount, email: AppleEmailChoice = .share, on client: any AuthClient,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthDataResult {
        let credential = try await appleCredential(
            as: account, email: email, on: client, filePath: filePath, line: line
        ).credential
        return try await expectSuccess(
            "signIn(with: the Apple credential of \(account.email))", filePath: filePath, line: line
        ) { try await client.signIn(with: credential) }
    }

    /// The last authorization request that reached Apple.
    package func lastAppleRequest(filePath: String = #filePath, line: Int = #line) throws -> AppleAuthorizationRequest {
        guard let request = world.apple.authorizationRequests.last else {
            throw CheckFailure(
                "no authorization request reached Apple", expected: "an authorization request", actual: "none",
                filePath: filePath, line: line)
        }
        return request
    }

    /// Signing in with `credential` must fail with one of `codes`, and leave nobody signed in.
    package func expectAppleSignInRefused(
        _ credential: AuthCredential, _ codes: [AuthErrorCode], because situation: String, on client: any AuthClient,
        filePath: String = #filePath, line: Int = #line
    ) async throws {
        let error = try await expectAuthError(when: "signIn(with:) \(situation)", filePath: filePath, line: line) {
            try await client.signIn(with: credential)
        }
        try expect(
            codes.contains(error.code), "signIn(with:) \(situation) failed with another error than the rule's",
            expected: codes.map(\.label).joined(separator: " or "), actual: "\(error)", filePath: filePath, line: line)
        try await expectSignedOut(client, after: "signIn(with:) \(situation)", filePath: filePath, line: line)
    }
}

extension AuthCredential {
    /// The raw nonce of an Apple credential.
    package var appleRawNonce: String? { if case .apple(_, let rawNonce, _) = self { rawNonce } else { nil } }

    /// The credential with its identity token or raw nonce replaced.
    package func withApple(idToken: String? = nil, rawNonce: String?? = .none) -> AuthCredential {
        guard case .apple(let token, let nonce, let name) = self else { return self }
        return .apple(idToken: idToken ?? token, rawNonce: rawNonce ?? nonce, fullName: name)
    }
}
