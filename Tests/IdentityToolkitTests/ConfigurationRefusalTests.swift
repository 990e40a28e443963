import ConformanceKit
import Foundation
import IdentityToolkitSubject
import MockIdP
import ReferenceTestSupport
import Testing

@Suite("The HTTP subject refuses, by name, every field of the configuration the server does not run")
struct ConfigurationRefusalTests {
    typealias Isolation = IdentityToolkitConfiguration.Isolation

    /// The field and reason the subject refuses `project` with, or nil when it takes it.
    static func refusal(
        _ project: ProjectConfiguration, isolation: Isolation = .projectPerCheck
    ) async -> (field: String, reason: String)? {
        let (subject, server) = httpSubject(isolation: isolation)
        defer { _ = server }
        do {
            _ = try await subject.makeBackend(configuration: project, world: World())
            return nil
        } catch .unsupported(let field, let reason) { return (field, reason) } catch {
            Issue.record("refused with \(error), not as unsupported")
            return nil
        }
    }

    @Test("a field no code of the subject names (the bundle ID, Apple's team ID) is refused with both values")
    func unhandledField() async throws {
        let refused = try #require(await Self.refusal(.standard.with(\.bundleID, "com.example.other")))
        #expect(refused.field == "bundleID")
        #expect(
            refused.reason.contains(#"bundleID: asked "com.example.other", the server keeps "com.example.conformance""#)
        )
        let team = try #require(await Self.refusal(.standard.with(\.apple.teamID, "OTHERTEAM1")))
        #expect(team.field == "apple.teamID")
    }

    @Test("every differing field is named at once")
    func everyField() async throws {
        let project = ProjectConfiguration.standard.with(\.phone.codeLifetime, .seconds(120)).with(
            \.multiFactor.pendingSignInLifetime, .seconds(60)
        ).with(\.passwordMinimumLength, 8)
        let refused = try #require(await Self.refusal(project))
        #expect(refused.field == "phone.codeLifetime, multiFactor.pendingSignInLifetime, passwordMinimumLength")
        #expect(refused.reason.contains("phone.codeLifetime: asked 120s, the server keeps 300s"))
        #expect(
            refused.reason.contains(
                "passwordMinimumLength: asked 8, the server keeps 6 (the Auth Emulator's minimum is 6)"))
    }

    @Test(
        """
        what the subject sets itself is taken (its own project, the texts' app name, its calls' timeout, a looser \
        limit)
        """)
    func taken() async throws {
        let project = ProjectConfiguration.standard.with(\.projectID, "other-project").with(\.appName, "Other App")
            .with(\.networkTimeout, .seconds(5)).with(\.phone.verificationLimit.maxRequests, 1000)
        #expect(await Self.refusal(project) == nil)
    }

    @Test("a tighter verification limit is refused, with the message a not-applicable check shows")
    func tighterLimit() async throws {
        let tighter = try #require(await Self.refusal(.standard.with(\.phone.verificationLimit.maxRequests, 3)))
        let message = "\(ConfigurationError.unsupported(field: tighter.field, reason: tighter.reason))"
        #expect(
            message == "the subject cannot take phone.verificationLimit.maxRequests from the project configuration: "
                + "phone.verificationLimit.maxRequests: asked 3, the server keeps 5 (a tighter limit than the standard "
                + "project's cannot be set); the server takes its settings from its own console, not from the suite "
                + "(it has no config API)")
    }

    @Test(
        "a second project is refused when the server serves one project",
        arguments: [Isolation.oneCheckAtATime, .tenantPerCheck])
    func secondProject(_ isolation: Isolation) async throws {
        let refused = try #require(
            await Self.refusal(.standard.with(\.projectID, "another-project"), isolation: isolation))
        #expect(refused.field == "projectID" && refused.reason.contains("a second project needs admin credentials"))
    }
}
