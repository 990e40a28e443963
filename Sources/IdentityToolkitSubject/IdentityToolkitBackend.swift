import ConformanceKit
import Foundation
import MockIdP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One project on the server, as a check sees it: makes clients, verifies ID tokens.
final class IdentityToolkitBackend: AuthBackend {
    let http: IdentityToolkitHTTP
    let projectID: String
    let project: ProjectConfiguration
    let world: World
    let outbox: OutboxBridge
    let keys: PublishedKeys?
    private let preparation: Preparation
    /// The vendor's client the backend launches instead of the suite's own, if any.
    let vendorClient: VendorClientMaker?
    /// The `sendOobCode` requests the vendor's client sent, where the administrator's link route is asked with them.
    let clientRequests: ClientRequests?

    init(
        http: IdentityToolkitHTTP, projectID: String, project: ProjectConfiguration, world: World,
        publishedKeys: IdentityToolkitConfiguration.KeySet, outboxReader: any OutboxReader,
        accountReset: (any AccountReset)?, adminLinks adminToken: String? = nil, vendorClient: VendorClientMaker? = nil,
        outboxStartsEmpty: Bool = false, fixedCodes: [String: String] = [:]
    ) {
        self.vendorClient = vendorClient
        keys = PublishedKeys(publishedKeys, http: http)
        self.http = http
        self.projectID = projectID
        self.project = project
        self.world = world
        outbox = OutboxBridge(
            reader: outboxReader, http: http, projectID: projectID, world: world, appName: project.appName,
            timeout: project.networkTimeout, startsEmpty: outboxStartsEmpty, adminToken: adminToken,
            fixedCodes: fixedCodes.filter { number, _ in
                !project.phone.testPhoneNumbers.contains { $0.phoneNumber == number }
            })
        preparation = Preparation(accountReset: accountReset)
        clientRequests = vendorClient != nil && adminToken != nil ? ClientRequests(http: http) : nil
    }

    deinit { http.transport.invalidate() }

    func makeClient(on device: Device) async throws(AuthError) -> any AuthClient {
        try await preparation.prepare(self)
        if let vendorClient { return try await makeVendorClient(vendorClient, on: device) }
        let client = IdentityToolkitClient(backend: self, device: device)
        await client.restoreSignedInUser()
        return client
    }

    func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        try await IDTokenCheck(projectID: projectID, http: http, keys: keys).verify(idToken)
    }
}

/// Before the first client: the shared project's accounts deleted (one check at a time), the outbox baseline read.
private actor Preparation {
    let accountReset: (any AccountReset)?
    private var done = false

    init(accountReset: (any AccountReset)?) { self.accountReset = accountReset }

    func prepare(_ backend: IdentityToolkitBackend) async throws(AuthError) {
        guard !done else { return }
        done = true
        try await accountReset?.deleteAllAccounts(projectID: backend.projectID, over: backend.http)
        try await backend.outbox.takeBaseline()
    }
}
