import Foundation
import IdentityToolkitServer
import Testing

/// `--import DIR` of an Auth Emulator's export, of a damaged or foreign one, and of a folder a killed export left.
@Suite("Imported exports: the emulator's, damaged ones, half-written ones")
struct ImportedExportTests {
    static let v1 = "/identitytoolkit.googleapis.com/v1"

    /// A folder holding `files` (paths below it, and their text).
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("serve-import-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An export as firebase-tools writes one (`src/emulator/hubExport.ts`: the metadata, then `auth_export/` with
    /// `config.json`, `accounts.json` and a tenant's `accounts-TENANT.json`), its users as the emulator's
    /// `accounts:batchGet` answers them, the password inside `passwordHash` as the emulator keeps it
    /// (`fakeHash:salt=…:password=…`, `src/emulator/auth/operations.ts`); the two files' shapes are those of the
    /// emulator's own import-export test (`scripts/emulator-import-export-tests/tests.ts`).
    static let emulatorExport = [
        "firebase-export-metadata.json":
            #"{"version": "14.2.0", "auth": {"version": "14.2.0", "path": "auth_export"}}"#,
        "auth_export/config.json": """
        {"signIn": {"allowDuplicateEmails": false}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": false}}
        """,
        "auth_export/accounts.json": """
        {"kind": "identitytoolkit#DownloadAccountResponse", "users": [
          {"localId": "123", "email": "foo@example.com", "emailVerified": false, "salt": "fakeSaltA",
           "passwordHash": "fakeHash:salt=fakeSaltA:password=testing", "passwordUpdatedAt": 1795814535410,
           "validSince": "1795814535", "createdAt": "1795814535410", "lastLoginAt": "1795814535410",
           "lastRefreshAt": "2026-11-27T21:22:15.410Z",
           "providerUserInfo": [{"providerId": "password", "email": "foo@example.com",
                                 "federatedId": "foo@example.com", "rawId": "foo@example.com"}]},
          {"localId": "456", "email": "bar@example.com", "emailVerified": true, "createdAt": "1795814535410",
           "lastLoginAt": "1795814535410", "customAttributes": "{\\"role\\":\\"admin\\"}",
           "providerUserInfo": [{"providerId": "github.com", "rawId": "98765", "federatedId": "98765",
                                 "email": "bar@example.com"}],
           "mfaInfo": [{"mfaEnrollmentId": "enrollment-1", "displayName": "Phone", "phoneInfo": "+16505550101",
                        "enrolledAt": "2026-11-27T21:22:15.410Z"}]}
        ]}
        """,
        "auth_export/accounts-tenant-x.json": """
        {"kind": "identitytoolkit#DownloadAccountResponse", "users": [
          {"localId": "789", "email": "baz@example.com", "emailVerified": false, "tenantId": "tenant-x",
           "salt": "fakeSaltB", "passwordHash": "fakeHash:salt=fakeSaltB:password=tenant-password",
           "createdAt": "1795814535410", "lastLoginAt": "1795814535410",
           "providerUserInfo": [{"providerId": "password", "email": "baz@example.com",
                                 "federatedId": "baz@example.com", "rawId": "baz@example.com"}]}
        ]}
        """,
    ]

    @Test("an Auth Emulator's export is imported: passwords, providers, factors, claims, and its tenants' users")
    func emulatorExport() async throws {
        let folder = try Self.folder(Self.emulatorExport)
        defer { try? FileManager.default.removeItem(at: folder) }
        let imported = try ExportFolder.read(folder, projectID: "demo-conformance")
        #expect(imported.summary.contains("imported 3 users") && imported.summary.contains("Auth Emulator"))
        let server = try ServedServer()
        defer { server.http.stop() }
        await server.backend.restore(try #require(imported.state))
        let client = ServedClient(baseURL: server.baseURL)
        let before = try await client.post(
            "\(Self.v1)/projects/demo-conformance/accounts:lookup", ["localId": ["123"]], owner: true)
        let kept = try #require((before.json?["users"] as? [[String: Any]])?.first)
        #expect(
            kept["passwordUpdatedAt"] as? Double == 1_795_814_535_410 && kept["validSince"] as? String == "1795814535")
        #expect(kept["lastRefreshAt"] as? String == "2026-11-27T21:22:15.410Z", "the export's times, before a sign-in")
        let foo = try await client.post(
            "\(Self.v1)/accounts:signInWithPassword?key=k", ["email": "foo@example.com", "password": "testing"])
        #expect(foo.status == 200 && foo.json?["localId"] as? String == "123", "\(foo.json ?? [:])")
        let wrong = try await client.post(
            "\(Self.v1)/accounts:signInWithPassword?key=k", ["email": "foo@example.com", "password": "Testing"])
        #expect(wrong.status == 400)
        let lookup = try await client.post(
            "\(Self.v1)/projects/demo-conformance/accounts:lookup", ["localId": ["456"]], owner: true)
        let bar = try #require((lookup.json?["users"] as? [[String: Any]])?.first)
        let providers = (bar["providerUserInfo"] as? [[String: Any]]) ?? []
        #expect(providers.contains { $0["providerId"] as? String == "github.com" && $0["rawId"] as? String == "98765" })
        let factor = try #require((bar["mfaInfo"] as? [[String: Any]])?.first)
        #expect(
            factor["mfaEnrollmentId"] as? String == "enrollment-1" && factor["phoneInfo"] as? String == "+16505550101")
        #expect(bar["customAttributes"] as? String == #"{"role":"admin"}"#)
        let baz = try await client.post(
            "\(Self.v1)/accounts:signInWithPassword?key=k",
            ["email": "baz@example.com", "password": "tenant-password", "tenantId": "tenant-x"])
        #expect(baz.status == 200 && baz.json?["localId"] as? String == "789", "the tenant's file is imported too")
    }

