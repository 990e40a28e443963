/// What `ASAuthorizationAppleIDCredential` hands the app when the sheet succeeds.
public struct AppleAuthorization: Sendable, Hashable {
    /// The stable user identifier: the identity token's `sub`.
    public var user: String
    /// The compact JWS.
    public var identityToken: String
    /// Single use, valid five minutes, for `/auth/token` by this client only.
    public var authorizationCode: String
    /// The user object: only on the first authorization of the user for the app (Apple, `UserI`).
    public var givenName: String?
    public var familyName: String?
    public var email: String?
    public var realUserStatus: Int
    /// The request's `state`, unchanged.
    public var state: String?
    /// The scopes the person granted (those of the first authorization).
    public var authorizedScopes: [AppleScope]

    public init(
        user: String, identityToken: String, authorizationCode: String, givenName: String? = nil,
        familyName: String? = nil, email: String? = nil, realUserStatus: Int = 2, state: String? = nil,
        authorizedScopes: [AppleScope] = []
    ) {
        self.user = user
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.givenName = givenName
        self.familyName = familyName
        self.email = email
        self.realUserStatus = realUserStatus
        self.state = state
        self.authorizedScopes = authorizedScopes
    }
}

/// Why the sheet did not authorize: the `ASAuthorizationError.Code` cases the mock produces, with their raw values.
public enum AppleAuthorizationError: Int, Error, Sendable, Hashable, CustomStringConvertible {
    case unknown = 1000
    case canceled = 1001
    case failed = 1004

    public var description: String {
        switch self {
        case .unknown: "ASAuthorizationError.unknown (1000)"
        case .canceled: "ASAuthorizationError.canceled (1001)"
        case .failed: "ASAuthorizationError.failed (1004)"
        }
    }
}
