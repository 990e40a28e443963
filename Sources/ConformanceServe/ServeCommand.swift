import ConformanceCommand
import ConformanceKit
import Dispatch
import Foundation
import IdentityToolkitServer
import LoopbackHTTP
import ReferenceAuth

/// `conformance serve [--port 9099] [--project demo-conformance] [--quiet] [--no-test-hooks] [--id-token-lifetime N]
/// [--totp-adjacent-intervals N]`: the reference backend served as an Identity Toolkit server on 127.0.0.1 and ::1,
/// until SIGINT or SIGTERM.
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
        /// `--benchmark [--repeat N]`: time the start-up and the catalogue over HTTP instead of serving.
        var benchmark: Int?
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
            """, exitStatus: "0 when stopped; 75 when the port is in use")

    /// The options of `serve`.
    package static let options: [CommandOption] = [
        CommandOption(
            "--port", .required("PORT"), subcommands: ["serve"], help: "the port (default 9099; 0: a free one)",
            valueHelp: "a port number from 0 to 65535"
        ) { text throws(CommandArguments.UsageError) in
            guard UInt16(text) != nil else {
                throw CommandArguments.UsageError("--port needs a port number from 0 to 65535, not \"\(text)\"")
            }
            return .init(text)
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
                ID tokens that last SECONDS (1 to 3600) instead of an hour, as a test server's: a suite told of it \
                (conformance --id-token-lifetime SECONDS) waits for them to expire in real time where there is no \
                time control
                """, valueHelp: "a whole number of seconds, 1 to 3600"
        ) { text throws(CommandArguments.UsageError) in
            guard let seconds = Int(text), (1...3600).contains(seconds) else {
                throw CommandArguments.UsageError(
                    "--id-token-lifetime needs a whole number of seconds, 1 to 3600, not \"\(text)\"")
            }
            return .init(text)
        },
        CommandOption(
            "--totp-adjacent-intervals", .required("N"), subcommands: ["serve"],
            help: """
                TOTP second factors enabled in every project and tenant (as mfa.providerConfigs' totpProviderConfig \
                sets them through the config API), accepting a code N 30-second intervals (0 to 10) before or after \
                the server's time
                """, valueHelp: "a whole number from 0 to 10"
        ) { text throws(CommandArguments.UsageError) in
            guard let intervals = Int(text), (0...10).contains(intervals) else {
                throw CommandArguments.UsageError(
                    "--totp-adjacent-intervals needs a whole number from 0 to 10, not \"\(text)\"")
            }
            return .init(text)
        },
        CommandOption(
            "--benchmark", subcommands: ["serve"],
            help: """
                instead of serving, time the start-up (until GET / answers), the rules the HTTP subject offers in \
                process, and the same rules over HTTP against a served server on a free port (a tenant per check, \
                then one check at a time) and against its handler with no socket between, 3 times (--repeat N), and \
                print the figures and how many times the in-process run each HTTP run takes
                """),
        CommandOption(
            "--repeat", .required("N"), subcommands: ["serve"], help: "with --benchmark: how many times (default 3)",
            valueHelp: "a count above 0"
        ) { text throws(CommandArguments.UsageError) in
            guard let count = Int(text), count > 0 else {
                throw CommandArguments.UsageError("--repeat needs a count above 0, not \"\(text)\"")
            }
            return .init(text)
        },
    ]

    static func settings(_ parsed: ParsedCommand) throws(CommandArguments.UsageError) -> Options {
        var options = Options()
        if let port = parsed.value("--port").flatMap({ UInt16($0) }) { options.port = port }
        if let project = parsed.value("--project") { options.project = project }
        options.quiet = parsed.has("--quiet")
        options.testHooks = !parsed.has("--no-test-hooks")
        if let seconds = parsed.value("--id-token-lifetime").flatMap({ Int($0) }) {
            options.idTokenLifetime = .seconds(seconds)
        }
        options.totpAdjacentIntervals = parsed.value("--totp-adjacent-intervals").flatMap { Int($0) }
        let repeats = parsed.value("--repeat").flatMap { Int($0) }
        if parsed.has("--benchmark") {
            options.benchmark = repeats ?? 3
        } else if repeats != nil {
            throw CommandArguments.UsageError(
                "--repeat says how many times serve --benchmark times: it needs --benchmark")
        }
        return options
    }

    /// Serves (or with `--benchmark` times) as `parsed`, a command line whose subcommand is `serve`, says; its help
    /// is the grammar's, printed by ``ConformanceCommand``.
    package static func run(_ parsed: ParsedCommand) async -> Never {
        let started = DispatchTime.now().uptimeNanoseconds
        let options: Options
        do { options = try Self.settings(parsed) } catch {
            FileHandle.standardError.write(
                Data("conformance serve: \(error.message)\n\n(conformance serve --help says more)\n".utf8))
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
        exit(CommandOutcome.success)
    }
}
