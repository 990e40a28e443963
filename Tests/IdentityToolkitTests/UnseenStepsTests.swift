import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import Synchronization
import Testing

/// What a check cannot see it does not judge: a check whose judged steps the server never answered, or whose tokens it
/// cannot tell from forgeries, is not judged, never passed; and what the server's answer shows is judged without the
/// mails when the answer suffices.
@Suite("Checks judge what they can see, and nothing else")
struct UnseenStepsTests {
    /// The results of `checks` against `subject`, by check.
    static func results(
        of checks: Set<CheckID>, on subject: any ConformanceSubject
    ) async throws -> [CheckID: CheckResult] {
        let heard = Mutex<[CheckID: CheckResult]>([:])
        await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(
            RuleCatalogue.rules(checks.map(\.rule)), only: checks
        ) { id, result in heard.withLock { $0[id] = result } }
        return heard.withLock { $0 }
    }

    /// A server in production's layout answered by `server`, with `answer` in front of it: a response of its own, or
    /// nil to let the server answer.
    static func subject(
        of server: IdentityToolkitServer, named name: String,
        answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse? = { _ in nil }
    ) -> IdentityToolkitSubject {
        let baseURL = FakeServerURLProtocol.register("unseen") { request in
            if let own = answer(request) { return own }
            return await HooklessServer.handle(request, forwardingTo: server)
        }
        var configuration = HooklessServer.configuration(at: baseURL, of: server, name: name)
        configuration.flows = [.password, .emailLink]
        return IdentityToolkitSubject(configuration)
    }

    @Test("with every securetoken call answered 404, the checks that judge a refresh's answer are not judged")
    func noRefreshRoute() async throws {
        let server = IdentityToolkitServer(
            reference: ReferenceSubject(), defaultProjectID: ProjectConfiguration.standard.projectID)
        let subject = Self.subject(of: server, named: "a server with no refresh route") { request in
            guard request.url.path == "/v1/token" else { return nil }
            return HTTPResponse(
                status: 404, headers: ["Content-Type": "text/html"], body: Data("<html>Not Found</html>".utf8))
        }
        let (prepared, _) = try await subject.preflighted()
        let checks: Set<CheckID> = [
            "AUTH-7/door-refresh-beside-revocation", "AUTH-3/sign-out-during-refresh",
            "AUTH-3/sign-out-refresh-answer-held", "LINK-10/impostor-session-ended",
        ]
        let results = try await Self.results(of: checks, on: prepared)
        #expect(Set(results.keys) == checks)
        for (id, result) in results {
            #expect(result.status == .notJudged, "\(id): \(result.status) \(result.message ?? "")")
            #expect(result.message?.contains("/v1/token") == true && result.message?.contains("404") == true)
        }
    }

    @Test("a server whose ID tokens are unsigned leaves the forged-token check not judged, saying why")
    func unsignedTokens() async throws {
        // The reference taking unsigned tokens, its answers' ID tokens written unsigned (`alg: none`), as the Auth
        // Emulator's are.
        let server = IdentityToolkitServer(
            reference: ReferenceSubject(defects: [.acceptsUnsignedIDTokens]),
            defaultProjectID: ProjectConfiguration.standard.projectID, issuesUnsignedTokens: true)
        let baseURL = FakeServerURLProtocol.register("unsigned") { request in
            Self.unsigningTokens(in: await HooklessServer.handle(request, forwardingTo: server))
        }
        var configuration = HooklessServer.configuration(at: baseURL, of: server, name: "a server of unsigned tokens")
        configuration.flows = [.password]
        let (prepared, _) = try await IdentityToolkitSubject(configuration).preflighted()
        let check: CheckID = "AUTH-4/tampered-tokens-refused"
        let result = try #require(try await Self.results(of: [check], on: prepared)[check])
        #expect(result.status == .notJudged, "\(result.status) \(result.message ?? "")")
        #expect(result.message?.contains("unverifiable (alg none)") == true, "\(result.message ?? "")")
    }

    /// `response` with every ID token of its JSON body unsigned: the header `alg: none`, the payload as it was, no
    /// signature.
    static func unsigningTokens(in response: HTTPResponse) -> HTTPResponse {
        guard var json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            return response
        }
        let none = Base64URL.encode(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
        for key in ["idToken", "id_token", "access_token"] {
            guard let token = json[key] as? String else { continue }
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 3 { json[key] = "\(none).\(parts[1])." }
        }
        var unsigned = response
        unsigned.body = (try? JSONSerialization.data(withJSONObject: json)) ?? response.body
        unsigned.headers = unsigned.headers.filter { $0.key.lowercased() != "content-length" }
        return unsigned
    }

    /// LINK-2 and LINK-14 judge the refusal in the server's answer to `sendOobCode` where no mail can be read.
    @Test(
        "without an outbox or the administrator's links, a refused continue URL or link domain is still judged",
        arguments: [
            (nil, "LINK-2/bad-continue-url-refused" as CheckID, ConformanceStatus.pass),
            (nil, "LINK-14/unknown-domain-refused", .pass),
            (Defect.acceptsUnauthorizedContinueURL, "LINK-2/bad-continue-url-refused", .fail),
            (.acceptsAnyLinkDomain, "LINK-14/unknown-domain-refused", .warn),
        ])
    func answerWithoutMails(_ defect: Defect?, _ check: CheckID, _ expected: ConformanceStatus) async throws {
        let fake = HooklessServer(defects: defect.map { [$0] } ?? [])
        var configuration = HooklessServer.configuration(
            at: fake.baseURL, of: fake.server, name: "a server whose mails cannot be read")
        configuration.adminToken = nil
        configuration.flows = [.password, .emailLink]
        let (prepared, _) = try await IdentityToolkitSubject(configuration).preflighted()
        #expect(!prepared.capabilities.readsMails)
        let result = try #require(try await Self.results(of: [check], on: prepared)[check])
        #expect(result.status == expected, "\(defect?.rawValue ?? "clean"): \(result.status) \(result.message ?? "")")
    }
}
