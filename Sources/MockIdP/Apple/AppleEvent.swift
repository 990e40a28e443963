/// What crossed the boundary with Apple: the system sheet on a device, and `appleid.apple.com`.
package enum AppleEvent: Sendable, Hashable, CustomStringConvertible {
    /// The app presented a Sign in with Apple request (recorded even when Apple then refuses or stalls).
    case authorizationRequested(AppleAuthorizationRequest, on: Device)
    case sheetDecided(AppleSheetDecision, on: Device)
    /// Nothing was scripted: the sheet counts as cancelled.
    case sheetUnscripted(on: Device)
    /// The sheet could not authorize (unknown client or account).
    case sheetFailed(reason: String, on: Device)
    /// The sheet authorized `user` for `clientID`; `first` when it delivered the user object (name, email).
    case authorized(user: String, clientID: String, first: Bool, on: Device)
    case keysRequested
    case tokenRequested(AppleTokenRequest)
    case revokeRequested(AppleRevokeRequest)
    /// Apple's answer, with secrets abbreviated.
    case responded(path: String, status: Int, summary: String)
    case refused(path: String, reason: String)
    case stalled(path: String)

    package var description: String {
        switch self {
        case .authorizationRequested(let request, let device): "Apple sheet on \(device) presented: \(request)"
        case .sheetDecided(let decision, let device): "Apple sheet on \(device): the user chose to \(decision)"
        case .sheetUnscripted(let device): "Apple sheet on \(device): nothing scripted, the sheet was cancelled"
        case .sheetFailed(let reason, let device): "Apple sheet on \(device) failed: \(reason)"
        case .authorized(let user, let clientID, let first, let device):
            """
            Apple sheet on \(device) authorized \(user) for \(clientID) \
            (\(first ? "first authorization: the user object is shared" : "authorized before: no name or email"))
            """
        case .keysRequested: "Apple keys requested (GET /auth/keys)"
        case .tokenRequested(let request): "Apple token request: \(request)"
        case .revokeRequested(let request): "Apple revoke request: \(request)"
        case .responded(let path, let status, let summary): "Apple answered \(path) with \(status): \(summary)"
        case .refused(let path, let reason): "Apple refused \(path): \(reason)"
        case .stalled(let path): "Apple stalled on \(path) (no answer)"
        }
    }
}
