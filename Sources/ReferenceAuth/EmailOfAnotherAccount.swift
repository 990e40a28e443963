import ConformanceKit

/// A provider account no user has, whose email another account has, met with one account per email (the project
/// default): production creates nobody and answers `signInWithIdp` HTTP 200 with `needConfirmation: true`, the email
/// and the existing account's ID, which the SDKs raise as `account-exists-with-different-credential` (OpenAPI
/// `VerifyAssertionResponse.needConfirmation`; iOS `accountExistsWithDifferentCredential`, 17012). The error carries
/// both in its message, written and read here only.
package enum EmailOfAnotherAccount {
    private static let prefix = "NEED_CONFIRMATION : "

    static func error(email: String, uid: String, credential: AuthCredential) -> AuthError {
        AuthError(
            .accountExistsWithDifferentCredential,
            "\(prefix)\(uid) \(email): an account already has this email; sign in to it and link the provider",
            updatedCredential: credential)
    }

    /// The email and the existing account's ID of an error ``error(email:uid:credential:)`` made.
    package static func read(_ error: AuthError) -> (email: String, uid: String)? {
        guard error.code == .accountExistsWithDifferentCredential, error.message.hasPrefix(prefix) else { return nil }
        let words = error.message.dropFirst(prefix.count).split(separator: " ", maxSplits: 2)
        guard words.count == 3 else { return nil }
        return (String(words[1].dropLast()), String(words[0]))
    }
}
