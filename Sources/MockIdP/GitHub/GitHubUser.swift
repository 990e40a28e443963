/// A GitHub account and its email addresses.
public struct GitHubUser: Sendable, Hashable {
    public struct Email: Sendable, Hashable {
        public enum Visibility: String, Sendable, Hashable { case `public`, `private` }

        public let address: String
        public let primary: Bool
        public let verified: Bool
        /// `nil` for addresses other than the primary, as GitHub lists them.
        public let visibility: Visibility?

        public init(_ address: String, primary: Bool = false, verified: Bool = true, visibility: Visibility? = nil) {
            self.address = address
            self.primary = primary
            self.verified = verified
            self.visibility = visibility
        }
    }

    public let login: String
    public let id: Int
    public let name: String?
    public let emails: [Email]

    public init(login: String, id: Int, name: String? = nil, emails: [Email] = []) {
        self.login = login
        self.id = id
        self.name = name
        self.emails = emails
    }

    /// The address `/user` shows as `email`: the primary one, when its owner made it public.
    public var publicEmail: String? { emails.first { $0.primary && $0.visibility == .public }?.address }
}
