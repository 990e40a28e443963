import ConformanceKit
import Foundation
import HTTPMessages
import ReferenceAuth

/// The Auth Emulator's export, read and written: `config.json` (what `GET /emulator/v1/projects/{p}/config` answers)
/// and `accounts.json` (what `accounts:batchGet` answers: `{"kind": "identitytoolkit#DownloadAccountResponse",
/// "users": [{"localId": …, "email": …, "passwordHash": "fakeHash:salt=…:password=…", "providerUserInfo": […],
/// "mfaInfo": […], …}]}`), as firebase-tools writes them (`src/emulator/hubExport.ts` `exportAuth`; its
/// import-export test, `scripts/emulator-import-export-tests/tests.ts`, shows both files). The emulator keeps a
/// password in the clear inside its `passwordHash` (`src/emulator/auth/operations.ts` `hashPassword`), which this
/// server hashes as its own on import. What the emulator exports and never imports back, its tenants'
/// `accounts-TENANT.json`, is imported here as the default project's tenants.
///
/// Nothing is dropped in silence: a field this server cannot honour (a hash it cannot verify, a provider it does
/// not serve, a TOTP factor, duplicate emails allowed, blocking functions) refuses the file, by name.
enum EmulatorExport {
    /// The providers an account may be linked to here, besides `password` and `phone`.
    static let providers: Set<String> = [ProviderID.github, ProviderID.apple]

    /// The default project `projectID` and its tenants, from an emulator's auth export folder.
    static func read(_ folder: URL, projectID: String) throws(ExportRefusal) -> ServerState {
        let settings = IdentityToolkitServer.projectSettings(projectID: projectID)
        var project = ServerState.Project(
            name: projectID, configuration: settings, accounts: LastingAccounts(users: []))
        let configURL = folder.appendingPathComponent(ExportFolder.configFile)
        if FileManager.default.fileExists(atPath: configURL.path) {
            let config = try ExportFolder.json(at: configURL)
            do throws(Refusal) { project.protectsEmailEnumeration = try emailPrivacy(in: config) ?? false } catch {
                throw ExportRefusal(configURL, error.message)
            }
        }
        let accountsURL = folder.appendingPathComponent(ExportFolder.accountsFile)
        if FileManager.default.fileExists(atPath: accountsURL.path) {
            try read(ExportFolder.json(at: accountsURL), accountsURL, into: &project)
        }
        var projects = [project]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files.sorted() where file.hasPrefix("accounts-") && file.hasSuffix(".json") {
            let tenant = String(file.dropFirst("accounts-".count).dropLast(".json".count))
            let url = folder.appendingPathComponent(file)
            guard !tenant.isEmpty, !tenant.contains("/") else { throw ExportRefusal(url, "names no tenant") }
            var tenantProject = ServerState.Project(
                name: "\(projectID)/tenants/\(tenant)", configuration: settings,
                protectsEmailEnumeration: project.protectsEmailEnumeration, accounts: LastingAccounts(users: []))
            try read(ExportFolder.json(at: url), url, into: &tenantProject)
            projects.append(tenantProject)
        }
        return ServerState(projects: projects)
    }