    static let state = "auth_export/conformance-state.json"
    static let metadata = #"{"version": "conformance-serve-1", "auth": {"version": "1", "path": "auth_export"}}"#

    @Test(
        "a damaged or foreign export is refused in one line naming the file",
        arguments: [
            (["firebase-export-metadata.json": "{not json"], "firebase-export-metadata.json"),
            (["firebase-export-metadata.json": "[]"], "firebase-export-metadata.json"),
            (
                ["firebase-export-metadata.json": metadata, state: #"{"format": "conformance-serve-state", "vers"#],
                state
            ),
            (
                [
                    "firebase-export-metadata.json": metadata,
                    state: #"{"format": "conformance-serve-state", "version": 99, "projects": []}"#,
                ], state
            ), (["firebase-export-metadata.json": metadata, state: #"{"format": "other", "version": 1}"#], state),
            (
                [
                    "firebase-export-metadata.json": metadata,
                    state: #"{"format": "conformance-serve-state", "version": 1, "projects": [{"name": "p"}]}"#,
                ], state
            ),
            (
                [
                    "firebase-export-metadata.json": metadata,
                    "auth_export/accounts.json": #"{"users": [{"localId": "1", "passwordHash": "c2NyeXB0"}]}"#,
                ], "auth_export/accounts.json"
            ),
            (
                ["firebase-export-metadata.json": metadata, "auth_export/accounts.json": "[]"],
                "auth_export/accounts.json"
            ),
            (
                [
                    "firebase-export-metadata.json": metadata,
                    "auth_export/config.json": #"{"signIn": {"allowDuplicateEmails": true}}"#,
                ], "auth_export/config.json"
            ),
        ])
    func damagedExportRefused(_ files: [String: String], _ damaged: String) throws {
        let folder = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect { _ = try ExportFolder.read(folder, projectID: "demo-conformance") } throws: { error in
            guard let refusal = error as? ExportRefusal else { return false }
            return refusal.file == folder.appendingPathComponent(damaged).path && !refusal.description.contains("\n")
        }
    }

    @Test("a folder that does not exist is refused, as the emulator refuses it")
    func missingFolderRefused() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "serve-missing-\(UUID().uuidString)")
        #expect { _ = try ExportFolder.read(missing, projectID: "demo-conformance") } throws: { error in
            (error as? ExportRefusal)?.file == missing.path
        }
    }

    @Test("a damaged export stops the served executable before it serves, with one line naming the file")
    func damagedExportStopsTheServer() async throws {
        let folder = try Self.folder([
            "firebase-export-metadata.json": Self.metadata, Self.state: #"{"format": "conformance-serve-state""#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        switch try await ServeProcess.start(["--import", folder.path]) {
        case .success(let served):
            _ = await served.stop()
            Issue.record("the server served a damaged export")
        case .failure(let ending):
            #expect(ending.status == 1)
            let lines = ending.error.split(separator: "\n")
            #expect(lines.count == 1 && lines.first?.contains(folder.appendingPathComponent(Self.state).path) == true)
        }
    }

    @Test("what a killed export leaves beside the files, its temporary files, is never read as the export")
    func temporaryFilesNotRead() async throws {
        // A first export killed before it renamed anything: its temporary files only, and no metadata.
        let killed = try Self.folder([
            "auth_export/.conformance-state.json.4242.tmp": #"{"format": "conformance-serve-state", "version": 1, "#,
            ".firebase-export-metadata.json.4242.tmp": #"{"vers"#,
        ])
        defer { try? FileManager.default.removeItem(at: killed) }
        let nothing = try ExportFolder.read(killed, projectID: "demo-conformance")
        #expect(nothing.state == nil && nothing.summary.contains("starting empty"))
        // An export, then a second one killed while it wrote: the first one is read whole.
        let server = try ServedServer()
        defer { server.http.stop() }
        let signUp = try await ServedClient(baseURL: server.baseURL).post(
            "\(Self.v1)/accounts:signUp?key=k", ["email": "ada@example.com", "password": "ada-password"])
        #expect(signUp.status == 200)
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = await server.backend.lastingState()
        try ExportFolder.write(state, projectID: "demo-conformance", to: folder)
        for stray in [".firebase-export-metadata.json.4243.tmp", "auth_export/.conformance-state.json.4243.tmp"] {
            try Data("{\"half".utf8).write(to: folder.appendingPathComponent(stray))
        }
        let restored = try ServedServer()
        defer { restored.http.stop() }
        let imported = try ExportFolder.read(folder, projectID: "demo-conformance")
        await restored.backend.restore(try #require(imported.state))
        let signIn = try await ServedClient(baseURL: restored.baseURL).post(
            "\(Self.v1)/accounts:signInWithPassword?key=k", ["email": "ada@example.com", "password": "ada-password"])
        #expect(signIn.status == 200 && signIn.json?["localId"] as? String == signUp.json?["localId"] as? String)
    }
}
