import ConformanceKit
import Foundation
import MockIdP

/// What a signed-in user changes of its own profile, and what an action code is before it is used: the calls the
/// Firebase SDKs make around the flows (`User.updateProfile`/`UserProfileChangeRequest`, `User.unlink(fromProvider:)`,
/// `User.sendEmailVerification(beforeUpdatingEmail:)`, `Auth.checkActionCode`, `Auth.verifyPasswordResetCode`).
extension ReferenceBackend {
    /// The API key of action links that no caller's key reached (the in-process reference's clients have none).
    package static let apiKey = "reference-api-key"

    /// What an action code is for, read without using it up (`accounts:resetPassword` with the code alone).
    package struct ActionCodeInfo: Sendable {
        /// `VERIFY_EMAIL`, `PASSWORD_RESET`, `EMAIL_SIGNIN` or `VERIFY_AND_CHANGE_EMAIL`.
        package let requestType: String
        package let email: String?
        /// The address a `VERIFY_AND_CHANGE_EMAIL` code changes the email to.
        package let newEmail: String?
    }

    /// `accounts:update` with `displayName`, `photoUrl` and `deleteAttribute` (`DISPLAY_NAME`, `PHOTO_URL`): the
    /// session's user with its new profile. The session goes on: a profile is not a credential.
    package func updateProfile(
        idToken: String, displayName: String?, photoURL: String?, deleting attributes: [String]
    ) throws(AuthError) -> AuthUser {
        var (_, user) = try session(idToken)
        for attribute in attributes {
            switch attribute {
            case "DISPLAY_NAME": user.displayName = nil
            case "PHOTO_URL": user.photoURL = nil
            default: throw AuthError(.internalError, "INVALID_ARGUMENT : deleteAttribute \(attribute) is not served")
            }
        }
        if let displayName { user.displayName = displayName }
        if let photoURL { user.photoURL = URL(string: photoURL) }
        users[user.uid] = user
        return user.snapshot
    }

    /// `accounts:update` with `deleteProvider`: the providers taken off the session's user (`User.unlink`). A
    /// provider the user does not have is `NO_SUCH_PROVIDER`, as production answers it.
    package func unlink(_ providers: [String], idToken: String) throws(AuthError) -> AuthUser {
        var (_, user) = try session(idToken)
        for provider in providers {
            guard user.providers.contains(provider) else {
                throw AuthError(.noSuchProvider, "the user has no \(provider) provider")
            }
            switch provider {
            case ProviderID.password:
                user.password = nil
                user.usedEmailLink = false
                user.email = nil
                user.isEmailVerified = false
            case ProviderID.phone: user.phoneNumber = nil
            default: user.oauthIdentities[provider] = nil
            }
        }
        users[user.uid] = user
        return user.snapshot
    }

    /// What `code` is for, without using it up; an unknown or used code is `INVALID_OOB_CODE`.
    package func checkActionCode(_ code: String) throws(AuthError) -> ActionCodeInfo {
        if let uid = emailVerificationCodes[code], let user = users[uid] {
            return ActionCodeInfo(requestType: "VERIFY_EMAIL", email: user.email, newEmail: nil)
        }
        if let uid = passwordResetCodes[code], let user = users[uid] {
            return ActionCodeInfo(requestType: "PASSWORD_RESET", email: user.email, newEmail: nil)
        }
        if let change = emailChangeCodes[code], let user = users[change.uid] {
            return ActionCodeInfo(requestType: "VERIFY_AND_CHANGE_EMAIL", email: user.email, newEmail: change.newEmail)
        }
        if let link = emailLinkCodes[code], !link.isUsed,
            !isExpired(link.expiresAt, atDeadline: behaviour.emailLink.expiresAtLifetime)
        {
            return ActionCodeInfo(requestType: "EMAIL_SIGNIN", email: link.email, newEmail: nil)
        }
        throw AuthError(.invalidActionCode, "the action code is invalid, expired or already used")
    }

    /// `sendOobCode` with `VERIFY_AND_CHANGE_EMAIL`: mails `newEmail` a link that, applied, makes it the session's
    /// user's email. Answers the user's current email.
    package func sendEmailChange(idToken: String, to newEmail: String, apiKey: String) async throws(AuthError) -> String
    {
        let (_, user) = try session(idToken)
        let email = try newAddress(newEmail, for: user.uid)
        let code = world.random.string(length: 54)
        emailChangeCodes[code] = (user.uid, email)
        let link = actionLink(mode: "verifyAndChangeEmail", code: code, apiKey: apiKey)
        let mail = world.mail
        let subject = "Verify your new email for \(configuration.appName)"
        try await callOutsideParty(.mailServer) { () async throws(PartyError) in
            try await mail.send(
                to: email, subject: subject,
                body: "Hello,\n\nFollow this link to verify your new email address.\n\n\(link)\n")
        }
        return user.email ?? ""
    }

    /// An action link of the project's hosting domain, with the caller's API key, as production writes it.
    func actionLink(mode: String, code: String, apiKey: String) -> String {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "\(configuration.projectID).firebaseapp.com"
        components.path = "/__/auth/action"
        components.queryItems = [
            URLQueryItem(name: "mode", value: mode), URLQueryItem(name: "oobCode", value: code),
            URLQueryItem(name: "apiKey", value: apiKey), URLQueryItem(name: "lang", value: "en"),
        ]
        return components.string ?? ""
    }

    /// Applies an email-change code: the new address becomes the user's, verified, and every session of the user
    /// ends, as any change of email ends them (AUTH-7).
    func applyEmailChange(_ code: String) throws(AuthError) -> Bool {
        guard let change = emailChangeCodes.removeValue(forKey: code) else { return false }
        guard var user = users[change.uid] else { throw AuthError(.userNotFound, "the user no longer exists") }
        guard !users.values.contains(where: { $0.email == change.newEmail && $0.uid != user.uid }) else {
            throw AuthError(.emailAlreadyInUse, "the email address is already in use by another account")
        }
        user.email = change.newEmail
        user.isEmailVerified = true
        users[user.uid] = user
        if behaviour.session.emailChangeEndsSessions { endSessions(of: user.uid) }
        return true
    }
}
