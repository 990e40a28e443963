import Foundation
import MockIdP

/// Stands in for your own SDK: the adapter in this folder maps it to the suite's boundary. Replace it with
/// yours. Your backend reaches SMS, push and reCAPTCHA only through the `World` it is given, and keeps time
/// on `world.clock`.
public protocol VendorBackend: Sendable {
    func app(on device: Device) async throws(VendorError) -> any VendorApp
    func verify(idToken: String) async throws(VendorError) -> VendorClaims
}

/// Your SDK's app instance.
public protocol VendorApp: Sendable {
    var signedInUser: VendorUser? { get async }
    func idToken(refreshing: Bool) async throws(VendorError) -> String
    func signOut() async
    func onTokenChange(_ callback: @escaping @Sendable (VendorUser?) -> Void) async -> Int
    func removeTokenObserver(_ id: Int) async
    func setLanguage(_ language: String?) async
    func sendCode(to phoneNumber: String) async throws(VendorError) -> String
    func signIn(session: String, code: String) async throws(VendorError) -> (user: VendorUser, created: Bool)
    func handles(push: [String: String]) async -> Bool
    func handles(url: URL) async -> Bool
    func skipAppCheckForTesting(_ skip: Bool) async
}

public struct VendorUser: Sendable, Hashable {
    public var id: String
    public var phone: String
    public var created: Date
    public var lastLogin: Date
}

public struct VendorClaims: Sendable, Hashable {
    public var userID: String
    public var phone: String?
    public var issued: Date
    public var expires: Date
}

/// Your SDK's errors, which the adapter maps to the taxonomy.
public enum VendorError: Error, Sendable, Hashable {
    case badNumber, noNumber, wrongCode, noSession, unknownSession, noCode, expired, throttled
    case appCheckFailed, appCheckCancelled, network(String), notSignedIn, badToken
}
