/// A proof of identity that signs a user in, as Firebase's credential objects do.
public enum AuthCredential: Sendable, Hashable, CustomStringConvertible {
    /// `PhoneAuthProvider.credential(withVerificationID:verificationCode:)`.
    case phone(verificationID: String, verificationCode: String)
    /// `EmailAuthProvider.credential(withEmail:password:)`.
    case password(email: String, password: String)
    /// `EmailAuthProvider.credential(withEmail:link:)`.
    case emailLink(email: String, link: String)
    /// `OAuthProvider.credential(providerID:accessToken:idToken:)`, as `getCredentialWith` returns it.
    case oauth(providerID: String, accessToken: String, idToken: String?)
    /// `OAuthProvider.appleCredential(withIDToken:rawNonce:fullName:)`.
    case apple(idToken: String, rawNonce: String?, fullName: PersonName?)

    /// The Firebase provider ID the credential belongs to.
    public var providerID: String {
        switch self {
        case .phone: ProviderID.phone
        case .password, .emailLink: ProviderID.password
        case .oauth(let providerID, _, _): providerID
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
