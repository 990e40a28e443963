import Foundation

/// A proof of identity that signs a user in, as Firebase's credential objects do.
public enum AuthCredential: Sendable, Hashable, CustomStringConvertible {
    /// `PhoneAuthProvider.credential(withVerificationID:verificationCode:)`.
    case phone(verificationID: String, verificationCode: String)
    /// `EmailAuthProvider.credential(withEmail:password:)`.
    case password(email: String, password: String)
    /// `EmailAuthProvider.credential(withEmail:link:)`.
    case emailLink(email: String, link: String)
    /// `OAuthProvider.credential(providerID:accessToken:idToken:)`, or what `getCredentialWith` returns where the code
    /// was exchanged before the credential was made.
    case oauth(providerID: String, accessToken: String, idToken: String?)
    /// `OAuthProvider.getCredentialWith` as the iOS SDK returns it from the browser: the provider's redirect back
    /// to the auth handler (`OAuthResponseURLString`, with the code and state) and `createAuthUri`'s `sessionID`.
    /// The backend exchanges the code at the credential's first use (sign-in, link or re-authentication), inside
    /// `signInWithIdp` (`verifyAssertion` with `requestUri` and `sessionId`: firebase-ios-sdk,
    /// `FirebaseAuth/Sources/Swift/Backend/RPC/VerifyAssertionRequest.swift`).
    case oauthResponse(providerID: String, sessionID: String, responseURL: URL)
    /// `OAuthProvider.appleCredential(withIDToken:rawNonce:fullName:)`.
    case apple(idToken: String, rawNonce: String?, fullName: PersonName?)

    /// The Firebase provider ID the credential belongs to.
    public var providerID: String {
        switch self {
        case .phone: ProviderID.phone
        case .password, .emailLink: ProviderID.password
        case .oauth(let providerID, _, _), .oauthResponse(let providerID, _, _): providerID
        case .apple: ProviderID.apple
        }
    }

    public var description: String {
        switch self {
        case .phone(let id, let code): "phone credential (verification ID \"\(id.abbreviated)\", code \"\(code)\")"
        case .password(let email, _): "password credential (\(email))"
        case .emailLink(let email, _): "email-link credential (\(email))"
        case .oauth(let providerID, let accessToken, _):
            "\(providerID) credential (access token \"\(accessToken.abbreviated)\")"
        case .oauthResponse(let providerID, let sessionID, _):
            "\(providerID) credential (the provider's redirect for session \"\(sessionID.abbreviated)\")"
        case .apple(let idToken, let rawNonce, let fullName):
            """
            apple.com credential (identity token \"\(idToken.abbreviated)\", raw nonce \
            \(rawNonce.map { "\"\($0)\"" } ?? "none")\(fullName.map { ", name \"\($0)\"" } ?? ""))
            """
        }
    }
}

/// Firebase's provider IDs (`AuthProviderID`).
public enum ProviderID {
    public static let phone = "phone"
    public static let password = "password"
    public static let anonymous = "anonymous"
    public static let firebase = "Firebase"
    public static let github = "github.com"
    public static let apple = "apple.com"
}

extension String {
    /// The string shortened for a failure message: long identifiers keep their first and last characters.
    package var abbreviated: String { count <= 24 ? self : "\(prefix(12))…\(suffix(8))" }
}
