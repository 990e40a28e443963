import ConformanceCommand
import ConformanceKit
import Dispatch
import Foundation
import IdentityToolkitServer
import LoopbackHTTP
import ReferenceAuth

/// `conformance serve [--port 9099] [--project demo-conformance] [--quiet] [--no-test-hooks] [--id-token-lifetime N]
/// [--totp-adjacent-intervals N] [--import DIR] [--export-on-exit DIR]`: the reference backend served as an Identity
/// Toolkit server on 127.0.0.1 and ::1, until SIGINT or SIGTERM, its state read from an export before it serves and
/// written to one when it stops (``ExportFolder``).
package enum ServeCommand {
    /// The exit status when the port is taken (EX_TEMPFAIL: try again once the other server is gone).
    static let portInUse: Int32 = 75

    struct Options {
        var port: UInt16 = 9099
        var project = "demo-conformance"
        var quiet = false
        /// `--no-test-hooks`: none of the emulator's hooks, as a production project.
        var testHooks = true
        /// `--id-token-lifetime SECONDS`: ID tokens that last that long instead of an hour, as a test server's.
        var idTokenLifetime = Duration.seconds(3600)
        /// `--totp-adjacent-intervals N`: TOTP second factors on in every project, N intervals either side accepted.
        var totpAdjacentIntervals: Int?
        /// `--benchmark [--runs N]`: time the start-up and the catalogue over HTTP instead of serving.
        var benchmark: Int?
        /// `--import DIR`: the export the server starts from.
        var importFolder: URL?
        /// `--export-on-exit DIR`: where the server writes its state when SIGINT or SIGTERM stops it.
        var exportFolder: URL?
    }

    /// `serve`, as the help describes it.
    package static let subcommand = Subcommand(
        "serve", summary: "serve the reference as an Identity Toolkit server on loopback, until SIGINT or SIGTERM",
        discussion: """
            It answers on 127.0.0.1:PORT and [::1]:PORT (localhost reaches it either way), with CORS as the emulator \
            answers it, in the Auth Emulator's layout: /identitytoolkit.googleapis.com/…, \
            /securetoken.googleapis.com/v1/token, /emulator/v1/projects/ID/{verificationCodes,oobCodes,accounts}, and \
            the time control POST /emulator/v1/projects/ID/clock:advance {"seconds": N} (answers {"now": "<RFC 3339 \
            time>"}), and Identity Platform's config API: GET|PATCH \
            /identitytoolkit.googleapis.com/v2/projects/ID/config and …/v2/projects/ID/tenants/TENANT (sign-in \
            methods, test phone numbers, authorized domains, mfa.state, mfa.providerConfigs (TOTP), \
            passwordPolicyConfig; Authorization: Bearer owner). GET / answers once it is ready.
            """,
        exitStatus: """
            0 when stopped; 1 when --import refuses an export; 73 when the export on exit cannot be written; 75 \
            when the port is in use
            """)

    /// The options of `serve`.
    package static let options: [CommandOption] = [
        CommandOption(
            "--port", .required("PORT"), subcommands: ["serve"], help: "the port (default 9099; 0: a free one)",
            valueHelp: "a port number from 0 to 65535"
        ) { text throws(CommandUsageError) in
            guard let port = UInt16(text) else {
                throw CommandUsageError("--port needs a port number from 0 to 65535, not \"\(text)\"")
            }
            return port
        },
        CommandOption(
            "--project", .required("ID"), subcommands: ["serve"],
            help: "the default project (demo-conformance); any project a request names is served too",
            valueHelp: "a project ID"), CommandOption("--quiet", subcommands: ["serve"], help: "no line per request"),
        CommandOption(
            "--no-test-hooks", subcommands: ["serve"],
            help: """
                none of the emulator's hooks (/emulator/v1/…: outboxes, reset, time control, service account answer \
                404), as a production project: a server to judge as one is judged
                """),
        CommandOption(
            "--id-token-lifetime", .required("SECONDS"), subcommands: ["serve"],
            help: """
                the lifetime of the server's ID tokens in seconds (1 to 3600) instead of an hour, as a test server's: \
                a suite told of it (conformance --id-token-lifetime SECONDS) waits a lifetime of a minute or less in \
                real time where there is no time control
                """, valueHelp: "a whole number of seconds, 1 to 3600"
        ) { text throws(CommandUsageError) in try IdentityToolkitCommandLine.idTokenLifetime(text) },
        CommandOption(
            "--totp-adjacent-intervals", .required("N"), subcommands: ["serve"],
            help: """
                TOTP second factors enabled in every project and tenant (as mfa.providerConfigs' totpProviderConfig \
                sets them through the config API), accepting a code N 30-second intervals (0 to 10) before or after \
                the server's time
                """, valueHelp: "a whole number from 0 to 10"
        ) { text throws(CommandUsageError) in
            guard let intervals = Int(text), (0...10).contains(intervals) else {
                throw CommandUsageError("--totp-adjacent-intervals needs a whole number from 0 to 10, not \"\(text)\"")
            }
            return intervals
        },
        CommandOption(
            "--import", .required("DIR"), subcommands: ["serve"],
            help: """
                start from the export in DIR, in the Auth Emulator's layout (firebase-export-metadata.json, \
                auth_export/): this server's own export whole (every project and tenant, their users, factors, \
                providers and settings), or an emulator's (its config.json and accounts.json, and its tenants' \
                accounts-TENANT.json); a damaged or foreign file is refused by name and nothing is served
                """, valueHelp: "a folder"),
        CommandOption(
            "--export-on-exit", .required("DIR"), subcommands: ["serve"],
            help: """
                when SIGINT or SIGTERM stops the server, write its state to DIR in the same layout (each file \
                replaced whole, so a kill during the export leaves the previous one); sessions and signing keys are \
                not kept: clients sign in again
                """, valueHelp: "a folder"),
        CommandOption(
            "--benchmark", subcommands: ["serve"],
            help: """
                instead of serving, time the start-up (until GET / answers), the rules the HTTP subject offers in \
                process, and the same rules over HTTP against a served server on a free port (a tenant per check, \
                then one check at a time) and against its handler with no socket between, 3 times (--runs N), and \
                print the figures and how many times the in-process run each HTTP run takes
                """),
        CommandOption(
            "--runs", .required("N"), subcommands: ["serve"], help: "with --benchmark: how many times (default 3)",
            valueHelp: "a positive whole number of runs", reading: CommandOption.count("--runs", of: "runs")),
    ]

    static func settings(_ parsed: ParsedCommand) throws(CommandUsageError) -> Options {
        var options = Options()
        if let port = parsed.typed("--port", as: UInt16.self) { options.port = port }
        if let project = parsed.value("--project") { options.project = project }
        options.quiet = parsed.has("--quiet")
        options.testHooks = !parsed.has("--no-test-hooks")
        if let lifetime = parsed.typed("--id-token-lifetime", as: Duration.self) { options.idTokenLifetime = lifetime }
        options.totpAdjacentIntervals = parsed.typed("--totp-adjacent-intervals")
        options.importFolder = parsed.value("--import").map { URL(fileURLWithPath: $0) }
        options.exportFolder = parsed.value("--export-on-exit").map { URL(fileURLWithPath: $0) }
        let repeats = parsed.typed("--runs", as: Int.self)
        if parsed.has("--benchmark") {
            options.benchmark = repeats ?? 3
        } else if repeats != nil {
            throw CommandUsageError("--runs says how many times serve --benchmark times: it needs --benchmark")
        }
        return options
    }

    /// Serves (or with `--benchmark` times) as `parsed`, a command line whose subcommand is `serve`, says; its help
    /// is the grammar's, printed by ``ConformanceCommand``.
    package static func run(_ parsed: ParsedCommand, of arguments: [String], in grammar: CommandGrammar) async -> Never
    {
        let started = DispatchTime.now().uptimeNanoseconds
        let options: Options
        do { options = try Self.settings(parsed) } catch {
            FileHandle.standardError.write(Data(UsageText(grammar: grammar).usageError(error, arguments).utf8))
            exit(CommandOutcome.usageError)
        }
        if let repeats = options.benchmark {
            let report = await ServeBenchmark.run(repeats: repeats)
            print(report.rendered + "\n\n" + ServeBenchmark.ratios(report))
            exit(CommandOutcome.success)
        }
        let backend = IdentityToolkitServer(
            defaultProjectID: options.project, followsRealTime: true, recordsRequests: false,
            servesTestHooks: options.testHooks, idTokenLifetime: options.idTokenLifetime,
            totpAdjacentIntervals: options.totpAdjacentIntervals)
        let output = FileHandle.standardOutput
        // Everything is read and checked before the port opens: a server never serves half an import.
        if let folder = options.importFolder {
            do {
                let imported = try ExportFolder.read(folder, projectID: options.project)
                if let state = imported.state { await backend.restore(state) }
                output.write(Data("conformance serve: \(imported.summary)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("conformance serve: --import refused: \(error)\n".utf8))
                exit(CommandOutcome.failure)
            }
        }
        var log: LoopbackHTTPServer.Log?
        if !options.quiet { log = { line in output.write(Data("\(line)\n".utf8)) } }
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer(
                port: options.port, handler: { request in await backend.handle(request) },
                rejection: { status, message in IdentityToolkitServer.invalidArgument(message, code: status) }, log: log
            )
        } catch {
            FileHandle.standardError.write(Data("conformance serve: \(error)\n".utf8))
            exit(error == .portInUse(options.port) ? portInUse : CommandOutcome.failure)
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        output.write(
            Data(
                """
                conformance serve: the reference Identity Toolkit for project \(options.project) at \
                http://127.0.0.1:\(server.port) (ready in \(String(format: "%.0f", milliseconds)) ms)
                FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:\(server.port)
                ID tokens: RS256 under http://127.0.0.1:\(server.port)\(IdentityToolkitServer.publishedKeysPath)

                """.utf8))
        Task.detached(priority: .utility) { IdentityToolkitServer.prepareSigningKey() }
        let signal = await StopSignal.next()
        server.stop()
        output.write(Data("conformance serve: stopped on \(signal)\n".utf8))
        if let folder = options.exportFolder {
            // The server has stopped answering: the state written is the one its last answer left.
            do {
                let state = await backend.lastingState()
                try ExportFolder.write(state, projectID: options.project, to: folder)
                output.write(Data("conformance serve: exported to \(folder.path)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("conformance serve: the export failed: \(error)\n".utf8))
                exit(CommandOutcome.cannotWrite)
            }
        }
        exit(CommandOutcome.success)
    }
}
