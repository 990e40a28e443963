import MockIdP

/// The project's server side: users, codes, sessions. It makes clients, app instances on devices.
public protocol AuthBackend: Sendable {
    /// Launches the app on `device`. A second client on the same device is the app restarted.
    func makeClient(on device: Device) async throws(AuthError) -> any AuthClient
    /// Verifies an ID token the project issued, as the Admin SDK's `verifyIdToken` does; throws `AuthError`
    /// (`invalidUserToken`, `userTokenExpired`) otherwise.
    func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims

    /// The account calls an SDK makes over the wire, with raw tokens (``AccountsFacet``); nil when not offered.
    var accounts: (any AccountsFacet)? { get }
    /// The administrator's calls (``AccountAdminFacet``); nil when not offered.
    var admin: (any AccountAdminFacet)? { get }
    /// The app-verification calls an SDK makes over the wire (``AppVerificationFacet``); nil when not offered.
    var appVerification: (any AppVerificationFacet)? { get }
    /// Raw Identity Toolkit requests, as a hostile client sends them (``IdentityToolkitDoor``); nil when not offered.
    var door: (any IdentityToolkitDoor)? { get }
}

extension AuthBackend {
    public var accounts: (any AccountsFacet)? { nil }
    public var admin: (any AccountAdminFacet)? { nil }
    public var appVerification: (any AppVerificationFacet)? { nil }
    public var door: (any IdentityToolkitDoor)? { nil }
}
