import ConformanceKit
import Foundation
import ReferenceAuth

/// What a served server keeps across a restart (`conformance serve --export-on-exit DIR`, then `--import DIR`): every
/// project and every tenant it served, each with its settings and its accounts whole.
///
/// Kept: each project's and tenant's ``ProjectConfiguration`` (sign-in methods, test numbers, authorized domains, the
/// multi-factor and password settings, the identity providers turned on or off), its email enumeration protection,
/// the provider endpoints it was pointed at, its accounts as the backend stores them (``LastingAccounts``: passwords
/// as their salted hashes, second factors with their full numbers, linked providers), each user's `validSince` and
/// custom claims, and its clock where the time control drove it (a clock that follows real time goes on doing so).
///
/// Not kept: sessions, and the key the ID tokens are signed with. A token issued before the restart does not verify
/// after it (its refresh token is unknown, its signature under a key the server no longer publishes), as the Auth
/// Emulator's tokens do not outlive it either: a client signs in again, with the same credentials. Codes in flight
/// (SMS, action links, pending second factors), the outboxes, rate limits and lockouts are not kept either.
package struct ServerState: Sendable, Codable {
    /// The name the state file gives its format, so that another file is told from it.
    package static let formatName = "conformance-serve-state"
    /// The version of the format this server writes and reads.
    package static let currentVersion = 1

    package var format: String
    package var version: Int
    package var projects: [Project]

    package init(projects: [Project]) {
        format = Self.formatName
        version = Self.currentVersion
        self.projects = projects
    }

    /// One project, or one tenant of a project.
    package struct Project: Sendable, Codable {
        /// The project's ID, or `PROJECT/tenants/TENANT` for a tenant.
        package var name: String
        package var configuration: ProjectConfiguration
        package var protectsEmailEnumeration: Bool
        package var accounts: LastingAccounts
        /// The administrator's `validSince` of each user, in seconds since 1970.
        package var validSince: [String: Int]
        /// The custom claims of each user.
        package var customClaims: [String: [String: FixtureValue]]
        /// Where the project reaches GitHub and Apple (`providerEndpoints` of its IdP configs), if it was pointed.
        package var providerEndpoints: URL?
        /// The project's clock, where the time control drove it; nil for a clock that follows real time.
        package var drivenClock: Date?

        package init(
            name: String, configuration: ProjectConfiguration, protectsEmailEnumeration: Bool = false,
            accounts: LastingAccounts, validSince: [String: Int] = [:],
            customClaims: [String: [String: FixtureValue]] = [:], providerEndpoints: URL? = nil,
            drivenClock: Date? = nil
        ) {
            self.name = name
            self.configuration = configuration
            self.protectsEmailEnumeration = protectsEmailEnumeration
            self.accounts = accounts
            self.validSince = validSince
            self.customClaims = customClaims
            self.providerEndpoints = providerEndpoints
            self.drivenClock = drivenClock
        }

        /// The project's ID and its tenant, read from ``name``.
        package var scope: (projectID: String, tenant: String?) {
            let parts = name.components(separatedBy: "/tenants/")
            return (parts[0], parts.count == 2 ? parts[1] : nil)
        }
    }
}

extension IdentityToolkitServer {
    /// Every project and tenant the server serves by its ID, as it stands now, for a server about to stop. (The
    /// projects made by ``newProject(_:)`` for tests, reached by their own keys, are not among them.)
    package func lastingState() async -> ServerState {
        let served = projects.withLock { $0.byID.sorted { $0.key < $1.key } }
        var kept: [ServerState.Project] = []
        for (name, project) in served {
            if followsRealTime { project.catchUpWithRealTime() }
            let (validSince, claims) = await project.revocationsAndClaims
            kept.append(
                ServerState.Project(
                    name: name, configuration: project.backend.configuration,
                    protectsEmailEnumeration: project.protectsEmailEnumeration,
                    accounts: await project.backend.lastingAccounts, validSince: validSince, customClaims: claims,
                    providerEndpoints: project.providerEndpoints?.base,
                    drivenClock: project.clockIsDriven ? project.world.clock.date : nil))
        }
        return ServerState(projects: kept)
    }

    /// Takes `state` as the server's projects and tenants, in place of any of the same name: for a server restored
    /// before it serves its first request.
    package func restore(_ state: ServerState) async {
        for (ordinal, kept) in state.projects.enumerated() {
            let project = ServerProject(
                configuration: kept.configuration, behaviour: behaviour, seed: projectSeed(ordinal + 1),
                tenant: kept.scope.tenant, protectsEmailEnumeration: kept.protectsEmailEnumeration,
                drivenClock: kept.drivenClock)
            await project.backend.restore(kept.accounts)
            project.restore(validSince: kept.validSince, claims: kept.customClaims)
            if let base = kept.providerEndpoints {
                let transport = ProviderEndpointTransport(base: base, client: providerConnections)
                project.pointAtProviders(transport)
                await project.backend.reachProviders(through: transport.transport)
            }
            projects.withLock { $0.byID[kept.name] = project }
        }
    }
}
