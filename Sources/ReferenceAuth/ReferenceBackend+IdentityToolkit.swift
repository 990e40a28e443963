import ConformanceKit
import Foundation

/// What the Identity Toolkit server reads from the reference backend besides its flows' calls.
extension ReferenceBackend {
    package func verification(_ verificationID: String) -> PhoneVerification? { verifications[verificationID] }

    package func record(_ uid: String) -> UserRecord? { users[uid] }

    /// The user with this email address (lowercased), if any.
    package func user(withEmail email: String) -> UserRecord? { users.values.first { $0.email == email.lowercased() } }

    /// The refresh token of the session an ID token stands for: the server is handed only the ID token.
    package func refreshToken(forSession idToken: String) throws(AuthError) -> String {
        let (grant, _) = try session(idToken)
        let matching = refreshTokens.filter { $0.value.uid == grant.uid && $0.value.authTime == grant.authTime }
        guard let token = matching.keys.sorted().first else {
            throw AuthError(.userTokenExpired, "the session has ended; sign in again")
        }
        return token
    }

    /// `DELETE /emulator/v1/projects/{project}/accounts`: every user and session goes; codes stay, as in the emulator.
    package func deleteAllAccounts() {
        users = [:]
        refreshTokens = [:]
        pendingSignIns = [:]
    }
}

extension ReferenceBackend {
    /// The user a refresh token belongs to (`user_id` of the secure-token answer).
    package func uid(ofRefreshToken refreshToken: String) -> String? {
        refreshTokens[refreshToken]?.uid
            ?? (behaviour.session.refreshTokensNameTheirUser ? SelfDescribingToken.decode(refreshToken)?.uid : nil)
    }
}