    /// `emailPrivacyConfig.enableImprovedEmailPrivacy` of the emulator's config (its `config.json`, or the body of
    /// `PATCH /emulator/v1/projects/{p}/config`), nil when it sets none; what this server cannot honour is refused.
    static func emailPrivacy(in config: FixtureValue) throws(Refusal) -> Bool? {
        guard case .object(let fields) = config else {
            throw Refusal(message: "not the emulator's config: a JSON object was expected")
        }
        let known = ["signIn", "emailPrivacyConfig", "blockingFunctions", "usageMode"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw Refusal(message: "\(unknown) is not a setting of the emulator's config this server knows")
        }
        if fields["signIn"]?["allowDuplicateEmails"]?.boolValue == true {
            throw Refusal(message: "signIn.allowDuplicateEmails is true: this server keeps one account per email")
        }
        if case .object(let functions)? = fields["blockingFunctions"], !functions.isEmpty {
            throw Refusal(message: "blockingFunctions: this server calls no blocking functions")
        }
        return fields["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.boolValue
    }

    /// The users of an emulator's `accounts.json` (or `accounts-TENANT.json`), added to `project`.
    static func read(
        _ accounts: FixtureValue, _ url: URL, into project: inout ServerState.Project
    ) throws(ExportRefusal) {
        let refusal = ExportRefusal(url, "not the emulator's accounts: an object with a list of users was expected")
        guard case .object(let fields) = accounts else { throw refusal }
        switch fields["users"] {
        case .none, .some(.array): break
        default: throw refusal
        }
        var uids: Set<String> = []
        for (index, entry) in (fields["users"]?.arrayValue ?? []).enumerated() {
            guard case .object(let user) = entry, let uid = user["localId"]?.stringValue, !uid.isEmpty else {
                throw ExportRefusal(url, "user \(index + 1) has no localId")
            }
            guard uids.insert(uid).inserted else { throw ExportRefusal(url, "the user \(uid) is there twice") }
            do throws(Refusal) {
                let (record, validSince, claims) = try self.user(user, uid: uid)
                project.accounts.users.append(record)
                project.validSince[uid] = validSince
                if !claims.isEmpty { project.customClaims[uid] = claims }
            } catch { throw ExportRefusal(url, "user \(uid): \(error.message)") }
        }
    }

    struct Refusal: Error { let message: String }

    /// One user of the emulator's export, as this backend keeps it, with its `validSince` and custom claims.
    static func user(
        _ fields: [String: FixtureValue], uid: String
    ) throws(Refusal) -> (UserRecord, Int?, [String: FixtureValue]) {
        func date(_ key: String) -> Date? {
            fields[key]?.stringValue.flatMap(Double.init).map { Date(timeIntervalSince1970: $0 / 1000) }
        }
        let created = date("createdAt") ?? Date()
        var record = UserRecord(imported: uid, createdAt: created, lastSignInAt: date("lastLoginAt") ?? created)
        record.email = fields["email"]?.stringValue?.lowercased()
        record.isEmailVerified = fields["emailVerified"]?.boolValue ?? false
        record.displayName = fields["displayName"]?.stringValue
        record.photoURL = fields["photoUrl"]?.stringValue.flatMap { URL(string: $0) }
        record.phoneNumber = fields["phoneNumber"]?.stringValue
        record.isDisabled = fields["disabled"]?.boolValue ?? false
        record.usedEmailLink = fields["emailLinkSignin"]?.boolValue ?? false
        if let hash = fields["passwordHash"]?.stringValue {
            guard hash.hasPrefix("fakeHash:"), let range = hash.range(of: ":password=") else {
                throw Refusal(
                    message: """
                        its passwordHash is not the emulator's (fakeHash:salt=…:password=…): this server cannot \
                        verify another server's hash
                        """)
            }
            record.password = PasswordHash(String(hash[range.upperBound...]), salt: .random(count: 16))
            record.passwordUpdatedAt = date("passwordUpdatedAt")
        }
        record.lastRefreshAt = fields["lastRefreshAt"]?.stringValue.flatMap(RFC3339.date)
        for provider in fields["providerUserInfo"]?.arrayValue ?? [] {
            let id = provider["providerId"]?.stringValue ?? ""
            guard id != ProviderID.password, id != ProviderID.phone else { continue }
            guard providers.contains(id), let rawID = provider["rawId"]?.stringValue else {
                throw Refusal(
                    message: """
                        the provider \(id.isEmpty ? "without an ID" : id) is not one this server serves \
                        (\(providers.sorted().joined(separator: ", ")), password, phone)
                        """)
            }
            record.oauthIdentities[id] = rawID
        }
        for factor in fields["mfaInfo"]?.arrayValue ?? [] {
            guard let enrollmentID = factor["mfaEnrollmentId"]?.stringValue,
                let number = factor["unobfuscatedPhoneInfo"]?.stringValue ?? factor["phoneInfo"]?.stringValue
            else { throw Refusal(message: "a second factor that is not an SMS factor with its number") }
            record.secondFactors.append(
                EnrolledFactor(
                    uid: enrollmentID, displayName: factor["displayName"]?.stringValue, phoneNumber: number,
                    enrolledAt: factor["enrolledAt"]?.stringValue.flatMap(RFC3339.date) ?? created))
        }
        record.isAnonymous =
            record.email == nil && record.phoneNumber == nil && record.password == nil && record.oauthIdentities.isEmpty
        var claims: [String: FixtureValue] = [:]
        if let attributes = fields["customAttributes"]?.stringValue {
            do { claims = try CustomClaims.parse(attributes) } catch {
                throw Refusal(message: "customAttributes: \(error.message)")
            }
        }
        return (record, fields["validSince"]?.stringValue.flatMap { Int($0) }, claims)
    }

    // MARK: Writing

    /// A project's users as the emulator's `accounts.json` holds them (as the administrator reads them; no password
    /// hash, which only this server can verify: the state file keeps it).
    static func accounts(of project: ServerState.Project) -> FixtureValue {
        .object([
            "kind": .string("identitytoolkit#DownloadAccountResponse"),
            "users": .array(
                project.accounts.users.map { user in
                    // A tenant's users name their tenant, as the emulator's `accounts-TENANT.json` has them.
                    let info = ServerCall.adminUserInfo(
                        user, validSince: project.validSince[user.uid], claims: project.customClaims[user.uid] ?? [:],
                        tenant: project.scope.tenant)
                    guard case .object(var fields) = info else { return info }
                    fields["passwordHash"] = nil
                    return .object(fields)
                }),
        ])
    }

    /// A project's settings as the emulator's `config.json` holds them, and `GET /emulator/v1/projects/{p}/config`
    /// answers them.
    static func config(protectingEmails protects: Bool) -> FixtureValue {
        .object([
            "signIn": .object(["allowDuplicateEmails": .bool(false)]),
            "emailPrivacyConfig": .object(["enableImprovedEmailPrivacy": .bool(protects)]),
        ])
    }
}

extension Array where Element == UInt8 {
    fileprivate static func random(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
