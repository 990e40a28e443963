import ConformanceKit
import Foundation
import HTTPMessages
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import Synchronization
import Testing
import WorldProviderEndpoints

// TEMPORARY exploration, not committed.
final class FieldSpoiler: Sendable {
    let server = IdentityToolkitServer(
        defaultProjectID: ProjectConfiguration.standard.projectID, recordsRequests: false)
    let field: String
    let value: String
    let names = Mutex<Set<String>>([])
    init(field: String, value: String) {
        self.field = field
        self.value = value
    }
    func answer(_ request: HTTPRequest) async -> HTTPResponse {
        var real = await server.handle(request)
        guard !SpoilingServer.setsUp(request), let json = FixtureValue(json: real.body) else { return real }
        real.body = Data(rewrite(json).utf8)
        return real
    }
    func rewrite(_ value: FixtureValue) -> String {
        switch value {
        case .object(let fields):
            names.withLock { $0.formUnion(fields.keys) }
            return "{"
                + fields.keys.sorted().map { name in
                    let key = String(decoding: FixtureValue.string(name).encoded, as: UTF8.self)
                    return "\(key):" + (name == field ? self.value : rewrite(fields[name]!))
                }.joined(separator: ",") + "}"
        case .array(let elements): return "[" + elements.map(rewrite).joined(separator: ",") + "]"
        case .string(let text):
            if let inner = FixtureValue(json: Data(text.utf8)), case .object = inner {
                return String(decoding: FixtureValue.string(rewrite(inner)).encoded, as: UTF8.self)
            }
            return String(decoding: value.encoded, as: UTF8.self)
        default: return String(decoding: value.encoded, as: UTF8.self)
        }
    }
}

struct HostileSweepTests {
    static let values = [
        "null", "1e300", "-1", "9223372036854775808", "-0", "1.5", #""NaN""#, #""inf""#, #""1e300""#, #""-1""#, #""""#,
        "true", "{}", "[]", "[{}]", #""x""#, #""9223372036854775808""#, "-1e300", #""-inf""#,
    ]
    static let fields: [String] = (ProcessInfo.processInfo.environment["SWEEP_FIELDS"] ?? "").split(separator: ",").map(
        String.init)

    @Test(arguments: fields)
    func sweep(_ field: String) async throws {
        let providers = try WorldProviderEndpoints()
        defer { providers.stop() }
        for value in Self.values {
            let spoiler = FieldSpoiler(field: field, value: value)
            let server = spoiler.server
            var configuration = IdentityToolkitConfiguration(
                baseURL: server.baseURL, projectID: server.defaultProjectID, apiKey: "any-key",
                isolation: .projectPerCheck, newProject: { server.newProject($0) },
                makeSessionConfiguration: { server.urlSessionConfiguration() },
                publishedKeys: .at(server.publishedKeysURL), name: "sweep")
            configuration.answersInProcess = { await spoiler.answer($0) }
            configuration.providerEndpoints = providers
            configuration.takesProviderEndpoints = true
            configuration.timeControl = true
            configuration.configAPI = true
            let report = await
                (try ConformanceRunner(subject: IdentityToolkitSubject(configuration), options: .overHTTP)).run()
            let checks = report.results.flatMap(\.checks)
            let hangs = checks.filter { $0.failure?.kind == .hang || $0.failure?.kind == .crash }
            print(
                "SWEEP \(field)=\(value): pass \(checks.count { $0.status == .pass }) fail \(checks.count { $0.status == .fail }) \(report.durationSeconds)s"
            )
            for hang in hangs { print("SWEEPHANG \(field)=\(value): \(hang.message ?? "")") }
            if field == "_names" {
                print("NAMES \(spoiler.names.withLock { $0.sorted() })");
                break
            }
        }
    }
}
