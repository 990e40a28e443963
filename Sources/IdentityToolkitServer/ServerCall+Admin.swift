import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth

/// The Admin SDKs' calls, on `/v1/projects/{project}/accounts…` with the owner's token (`Authorization: Bearer
/// owner`, as the emulator takes it): what `firebase-admin` sends for `create_user`, `get_user`, `update_user`,
/// `revoke_refresh_tokens`, `delete_user` and `generate_*_link`.
extension ServerCall {
    private var adminFields: ReferenceBackend.AdminFields {
        ReferenceBackend.AdminFields(
            uid: string("localId"), email: string("email"), password: string("password"),
            displayName: string("displayName"), phoneNumber: string("phoneNumber"),
            emailVerified: body["emailVerified"]?.boolValue,
            disabled: body["disabled"]?.boolValue ?? body["disableUser"]?.boolValue)
    }

    /// The request carries the administrator's credential; for one naming a user by `localId` (`request`), unless the
    /// reference honours it without (a defect, AUTH-10).
    private func requireOwner(_ request: LocalIDRequest? = nil) throws(AuthError) {
        guard isPrivileged || request.map({ backend.honoursLocalID($0, privileged: false) }) == true else {
            throw AuthError(
                .adminRestrictedOperation, "INSUFFICIENT_PERMISSION : only the project's administrator may do this")
        }
    }

    /// `POST /v1/projects/{p}/accounts`.
    func adminCreate() async throws(AuthError) -> FixtureValue {
        try requireOwner()
        let uid = try await backend.adminCreateUser(adminFields)
        return .object(["kind": .string("identitytoolkit#SignupNewUserResponse"), "localId": .string(uid)])
    }

    /// `accounts:lookup` with lists of `localId`, `email` or `phoneNumber`.
    func adminLookup() async throws(AuthError) -> FixtureValue {
        try requireOwner(.lookup)
        func list(_ key: String) -> [String] {
            (body[key]?.arrayValue ?? []).compactMap(\.stringValue) + (body[key]?.stringValue.map { [$0] } ?? [])
        }
        let users = await backend.adminLookup(
            uids: list("localId"), emails: list("email"), phoneNumbers: list("phoneNumber"))
        guard !users.isEmpty else { return .object(["kind": .string("identitytoolkit#GetAccountInfoResponse")]) }
        var found: [FixtureValue] = []
        for user in users {
            found.append(
                Self.adminUserInfo(
                    user, validSince: await project.validSince(of: user.uid),
                    claims: project.customClaims(of: user.uid), tenant: tenant))
        }
        return .object(["kind": .string("identitytoolkit#GetAccountInfoResponse"), "users": .array(found)])
    }

    /// A user as the administrator reads it: with `disabled`, `validSince` and `customAttributes`.
    static func adminUserInfo(
        _ user: UserRecord, validSince: Int?, claims: [String: FixtureValue], tenant: String?
    ) -> FixtureValue {
        guard case .object(var fields) = userInfo(user, tenant: tenant) else { return userInfo(user, tenant: tenant) }
        fields["disabled"] = .bool(user.isDisabled)
        fields["validSince"] = validSince.map { .string(String($0)) }
        fields["customAttributes"] = claims.isEmpty ? nil : .string(CustomClaims.text(claims))
        return .object(fields)
    }

    /// `accounts:update` of `localId`: fields, `disableUser`, and `validSince` (revokes the refresh tokens).
    func administer(_ uid: String) async throws(AuthError) -> FixtureValue {
        try requireOwner(.update)
        var fields = adminFields
        fields.uid = nil
        try await backend.adminUpdateUser(uid, fields)
        if let attributes = string("customAttributes") {
            project.setCustomClaims(try CustomClaims.parse(attributes), of: uid)
        }
        if let validSince = body["validSince"] {
            try await backend.revokeSessions(of: uid)
            let seconds = validSince.stringValue.flatMap { Int($0) } ?? Int(Date().timeIntervalSince1970)
            project.setValidSince(seconds, of: uid)
        }
        return .object(["kind": .string("identitytoolkit#SetAccountInfoResponse"), "localId": .string(uid)])
    }

    /// `accounts:delete` of `localId`.
    func adminDelete(_ uid: String) async throws(AuthError) -> FixtureValue {
        try requireOwner(.delete)
        try await backend.adminDeleteUser(uid)
        return .object(["kind": .string("identitytoolkit#DeleteAccountResponse")])
    }

    /// `accounts:sendOobCode` with `returnOobLink`: the link is answered instead of (as well as) mailed.
    func adminActionLink() async throws(AuthError) -> FixtureValue {
        try requireOwner()
        var answer = try await sendOobCode()
        let email = (string("email") ?? "").lowercased()
        guard let link = project.oobCodes.last(where: { $0["email"]?.stringValue == email })?["oobLink"]?.stringValue
        else { throw AuthError(.internalError, "no link was made") }
        if case .object(var fields) = answer {
            fields["oobLink"] = .string(link)
            answer = .object(fields)
        }
        return answer
    }
}
