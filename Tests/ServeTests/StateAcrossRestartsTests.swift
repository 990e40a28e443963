import Foundation
import IdentityToolkitServer
import Testing

/// `conformance serve --export-on-exit DIR` and `--import DIR`: the state of every project and tenant outlives a real
/// restart of the served executable, an Auth Emulator's export is taken in, and a damaged or foreign one is refused.
@Suite("State across restarts: --import and --export-on-exit")
struct StateAcrossRestartsTests {
    static let v1 = "/identitytoolkit.googleapis.com/v1"
    static let v2 = "/identitytoolkit.googleapis.com/v2"
    static let project = "demo-conformance"

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("serve-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The answer's JSON, expecting a 200.
    static func ok(_ answer: (status: Int, json: [String: Any]?), _ what: String) throws -> [String: Any] {
        #expect(answer.status == 200, "\(what): \(answer.json ?? [:])")
        return try #require(answer.json, "\(what) answered no JSON")
    }

    static func outbox(_ client: ServedClient, _ box: String, tenant: String) async throws -> [[String: Any]] {
        let answer = try await client.send("GET", "/emulator/v1/projects/\(project)/tenants/\(tenant)/\(box)")
        return try #require(answer.json?[box] as? [[String: Any]])
    }

    /// An administrator's call in the tenant (in the project itself when nil).
    static func admin(_ tenant: String?, _ call: String) -> String {
        "\(v1)/projects/\(project)" + (tenant.map { "/tenants/\($0)" } ?? "") + "/accounts:\(call)"
    }

    @Test(
        """
        users, factors, providers and settings of two tenants, and an emulator's users it imported, outlive a restart \
        of the served executable
        """)
    func roundTripThroughRestart() async throws {
        let folder = try Self.folder()
        let emulator = try ImportedExportTests.folder(ImportedExportTests.emulatorExport)
        defer { for url in [folder, emulator] { try? FileManager.default.removeItem(at: url) } }
        let first = try await ServeProcess.start(["--import", emulator.path, "--export-on-exit", folder.path]).get()
        #expect(first.printed.contains("imported 3 users"), "\(first.printed)")
        defer { if first.process.isRunning { first.process.terminate() } }
        var client = ServedClient(baseURL: first.baseURL)
        // Settings first: a change of configuration starts a project afresh (so another project's authorized
        // domains, and not the default project's, which holds the emulator's users).
        _ = try Self.ok(
            try await client.send(
                "PATCH", "\(Self.v2)/projects/\(Self.project)/tenants/tenant-b?updateMask=testPhoneNumbers",
                body: Data(#"{"testPhoneNumbers": {"+16505550111": "654321"}}"#.utf8),
                headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"]), "tenant config")
        _ = try Self.ok(
            try await client.send(
                "PATCH", "\(Self.v2)/projects/other-project/config?updateMask=authorizedDomains",
                body: Data(#"{"authorizedDomains": ["localhost", "app.example.org"]}"#.utf8),
                headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"]), "project config")
        _ = try Self.ok(
            try await client.send(
                "PATCH", "\(Self.v2)/projects/\(Self.project)/tenants/tenant-b/defaultSupportedIdpConfigs/github.com",
                body: Data(#"{"enabled": false}"#.utf8),
                headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"]), "IdP config")
        let clock = try Self.ok(
            try await client.post("/emulator/v1/projects/\(Self.project)/clock:advance", ["seconds": 86_400]),
            "clock:advance")

        // Tenant A: a password user with a verified email, custom claims and an SMS second factor.
        let ada = try Self.ok(
            try await client.post(
                "\(Self.v1)/accounts:signUp?key=k",
                ["email": "ada@example.com", "password": "ada-password", "tenantId": "tenant-a"]), "signUp")
        let adaID = try #require(ada["localId"] as? String)
        _ = try Self.ok(
            try await client.post(
                Self.admin("tenant-a", "update"),
                ["localId": adaID, "emailVerified": true, "customAttributes": #"{"role":"admin"}"#], owner: true),
            "admin update")
        let started = try Self.ok(
            try await client.post(
                "\(Self.v2)/accounts/mfaEnrollment:start?key=k",
                ["idToken": ada["idToken"] ?? "", "phoneEnrollmentInfo": ["phoneNumber": "+16505550101"]]),
            "mfaEnrollment:start")
        let session = try #require((started["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let code = try #require(
            try await Self.outbox(client, "verificationCodes", tenant: "tenant-a").last {
                $0["sessionInfo"] as? String == session
            }?["code"] as? String)
        _ = try Self.ok(
            try await client.post(
                "\(Self.v2)/accounts/mfaEnrollment:finalize?key=k",
                [
                    "idToken": ada["idToken"] ?? "", "displayName": "Phone",
                    "phoneVerificationInfo": ["sessionInfo": session, "code": code],
                ]), "mfaEnrollment:finalize")
        // Tenant B: a password user and a phone user (a test number).
        let grace = try Self.ok(
            try await client.post(
                "\(Self.v1)/accounts:signUp?key=k",
                ["email": "grace@example.com", "password": "grace-password", "tenantId": "tenant-b"]), "signUp")
        let phone = try await Self.phoneSignIn(client)
        let before = try await Self.adminLookup(client, "tenant-a", adaID)

        let stopped = await first.stop()
        #expect(stopped.status == 0 && stopped.output.contains("exported to \(folder.path)"), "\(stopped)")
        for file in ["firebase-export-metadata.json", "auth_export/conformance-state.json", "auth_export/config.json"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
        }
        #expect(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("auth_export/accounts-tenant-a.json").path),
            "each tenant's users in the emulator's layout too")

        let second = try await ServeProcess.start(["--import", folder.path]).get()
        defer { if second.process.isRunning { second.process.terminate() } }
        client = ServedClient(baseURL: second.baseURL)
        #expect(second.printed.contains("imported 6 users"), "\(second.printed)")
        // The emulator's users, through this server's own export: the GitHub identity, the factor, the password.
        let bar = try await Self.adminLookup(client, nil, "456")
        let providers = (bar["providerUserInfo"] as? [[String: Any]]) ?? []
        #expect(providers.contains { $0["providerId"] as? String == "github.com" && $0["rawId"] as? String == "98765" })
        #expect((bar["mfaInfo"] as? [[String: Any]])?.first?["phoneInfo"] as? String == "+16505550101")
        let foo = try await client.post(
            "\(Self.v1)/accounts:signInWithPassword?key=k", ["email": "foo@example.com", "password": "testing"])
        #expect(foo.status == 200 && foo.json?["localId"] as? String == "123")
        // The same password; the second factor asked for, and its full number texted the code.
        let pending = try Self.ok(
            try await client.post(
                "\(Self.v1)/accounts:signInWithPassword?key=k",
                ["email": "ada@example.com", "password": "ada-password", "tenantId": "tenant-a"]),
            "signInWithPassword after the restart")
        let credential = try #require(pending["mfaPendingCredential"] as? String, "the second factor is asked for")
        let hint = try #require((pending["mfaInfo"] as? [[String: Any]])?.first)
        let signInStarted = try Self.ok(
            try await client.post(
                "\(Self.v2)/accounts/mfaSignIn:start?key=k",
                [
                    "mfaPendingCredential": credential, "mfaEnrollmentId": hint["mfaEnrollmentId"] ?? "",
                    "tenantId": "tenant-a",
                ]), "mfaSignIn:start")
        let signInSession = try #require(
            (signInStarted["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let texts = try await Self.outbox(client, "verificationCodes", tenant: "tenant-a")
        let text = try #require(texts.last { $0["sessionInfo"] as? String == signInSession })
        #expect(text["phoneNumber"] as? String == "+16505550101")
        let resolved = try Self.ok(
            try await client.post(
                "\(Self.v2)/accounts/mfaSignIn:finalize?key=k",
                [
                    "mfaPendingCredential": credential, "tenantId": "tenant-a",
                    "phoneVerificationInfo": ["sessionInfo": signInSession, "code": text["code"] ?? ""],
                ]), "mfaSignIn:finalize")
        #expect(resolved["idToken"] is String)
        let after = try await Self.adminLookup(client, "tenant-a", adaID)
        for key in ["email", "emailVerified", "customAttributes", "createdAt", "mfaInfo", "providerUserInfo"] {
            #expect(Self.canonical(after[key]) == Self.canonical(before[key]), "\(key) survives the restart")
        }
        let graceAgain = try Self.ok(
            try await client.post(
                "\(Self.v1)/accounts:signInWithPassword?key=k",
                ["email": "grace@example.com", "password": "grace-password", "tenantId": "tenant-b"]), "tenant B")
        #expect(graceAgain["localId"] as? String == grace["localId"] as? String)
        #expect(try await Self.phoneSignIn(client) == phone, "the phone user, through the tenant's test number")
        // The settings.
        let tenantConfig = try Self.ok(
            try await client.send(
                "GET", "\(Self.v2)/projects/\(Self.project)/tenants/tenant-b",
                headers: ["Authorization": "Bearer owner"]), "tenant config")
        #expect((tenantConfig["testPhoneNumbers"] as? [String: String]) == ["+16505550111": "654321"])
        let projectConfig = try Self.ok(
            try await client.send(
                "GET", "\(Self.v2)/projects/other-project/config", headers: ["Authorization": "Bearer owner"]),
            "project config")
        #expect((projectConfig["authorizedDomains"] as? [String]) == ["localhost", "app.example.org"])
        let github = try Self.ok(
            try await client.send(
                "GET", "\(Self.v2)/projects/\(Self.project)/tenants/tenant-b/defaultSupportedIdpConfigs/github.com",
                headers: ["Authorization": "Bearer owner"]), "IdP config")
        #expect(github["enabled"] as? Bool == false)
        let clockAgain = try Self.ok(
            try await client.post("/emulator/v1/projects/\(Self.project)/clock:advance", ["seconds": 0]),
            "clock:advance")
        #expect(clockAgain["now"] as? String == clock["now"] as? String, "the driven clock stands where it stood")
        let ended = await second.stop()
        #expect(ended.status == 0)
    }

    /// Signs in tenant B's test number; answers the user's ID.
    static func phoneSignIn(_ client: ServedClient) async throws -> String {
        let sent = try ok(
            try await client.post(
                "\(v1)/accounts:sendVerificationCode?key=k", ["phoneNumber": "+16505550111", "tenantId": "tenant-b"]),
            "sendVerificationCode")
        let signedIn = try ok(
            try await client.post(
                "\(v1)/accounts:signInWithPhoneNumber?key=k",
                ["sessionInfo": sent["sessionInfo"] ?? "", "code": "654321", "tenantId": "tenant-b"]),
            "signInWithPhoneNumber")
        return try #require(signedIn["localId"] as? String)
    }

    /// A JSON value as text with sorted keys, to compare two answers.
    static func canonical(_ value: Any?) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [value ?? NSNull()], options: .sortedKeys)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "not JSON"
    }

    static func adminLookup(_ client: ServedClient, _ tenant: String?, _ uid: String) async throws -> [String: Any] {
        let answer = try ok(
            try await client.post(admin(tenant, "lookup"), ["localId": [uid]], owner: true), "admin lookup")
        return try #require((answer["users"] as? [[String: Any]])?.first)
    }
}
