import Foundation
import MockIdP

/// Sign in with Apple as Firebase's guide builds it on `ASAuthorizationAppleIDProvider`
/// (https://firebase.google.com/docs/auth/ios/apple): the
/// `apple` flow. Signing in, linking and re-authenticating with the credential go through the core, with
/// ``AuthCredential/apple(idToken:rawNonce:fullName:)``.
public protocol AppleSignInFacet: Sendable {
    /// The guide's `randomNonceString(length:)`: a fresh cryptographically random nonce from its 64-character
    /// alphabet; a length of 0 fails (APPLE-1).
    func randomNonce(length: Int) throws(AuthError) -> String
    /// The guide's `startSignInWithAppleFlow()` until the delegate is called: a fresh raw nonce kept as the
    /// pending request's, and a request for `fullName` and `email` carrying the nonce's SHA-256 hex presented on
    /// the device's system sheet (`world.apple`). Returns what Apple answered; fails when the person cancels.
    func requestAuthorization() async throws(AuthError) -> AppleAuthorization
    /// The delegate's `authorizationController(controller:didCompleteWithAuthorization:)`:
    /// `OAuthProvider.appleCredential(withIDToken:rawNonce:fullName:)` with the pending request's raw nonce.
    /// Fails when no sign-in request is pending (APPLE-6).
    func credential(for authorization: AppleAuthorization) async throws(AuthError) -> AuthCredential
    /// `Auth.revokeToken(withAuthorizationCode:)`: revokes the current user's Apple tokens before deletion (APPLE-11).
    func revokeToken(withAuthorizationCode authorizationCode: String) async throws(AuthError)
}

/// `PersonNameComponents` as Apple shares it on the first authorization.
public struct PersonName: Sendable, Hashable, CustomStringConvertible {
    public var givenName: String?
    public var familyName: String?

    public init(givenName: String?, familyName: String?) {
        self.givenName = givenName
        self.familyName = familyName
    }

    /// The name Apple's authorization carries, nil when it carries none (every authorization after the first).
    public init?(of authorization: AppleAuthorization) {
        guard authorization.givenName != nil || authorization.familyName != nil else { return nil }
        self.init(givenName: authorization.givenName, familyName: authorization.familyName)
    }

    public var description: String { [givenName, familyName].compactMap { $0 }.joined(separator: " ") }
}

/// Sign in with Apple as the project enables it: the app's client ID (its bundle ID for a native app), and
/// the developer's team, key ID and ES256 private key that sign the `client_secret` for Apple's token and
/// revoke endpoints.
public struct AppleSignInSettings: Sendable, Hashable, Codable {
    public var isEnabled: Bool
    public var clientID: String
    public var teamID: String
    public var keyID: String
    /// The P-256 private key's raw scalar (32 bytes).
    public var privateKey: Data

    public init(isEnabled: Bool = true, clientID: String, teamID: String, keyID: String, privateKey: Data) {
        self.isEnabled = isEnabled
        self.clientID = clientID
        self.teamID = teamID
        self.keyID = keyID
        self.privateKey = privateKey
    }

    /// The standard project's app: a test-only key, never a real developer's.
    public static let standard = AppleSignInSettings(
        clientID: ProjectConfiguration.standardBundleID, teamID: "C0NF0RMTST", keyID: "TESTKEY001",
        privateKey: Data(hex: "12a891c4e3224494f2c4deb309a92969ad0682f65bb83ebb57668b9e413503ec"))
}

extension Data {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index != hex.endIndex {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self.init(bytes)
    }
}
