/// A person's Apple ID, as the world's Apple knows it.
public struct AppleIDAccount: Sendable, Hashable {
    /// The identity token's `sub`: stable for the team, also across revocations (the mock uses it for every team).
    public let id: String
    /// The real address; the relay address stands in for it when the person hides their email.
    public let email: String
    public let givenName: String?
    public let familyName: String?
    /// 0 unsupported, 1 unknown, 2 likely real (`ASUserDetectionStatus`).
    public let realUserStatus: Int
    /// Whether tokens carry `email_verified` and `is_private_email` as the strings `"true"`/`"false"` rather than
    /// booleans.
    public let claimsAsStrings: Bool

    public init(
        id: String, email: String, givenName: String? = nil, familyName: String? = nil, realUserStatus: Int = 2,
        claimsAsStrings: Bool = false
    ) {
        self.id = id
        self.email = email
        self.givenName = givenName
        self.familyName = familyName
        self.realUserStatus = realUserStatus
        self.claimsAsStrings = claimsAsStrings
    }
}
