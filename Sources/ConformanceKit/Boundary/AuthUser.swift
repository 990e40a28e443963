import Foundation

/// A snapshot of a user as the client sees it (Firebase `User`'s properties).
public struct AuthUser: Sendable, Hashable {
    public var uid: String
    /// Always `"Firebase"` for a Firebase user.
    public var providerID: String
    public var email: String?
    public var phoneNumber: String?
    public var displayName: String?
    public var photoURL: URL?
    public var isEmailVerified: Bool
    public var isAnonymous: Bool
    /// One entry per linked provider (`phone`, `password`, …).
    public var providerData: [UserInfo]
    public var metadata: UserMetadata
    /// `user.multiFactor.enrolledFactors`.
    public var enrolledFactors: [MultiFactorInfo]

    public init(
        uid: String, providerID: String = ProviderID.firebase, email: String? = nil, phoneNumber: String? = nil,
        displayName: String? = nil, photoURL: URL? = nil, isEmailVerified: Bool = false, isAnonymous: Bool = false,
        providerData: [UserInfo] = [], metadata: UserMetadata, enrolledFactors: [MultiFactorInfo] = []
    ) {
        self.uid = uid
        self.providerID = providerID
        self.email = email
        self.phoneNumber = phoneNumber
        self.displayName = displayName
        self.photoURL = photoURL
        self.isEmailVerified = isEmailVerified
        self.isAnonymous = isAnonymous
        self.providerData = providerData
        self.metadata = metadata
        self.enrolledFactors = enrolledFactors
    }
}

/// What one linked provider knows about the user (Firebase `UserInfo`).
public struct UserInfo: Sendable, Hashable {
    public var providerID: String
    public var uid: String
    public var email: String?
    public var phoneNumber: String?
    public var displayName: String?

    public init(
        providerID: String, uid: String, email: String? = nil, phoneNumber: String? = nil, displayName: String? = nil
    ) {
        self.providerID = providerID
        self.uid = uid
        self.email = email
        self.phoneNumber = phoneNumber
        self.displayName = displayName
    }
}

/// Firebase `UserMetadata`, in the world's calendar time.
public struct UserMetadata: Sendable, Hashable {
    public var creationDate: Date
    public var lastSignInDate: Date

    public init(creationDate: Date, lastSignInDate: Date) {
        self.creationDate = creationDate
        self.lastSignInDate = lastSignInDate
    }
}

/// The outcome of a sign-in (Firebase `AuthDataResult`).
public struct AuthDataResult: Sendable, Hashable {
    public var user: AuthUser
    public var additionalUserInfo: AdditionalUserInfo?
    /// The provider's credential (`authResult.credential`), with its access token, for an OAuth sign-in.
    public var credential: AuthCredential?

    public init(user: AuthUser, additionalUserInfo: AdditionalUserInfo?, credential: AuthCredential? = nil) {
        self.user = user
        self.additionalUserInfo = additionalUserInfo
        self.credential = credential
    }
}

/// Firebase `AdditionalUserInfo`.
public struct AdditionalUserInfo: Sendable, Hashable {
    public var providerID: String
    public var isNewUser: Bool
    public var username: String?
    /// The provider's profile of the user (`/user` for GitHub), values as text.
    public var profile: [String: String]?

    public init(providerID: String, isNewUser: Bool, username: String? = nil, profile: [String: String]? = nil) {
        self.providerID = providerID
        self.isNewUser = isNewUser
        self.username = username
        self.profile = profile
    }
}

/// What the backend finds in a verified ID token (as the Admin SDK's `verifyIdToken` returns it).
public struct IDTokenClaims: Sendable, Hashable {
    public var uid: String
    /// `firebase.sign_in_provider`, e.g. `phone`.
    public var signInProvider: String
    public var phoneNumber: String?
    public var email: String?
    public var issuedAt: Date
    public var expiresAt: Date
    /// `firebase.sign_in_second_factor`, e.g. `phone`, when a second factor completed the sign-in.
    public var secondFactor: String?

    public init(
        uid: String, signInProvider: String, phoneNumber: String? = nil, email: String? = nil, issuedAt: Date,
        expiresAt: Date, secondFactor: String? = nil
    ) {
        self.uid = uid
        self.signInProvider = signInProvider
        self.phoneNumber = phoneNumber
        self.email = email
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.secondFactor = secondFactor
    }
}
