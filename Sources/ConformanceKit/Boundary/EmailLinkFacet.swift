import Foundation

/// Email-link (passwordless) sign-in (Firebase `Auth.sendSignInLink`, `isSignIn(withEmailLink:)`,
/// `signIn(withEmail:link:)`): the `emailLink` flow. Linking and re-authenticating with a link go through the
/// core, with ``AuthCredential/emailLink(email:link:)``.
public protocol EmailLinkFacet: Sendable {
    /// `Auth.sendSignInLink(toEmail:actionCodeSettings:)`: mails the address a sign-in link.
    func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) async throws(AuthError)
    /// `Auth.isSignIn(withEmailLink:)`.
    func isSignIn(withEmailLink link: String) async -> Bool
    /// `Auth.signIn(withEmail:link:)`.
    func signIn(withEmail email: String, link: String) async throws(AuthError) -> AuthDataResult
    /// `Auth.fetchSignInMethods(forEmail:)`: `password`, `emailLink`, or both.
    func fetchSignInMethods(forEmail email: String) async throws(AuthError) -> [String]
}

/// How an action link is built (Firebase `ActionCodeSettings`). The continue URL is a string, so that a check
/// can hand over one that is not a valid URL (LINK-2).
public struct ActionCodeSettings: Sendable, Hashable {
    /// The continue URL (`url`).
    public var url: String?
    public var handleCodeInApp: Bool
    public var iOSBundleID: String?
    public var androidPackageName: String?
    public var androidInstallIfNotAvailable: Bool
    public var androidMinimumVersion: String?
    /// A Firebase Hosting link domain for the link (LINK-14).
    public var linkDomain: String?

    public init(
        url: String? = nil, handleCodeInApp: Bool = false, iOSBundleID: String? = nil,
        androidPackageName: String? = nil, androidInstallIfNotAvailable: Bool = false,
        androidMinimumVersion: String? = nil, linkDomain: String? = nil
    ) {
        self.url = url
        self.handleCodeInApp = handleCodeInApp
        self.iOSBundleID = iOSBundleID
        self.androidPackageName = androidPackageName
        self.androidInstallIfNotAvailable = androidInstallIfNotAvailable
        self.androidMinimumVersion = androidMinimumVersion
        self.linkDomain = linkDomain
    }
}

/// Firebase's sign-in method names (`EmailPasswordAuthSignInMethod`, `EmailLinkAuthSignInMethod`).
public enum SignInMethod {
    public static let password = "password"
    public static let emailLink = "emailLink"
}
