import ConformanceKit
import Foundation
import ReferenceAuth

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder `conformance serve --export-on-exit DIR` writes and `--import DIR` reads, in the Auth Emulator's layout
/// (firebase-tools `src/emulator/hubExport.ts`, `src/emulator/auth/index.ts` `importData`):
/// `DIR/firebase-export-metadata.json` (`{"version": …, "auth": {"version": …, "path": "auth_export"}}`) names the
/// auth export's folder, which holds `config.json` (the emulator's project config:
/// `{"signIn": {"allowDuplicateEmails": false}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": false}}`),
/// `accounts.json` (the default project's users as `accounts:batchGet` answers them,
/// `{"kind": "identitytoolkit#DownloadAccountResponse", "users": […]}`) and `accounts-TENANT.json` for each tenant.
///
/// The server writes that layout, and beside it `conformance-state.json`: the whole ``ServerState`` (every project and
/// tenant, their settings, their accounts whole), which is what it reads back. A folder without that file is an
/// emulator's export (``EmulatorExport``): the default project's `config.json` and `accounts.json`, and what the
/// emulator writes but does not read back, its tenants' `accounts-TENANT.json`.
///
/// Each file is written to a temporary name in the same folder (`.NAME.PID.tmp`), flushed to the disk and renamed
/// over the old one, the state before the metadata: a process killed while it exports leaves the previous export whole
/// (the state file is either the old one or the new one), and a temporary file is never read as the export. A file
/// that cannot be read as what it should be is refused by name, in one line (``ExportRefusal``), before anything is
/// served.
package enum ExportFolder {
    static let metadataFile = "firebase-export-metadata.json"
    static let authFolder = "auth_export"
    static let stateFile = "conformance-state.json"
    static let configFile = "config.json"
    static let accountsFile = "accounts.json"
    /// What this server writes as the export's version (the emulator writes its CLI's version there).
    static let version = "conformance-serve-\(ServerState.currentVersion)"

    /// What an import found: the state to restore (nil: nothing to import), and a line saying what it was.
    package struct Imported: Sendable {
        package let state: ServerState?
        package let summary: String
    }

    // MARK: Reading

    /// The export in `folder`, for the default project `projectID` (an emulator's export names none). As the emulator
    /// reads `--import` (firebase-tools `src/emulator/controller.ts` `findExportMetadata`), a folder that does not
    /// exist is refused, and one without the metadata file holds nothing to import.
    package static func read(_ folder: URL, projectID: String) throws(ExportRefusal) -> Imported {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ExportRefusal(folder, "no such folder to import")
        }
        let metadataURL = folder.appendingPathComponent(metadataFile)
        guard FileManager.default.fileExists(atPath: metadataURL.path) else {
            return Imported(state: nil, summary: "\(folder.path) holds no export (no \(metadataFile)): starting empty")
        }
        guard case .object(let metadata) = try json(at: metadataURL) else {
            throw ExportRefusal(metadataURL, "not an export's metadata: a JSON object was expected")
        }
        guard metadata["version"]?.stringValue != nil else {
            throw ExportRefusal(metadataURL, "not an export's metadata: it names no version")
        }
        guard let auth = metadata["auth"] else {
            return Imported(state: nil, summary: "\(metadataURL.path) names no auth export: starting empty")
        }
        guard let path = auth["path"]?.stringValue, !path.isEmpty, !path.hasPrefix("/"),
            !path.split(separator: "/").contains("..")
        else { throw ExportRefusal(metadataURL, "auth.path must name a folder inside the export") }
        let authURL = folder.appendingPathComponent(path)
        let stateURL = authURL.appendingPathComponent(stateFile)
        let state: ServerState
        if FileManager.default.fileExists(atPath: stateURL.path) {
            state = try serverState(at: stateURL)
        } else {
            state = try EmulatorExport.read(authURL, projectID: projectID)
        }
        let users = state.projects.reduce(0) { $0 + $1.accounts.users.count }
        return Imported(
            state: state,
            summary: """
                imported \(users) users in \(state.projects.count) projects and tenants from \(folder.path)\
                \(FileManager.default.fileExists(atPath: stateURL.path) ? "" : " (an Auth Emulator export)")
                """)
    }

    /// The state file, checked: its format, its version, and each project's name and configuration.
    static func serverState(at url: URL) throws(ExportRefusal) -> ServerState {
        struct Header: Decodable {
            let format: String?
            let version: Int?
        }
        let data = try contents(of: url)
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw ExportRefusal(url, "not JSON, or not a JSON object: the file is damaged")
        }
        guard header.format == ServerState.formatName else {
            throw ExportRefusal(
                url, "not a \(ServerState.formatName) file (its format is \(header.format ?? "missing"))")
        }
        guard header.version == ServerState.currentVersion else {
            throw ExportRefusal(
                url,
                """
                version \(header.version.map(String.init) ?? "missing") of \(ServerState.formatName), which this \
                server does not read (it reads version \(ServerState.currentVersion))
                """)
        }
        let state: ServerState
        do { state = try decoder.decode(ServerState.self, from: data) } catch {
            throw ExportRefusal(url, "damaged: \(describe(error))")
        }
        var names: Set<String> = []
        for project in state.projects {
            let (projectID, tenant) = project.scope
            guard !projectID.isEmpty, tenant.map({ !$0.isEmpty && !$0.contains("/") }) ?? true,
                names.insert(project.name).inserted
            else {
                throw ExportRefusal(url, "damaged: the project name \"\(project.name)\" is empty, malformed or twice")
            }
            do { _ = try project.configuration.validated() } catch {
                throw ExportRefusal(url, "damaged: the configuration of \(project.name): \(error)")
            }
            guard project.configuration.projectID == projectID else {
                throw ExportRefusal(
                    url, "damaged: \(project.name) holds the configuration of \(project.configuration.projectID)")
            }
        }
        return state
    }

    static func contents(of url: URL) throws(ExportRefusal) -> Data {
        do { return try Data(contentsOf: url) } catch {
            throw ExportRefusal(url, "cannot be read: \(error.localizedDescription)")
        }
    }

    /// The JSON value in the file at `url`.
    static func json(at url: URL) throws(ExportRefusal) -> FixtureValue {
        guard let value = FixtureValue(json: try contents(of: url)) else {
            throw ExportRefusal(url, "not JSON: the file is damaged")
        }
        return value
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let (path, message): ([any CodingKey], String) =
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                (context.codingPath, context.debugDescription)
            @unknown default: ([], "\(error)")
            }
        let at = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return at.isEmpty ? message : "at \(at): \(message)"
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    // MARK: Writing

    /// Writes `state` to `folder` (made if missing), the default project being `projectID`.
    package static func write(_ state: ServerState, projectID: String, to folder: URL) throws(ExportRefusal) {
        let authURL = folder.appendingPathComponent(authFolder)
        do { try FileManager.default.createDirectory(at: authURL, withIntermediateDirectories: true) } catch {
            throw ExportRefusal(authURL, "cannot be made: \(error.localizedDescription)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        // What the emulator's layout holds, for whoever reads the export as the emulator's: the default project's
        // config and users, and each of its tenants' users.
        for project in state.projects where project.scope.projectID == projectID {
            let file = project.scope.tenant.map { "accounts-\($0).json" } ?? accountsFile
            try replace(authURL.appendingPathComponent(file), with: EmulatorExport.accounts(of: project).encoded)
            if project.scope.tenant == nil {
                try replace(
                    authURL.appendingPathComponent(configFile),
                    with: EmulatorExport.config(protectingEmails: project.protectsEmailEnumeration).encoded)
            }
        }
        let stateData: Data
        do { stateData = try encoder.encode(state) } catch {
            throw ExportRefusal(authURL.appendingPathComponent(stateFile), "cannot be encoded: \(error)")
        }
        try replace(authURL.appendingPathComponent(stateFile), with: stateData)
        let metadata = FixtureValue.object([
            "version": .string(version), "auth": .object(["version": .string(version), "path": .string(authFolder)]),
        ])
        try replace(folder.appendingPathComponent(metadataFile), with: metadata.encoded)
    }

    /// Replaces the file at `url` with `data`: written to a temporary name beside it, flushed, then renamed over it.
    static func replace(_ url: URL, with data: Data) throws(ExportRefusal) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
                throw CocoaError(.fileWriteUnknown)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.synchronize()
        } catch {
            unlink(temporary.path)
            throw ExportRefusal(temporary, "cannot be written: \(error.localizedDescription)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let failure = lastError
            unlink(temporary.path)
            throw ExportRefusal(url, "cannot be replaced: \(failure)")
        }
        // The rename itself reaches the disk with the folder's entry.
        let folderDescriptor = open(folder.path, O_RDONLY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}

/// Why an export cannot be imported or written: the file, and what is wrong with it, in one line.
package struct ExportRefusal: Error, CustomStringConvertible {
    package let file: String
    package let problem: String

    init(_ url: URL, _ problem: String) {
        file = url.path
        self.problem = problem.replacingOccurrences(of: "\n", with: " ")
    }

    package var description: String { "\(file): \(problem)" }
}
