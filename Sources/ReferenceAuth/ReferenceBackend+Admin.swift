import ConformanceKit
import Foundation
import MockIdP

/// The administrator's calls (the Admin SDKs' `createUser`, `getUser`, `updateUser`, `deleteUser`), which the
/// served Identity Toolkit answers for a request with the owner's token: no session, any user of the project.
extension ReferenceBackend {
    package struct AdminFields: Sendable {
        package var uid: String?
        package var email: String?
        package var password: String?
        package var displayName: String?
        package var phoneNumber: String?
        package var emailVerified: Bool?
        package var disabled: Bool?

        package init(
            uid: String? = nil, email: String? = nil, password: String? = nil, displayName: String? = nil,
            phoneNumber: String? = nil, emailVerified: Bool? = nil, disabled: Bool? = nil
        ) {
            self.uid = uid
            self.email = email
            self.password = password
            self.displayName = displayName
            self.phoneNumber = phoneNumber
            self.emailVerified = emailVerified
            self.disabled = disabled
        }
    }

    /// `POST /v1/projects/{p}/accounts`: a new user with the fields given; the same checks as a sign-up.
    package func adminCreateUser(_ fields: AdminFields) throws(AuthError) -> String {
        let uid = fields.uid ?? newUID()
        guard users[uid] == nil else { throw AuthError(.internalError, "DUPLICATE_LOCAL_ID") }
        var user = UserRecord(uid: uid, createdAt: world.clock.date, lastSignInAt: world.clock.date)
        if let password = fields.password, fields.email == nil {
            guard password.count >= configuration.passwordMinimumLength else {
                throw AuthError(.weakPassword, "WEAK_PASSWORD")
            }
        }
        if let email = fields.email {
            user.email = try newAccountEmail(
                email, password: fields.password ?? String(repeating: "x", count: configuration.passwordMinimumLength))
        }
        users[uid] = user
        try adminUpdateUser(
            uid,
            AdminFields(
                password: fields.password, displayName: fields.displayName, phoneNumber: fields.phoneNumber,
                emailVerified: fields.emailVerified, disabled: fields.disabled))
        return uid
    }

    /// `signInWithCustomToken` with a token the administrator's server minted for `uid`: that user signs in (created
    /// the first time), with the provider `custom`.
    package func signInWithCustomToken(uid: String) throws(AuthError) -> SignInResponse {
        guard let user = users[uid] else {
            let user = UserRecord(uid: uid, createdAt: world.clock.date, lastSignInAt: world.clock.date)
            return startSession(for: user, provider: "custom", isNewUser: true)
        }
        guard !user.isDisabled else { throw AuthError(.userDisabled, "the user account has been disabled") }
        return startSession(for: user, provider: "custom", isNewUser: false)
    }

    /// `accounts:lookup` by `localId`, `email` or `phoneNumber` (lists).
    package func adminLookup(uids: [String], emails: [String], phoneNumbers: [String]) -> [UserRecord] {
        let emails = Set(emails.map { $0.lowercased() })
        return users.values.filter { user in
            uids.contains(user.uid) || user.email.map(emails.contains) == true
                || user.phoneNumber.map(phoneNumbers.contains) == true
        }.sorted { $0.uid < $1.uid }
    }

    /// `accounts:update` of `uid` by the administrator; a new password or email ends the user's sessions.
    package func adminUpdateUser(_ uid: String, _ fields: AdminFields) throws(AuthError) {
        guard var user = users[uid] else { throw AuthError(.userNotFound, "USER_NOT_FOUND") }
        if let email = fields.email {
            guard behaviour.emailPassword.isWellFormedEmail(email) else {
                throw AuthError(.invalidEmail, "INVALID_EMAIL")
            }
            guard !users.values.contains(where: { $0.email == email.lowercased() && $0.uid != uid }) else {
                throw AuthError(.emailAlreadyInUse, "EMAIL_EXISTS")
            }
            user.email = email.lowercased()
        }
        if let password = fields.password {
            guard password.count >= configuration.passwordMinimumLength else {
                throw AuthError(.weakPassword, "WEAK_PASSWORD")
            }
            setPassword(password, of: &user)
        }
        if let phoneNumber = fields.phoneNumber {
            let number = try validated(phoneNumber, ignoring: "")
            guard !users.values.contains(where: { $0.phoneNumber == number && $0.uid != uid }) else {
                throw AuthError(.credentialAlreadyInUse, "PHONE_NUMBER_EXISTS")
            }
            user.phoneNumber = number
        }
        if let displayName = fields.displayName { user.displayName = displayName }
        if let verified = fields.emailVerified { user.isEmailVerified = verified }
        users[uid] = user
        if let disabled = fields.disabled { try setDisabled(disabled, uid: uid) }
        if fields.password != nil || fields.email != nil { endSessions(of: uid) }
    }

    /// `accounts:delete` of `uid` by the administrator: the user and every session of it.
    package func adminDeleteUser(_ uid: String) throws(AuthError) {
        guard users[uid] != nil else { throw AuthError(.userNotFound, "USER_NOT_FOUND") }
        users[uid] = nil
        endSessions(of: uid)
    }
}
