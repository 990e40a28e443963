/// What the person does on the next Sign in with Apple sheet, scripted by the check beforehand.
package enum AppleSheetDecision: Sendable, Hashable, CustomStringConvertible {
    /// Continue as the Apple ID `userID`; on a first authorization the person also picks share or hide my email.
    case approve(userID: String, email: AppleEmailChoice = .share)
    /// The person dismisses the sheet (`ASAuthorizationError.canceled`).
    case cancel
    /// The sheet fails (`ASAuthorizationError.failed`).
    case fail

    package var description: String {
        switch self {
        case .approve(let userID, let email): "approve as \(userID), \(email) email"
        case .cancel: "cancel"
        case .fail: "fail"
        }
    }
}

/// "Share My Email" or "Hide My Email" on the first authorization.
package enum AppleEmailChoice: String, Sendable, Hashable { case share, hide }
