/// A scope of `ASAuthorizationAppleIDRequest.requestedScopes`, raw values as Apple's web flow spells them.
public enum AppleScope: String, Sendable, Hashable, CaseIterable {
    case fullName = "name"
    case email
}

/// What the app put into the `ASAuthorizationAppleIDRequest` it handed to the system sheet.
public struct AppleAuthorizationRequest: Sendable, Hashable, CustomStringConvertible {
    public var clientID: String
    public var requestedScopes: [AppleScope]
    /// Apple copies it unchanged into the identity token: Firebase sends the SHA-256 hex of its raw nonce here.
    public var nonce: String?
    public var state: String?

    public init(
        clientID: String, requestedScopes: [AppleScope] = [.fullName, .email], nonce: String? = nil,
        state: String? = nil
    ) {
        self.clientID = clientID
        self.requestedScopes = requestedScopes
        self.nonce = nonce
        self.state = state
    }

    public var description: String {
        let scopes = requestedScopes.map(\.rawValue).joined(separator: " ")
        return
            "client_id=\(clientID) scope=\(scopes.isEmpty ? "-" : scopes) nonce=\(nonce ?? "-") state=\(state ?? "-")"
    }
}
