import ConformanceKit
import Foundation
import HTTPMessages
import ReferenceAuth

/// What the server answers: sessions, pending second factors, users and factors, as the real server writes them.
extension ServerCall {
    static func tokens(_ tokens: SessionTokens, uid: String) -> [String: FixtureValue] {
        [
            "localId": .string(uid), "idToken": .string(tokens.idToken), "refreshToken": .string(tokens.refreshToken),
            "expiresIn": .string(String(tokens.expiresIn)),
        ]
    }

    /// The answers that have no `isNewUser` in production (the REST reference's `SignUpResponse` and
    /// `SignInWithPasswordResponse`): a sign-up is always new, a password sign-in never is.
    static let answersWithoutIsNewUser: Set<String> = [
        "identitytoolkit#SignupNewUserResponse", "identitytoolkit#VerifyPasswordResponse",
    ]

    /// A session as a first-factor call answers it: `kind`, the user's ID, email and display name, the tokens, and
    /// `isNewUser` where production's answer has it.
    static func signedIn(_ response: SignInResponse, kind: String) -> FixtureValue {
        var fields = tokens(response.tokens, uid: response.user.uid)
        fields["kind"] = .string(kind)
        if !answersWithoutIsNewUser.contains(kind) { fields["isNewUser"] = .bool(response.isNewUser) }
        fields["email"] = response.user.email.map { .string($0) }
        fields["displayName"] = response.user.displayName.map { .string($0) }
        return .object(fields)
    }

    /// A first factor's answer: a session, or HTTP 200 with no tokens and the pending credential with masked hints
    /// (with the call's `kind` and the user's ID, as operations.ts `mfaPending` adds them to the usual fields).
    static func answer(_ outcome: SignInOutcome, kind: String) -> FixtureValue {
        switch outcome {
        case .signedIn(let response): return signedIn(response, kind: kind)
        case .secondFactorRequired(let pendingID, let hints, _):
            return .object([
                "kind": .string(kind), "mfaPendingCredential": .string(pendingID), "mfaInfo": .array(hints.map(factor)),
            ])
        }
    }

    static func factor(_ info: MultiFactorInfo) -> FixtureValue {
        var fields: [String: FixtureValue] = [
            "mfaEnrollmentId": .string(info.uid), "enrolledAt": .string(RFC3339.text(info.enrollmentDate)),
        ]
        fields["displayName"] = info.displayName.map { .string($0) }
        fields["phoneInfo"] = info.phoneNumber.map { .string($0) }
        // A TOTP factor is marked by an empty `totpInfo` (the v1 discovery document's `MfaEnrollment.totpInfo`), which
        // the JS SDK reads to make a `TotpMultiFactorInfo` (`packages/auth/src/mfa/mfa_info.ts`).
        if info.factorID == MultiFactorID.totp { fields["totpInfo"] = .object([:]) }
        return .object(fields)
    }

    /// What production answers for a password hash: "REDACTED", in base64.
    static let redactedPasswordHash = "UkVEQUNURUQ="

    /// A user as `accounts:lookup` answers it; in a tenant with its `tenantId`, which the JS SDK compares with the
    /// auth instance's when it builds its user from the lookup (`auth/tenant-id-mismatch` otherwise).
    func userInfo(_ user: UserRecord) -> FixtureValue { Self.userInfo(user, tenant: tenant) }

    /// A user as `accounts:lookup` answers it, in `tenant` (nil: the project itself).
    static func userInfo(_ user: UserRecord, tenant: String?) -> FixtureValue {
        let snapshot = user.snapshot
        var fields: [String: FixtureValue] = [
            "localId": .string(user.uid), "emailVerified": .bool(user.isEmailVerified),
            "createdAt": .string(String(milliseconds(user.createdAt))),
            "lastLoginAt": .string(String(milliseconds(user.lastSignInAt))),
            "providerUserInfo": .array(
                snapshot.providerData.map { info in
                    var provider: [String: FixtureValue] = [
                        "providerId": .string(info.providerID), "rawId": .string(info.uid),
                    ]
                    // Production and the emulator (state.ts updateUserByLocalId, operations.ts signInWithIdp) name
                    // the account at its provider in `federatedId`: the email for `password`, the provider's ID
                    // otherwise; a phone entry has none. The iOS SDK reads it (GetAccountInfoResponse.swift).
                    if info.providerID != ProviderID.phone { provider["federatedId"] = .string(info.uid) }
                    provider["email"] = info.email.map { .string($0) }
                    provider["phoneNumber"] = info.phoneNumber.map { .string($0) }
                    provider["displayName"] = info.displayName.map { .string($0) }
                    return .object(provider)
                }),
        ]
        // Production leaves `mfaInfo` out of a user with no second factor.
        if !snapshot.enrolledFactors.isEmpty { fields["mfaInfo"] = .array(snapshot.enrolledFactors.map(Self.factor)) }
        fields["email"] = user.email.map { .string($0) }
        fields["phoneNumber"] = user.phoneNumber.map { .string($0) }
        fields["displayName"] = user.displayName.map { .string($0) }
        fields["photoUrl"] = snapshot.photoURL.map { .string($0.absoluteString) }
        // Production names a password user's hash without giving it: `UkVEQUNURUQ=`, "REDACTED" in base64, in
        // `accounts:lookup` and `accounts:update` answers alike.
        fields["passwordHash"] = user.password == nil ? nil : .string(redactedPasswordHash)
        // As production and the emulator write them: milliseconds as a number, and RFC 3339 (the Admin SDKs read
        // `lastRefreshAt` as `UserMetadata.lastRefreshTime`).
        fields["passwordUpdatedAt"] = user.passwordUpdatedAt.map { .number(Double(milliseconds($0))) }
        fields["lastRefreshAt"] = user.lastRefreshAt.map { .string(RFC3339.text($0)) }
        fields["tenantId"] = tenant.map { .string($0) }
        return .object(fields)
    }

    /// Milliseconds since 1970, as the account's times are written.
    private static func milliseconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970 * 1000) }
}
