import ConformanceKit
import Foundation

/// Email-link sign-in over REST: `sendOobCode`, the link carried to the world's mailbox, `createAuthUri`.
extension IdentityToolkitClient {
    /// LINK-1: every Firebase SDK refuses `handleCodeInApp == false` on the client, before any request (iOS traps,
    /// Android throws, the web answers `auth/argument-error`); the server only warns about it.
    func sendSignInLink(toEmail email: String, actionCodeSettings settings: ActionCodeSettings) async throws(AuthError)
    {
        guard settings.handleCodeInApp else {
            throw AuthError(
                .operationNotAllowed, "a sign-in link must be completed in the app: set handleCodeInApp to true")
        }
        // GetOOBConfirmationCodeRequest.swift: the two flags only when true, the optional fields only when set.
        let request: FixtureValue = .fields([
            "requestType": .string("EMAIL_SIGNIN"), "email": .string(email), "continueUrl": .text(settings.url),
            "canHandleCodeInApp": settings.handleCodeInApp ? .bool(true) : nil,
            "iOSBundleId": .text(settings.iOSBundleID), "androidPackageName": .text(settings.androidPackageName),
            "androidInstallApp": settings.androidInstallIfNotAvailable ? .bool(true) : nil,
            "androidMinimumVersion": .text(settings.androidMinimumVersion), "linkDomain": .text(settings.linkDomain),
            "clientType": .string(SDKEndpoint.clientType),
        ])
        _ = try await post(.getOobConfirmationCode, request)
        try await backend.outbox.deliverEmails(asking: request)
    }

    nonisolated func isSignIn(withEmailLink link: String) async -> Bool { EmailSignInLink.isSignInLink(link) }

    func signIn(withEmail email: String, link: String) async throws(AuthError) -> AuthDataResult {
        try await signIn(with: .emailLink(email: email, link: link))
    }

    func fetchSignInMethods(forEmail email: String) async throws(AuthError) -> [String] {
        // Auth.fetchSignInMethods: `continueUri` "http://www.google.com/".
        let answer = try await post(
            .createAuthUri, .object(["identifier": .string(email), "continueUri": .string("http://www.google.com/")]))
        return (answer["signinMethods"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
