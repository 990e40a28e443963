import ConformanceKit
import Foundation

/// A user as the reference backend stores it; kept across a restart whole, every field as it is (``LastingAccounts``).
package struct UserRecord: Sendable, Codable {
    package let uid: String
    package var phoneNumber: String?
    package var email: String?
    package var password: PasswordHash?
    package var isEmailVerified = false
    package var isAnonymous = false
    /// Disabled by the administrator: signs in and refreshes no more (AUTH-7).
    package var isDisabled = false
    package var displayName: String?
    package var photoURL: URL?
    package var secondFactors: [EnrolledFactor] = []
    /// Has signed in with an email link (`fetchSignInMethods` reports `emailLink`).
    package var usedEmailLink = false
    /// The OAuth identities linked to the user, by provider ID: the provider's user ID.
    package var oauthIdentities: [String: String] = [:]
    package let createdAt: Date
    package var lastSignInAt: Date
    /// When the password was last set (`passwordUpdatedAt`); nil for a user who never had one.
    package var passwordUpdatedAt: Date? = nil
    /// When an ID token was last minted for the user, at a sign-in or a refresh (`lastRefreshAt`).
    package var lastRefreshAt: Date? = nil

    var providers: [String] {
        (phoneNumber == nil ? [] : [ProviderID.phone])
            + (password == nil && !usedEmailLink ? [] : [ProviderID.password]) + oauthIdentities.keys.sorted()
    }

    package var snapshot: AuthUser {
        AuthUser(
            uid: uid, email: email, phoneNumber: phoneNumber, displayName: displayName, photoURL: photoURL,
            isEmailVerified: isEmailVerified, isAnonymous: isAnonymous,
            providerData: providers.map { provider in
                UserInfo(
                    providerID: provider,
                    uid: oauthIdentities[provider]
                        ?? (provider == ProviderID.phone ? phoneNumber ?? uid : email ?? uid),
                    email: provider == ProviderID.password ? email : nil,
                    phoneNumber: provider == ProviderID.phone ? phoneNumber : nil)
            }, metadata: UserMetadata(creationDate: createdAt, lastSignInDate: lastSignInAt),
            enrolledFactors: secondFactors.map { $0.info(showing: $0.phoneNumber) })
    }
}

/// An enrolled second factor: SMS, with the full number the backend keeps, or TOTP, with its shared secret.
package struct EnrolledFactor: Sendable, Codable {
    package let uid: String
    package let displayName: String?
    /// The number of an SMS factor; empty for a TOTP factor.
    package let phoneNumber: String
    package let enrolledAt: Date
    /// The shared secret of a TOTP factor (``TOTP``); nil for an SMS factor.
    package var totpSecret: [UInt8]? = nil

    package init(uid: String, displayName: String?, phoneNumber: String, enrolledAt: Date, totpSecret: [UInt8]? = nil) {
        self.uid = uid
        self.displayName = displayName
        self.phoneNumber = phoneNumber
        self.enrolledAt = enrolledAt
        self.totpSecret = totpSecret
    }

    var factorID: String { totpSecret == nil ? MultiFactorID.phone : MultiFactorID.totp }

    func info(showing phoneNumber: String) -> MultiFactorInfo {
        MultiFactorInfo(
            uid: uid, displayName: displayName, enrollmentDate: enrolledAt, factorID: factorID,
            phoneNumber: totpSecret == nil ? phoneNumber : nil)
    }
}
