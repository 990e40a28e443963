import Foundation

/// An OAuth app registered on GitHub: what its owner typed into the developer settings.
public struct GitHubApp: Sendable, Hashable {
    public let clientID: String
    public let clientSecret: String
    /// The "Authorization callback URL".
    public let callbackURL: URL

    public init(clientID: String, clientSecret: String, callbackURL: URL) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.callbackURL = callbackURL
    }
}
