import ConformanceKit
import Foundation

/// A user as the reference backend stores it.
struct UserRecord: Sendable {
    let uid: String
    var phoneNumber: String?
    var email: String?
    var password: PasswordHash?
    var isEmailVerified = false
    var displayName: String?
    let createdAt: Date
    var lastSignInAt: Date

    var providers: [String] {
        (phoneNumber == nil ? [] : [ProviderID.phone]) + (password == nil ? [] : [ProviderID.password])
    }

    var snapshot: AuthUser {
        AuthUser(
            uid: uid, email: email, phoneNumber: phoneNumber, displayName: displayName, isEmailVerified: isEmailVerified,
            providerData: providers.map { provider in
                UserInfo(
                    providerID: provider, uid: provider == ProviderID.phone ? phoneNumber ?? uid : email ?? uid,
                    email: provider == ProviderID.password ? email : nil, phoneNumber: provider == ProviderID.phone ? phoneNumber : nil)
            },
            metadata: UserMetadata(creationDate: createdAt, lastSignInDate: lastSignInAt))
    }
}
