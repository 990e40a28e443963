import ConformanceKit
import Foundation
import MockIdP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What is wrong with the server before any check runs: asked once, so that a server that is not there, has no
/// outbox the suite can read, or serves another project is one clear message instead of a failure per check
/// ("no SMS was sent" 37 times when the emulator was started on another project).
public enum ServerProblem: Sendable, Hashable, CustomStringConvertible {
    /// The server does not answer at all.
    case unreachable(String)
    /// The configured ``OutboxReader`` cannot read the server's outboxes (for ``EmulatorTestHooks``: it is not
    /// the Auth Emulator).
    case noOutbox(String)
    /// The server serves another project than the one named.
    case otherProject(served: String, named: String)

    public var description: String {
        switch self {
        case .unreachable(let reason): reason
        case .noOutbox(let reason): reason
        case .otherProject(let served, let named): "the server serves project \(served), not \(named)"
        }
    }
}

extension IdentityToolkitSubject {
    /// The first problem the server has before a run, or nil when it answers, its outboxes can be read, and it
    /// serves ``IdentityToolkitConfiguration/projectID``. The project is read from the `aud` of an ID token the
    /// server issues to a new anonymous user (deleted again at once); a server that signs up no anonymous user
    /// is taken at its word.
    public func preflight(timeout: Duration = .seconds(10)) async -> ServerProblem? {
        if let reason = await unreachableReason(timeout: timeout) { return .unreachable(reason) }
        let http = IdentityToolkitHTTP(
            baseURL: configuration.baseURL, apiKey: configuration.apiKey,
            session: URLSession(configuration: configuration.makeSessionConfiguration()), world: World(),
            timeout: timeout)
        do throws(AuthError) {
            _ = try await configuration.outboxReader.texts(projectID: configuration.projectID, over: http)
        } catch {
            return .noOutbox(
                "its outbox cannot be read (\(error.message)), so no text or email it sends can reach a check")
        }
        guard let served = await servedProject(over: http), served != configuration.projectID else { return nil }
        return .otherProject(served: served, named: configuration.projectID)
    }

    private func servedProject(over http: IdentityToolkitHTTP) async -> String? {
        let signUp: FixtureValue = .object([
            "returnSecureToken": .bool(true), "clientType": .string(SDKEndpoint.clientType),
        ])
        guard let answer = try? await http.post(.signupNewUser, signUp), let idToken = answer["idToken"]?.stringValue
        else { return nil }
        let uid = answer["localId"]?.stringValue ?? ""
        _ = try? await http.post(.deleteAccount, .object(["idToken": .string(idToken), "localId": .string(uid)]))
        let parts = idToken.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            let claims = try? JSONDecoder().decode(FixtureValue.self, from: payload)
        else { return nil }
        return claims["aud"]?.stringValue
    }
}
