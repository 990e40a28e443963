import ConformanceKit
import Foundation

/// A text the server sent, as its test hook lists it.
public struct OutboxText: Sendable, Hashable {
    public var phoneNumber: String
    public var code: String
    /// The verification it belongs to: what `sendVerificationCode` and the multi-factor starts answered.
    public var sessionInfo: String

    public init(phoneNumber: String, code: String, sessionInfo: String) {
        self.phoneNumber = phoneNumber
        self.code = code
        self.sessionInfo = sessionInfo
    }
}

/// An out-of-band code the server mailed, as its test hook lists it.
public struct OutboxEmail: Sendable, Hashable {
    public var email: String
    /// `EMAIL_SIGNIN`, `VERIFY_EMAIL`, …
    public var requestType: String
    public var oobCode: String
    /// The action link the email holds.
    public var link: String

    public init(email: String, requestType: String, oobCode: String, link: String) {
        self.email = email
        self.requestType = requestType
        self.oobCode = oobCode
        self.link = link
    }
}

/// How the suite learns what a server sent to the outside world: its test hook, read after each call that may
/// send. Outboxes are never cleared, so entries are told apart by what they are (a `sessionInfo`, an `oobCode`),
/// never by position. The Auth Emulator's hooks are ``EmulatorTestHooks``; another backend plugs in its own.
public protocol OutboxReader: Sendable {
    func texts(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxText]
    func emails(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxEmail]
}

/// How the suite empties a project of its accounts between checks that share it.
public protocol AccountReset: Sendable {
    func deleteAllAccounts(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError)
}

/// The Auth Emulator's test hooks: `GET /emulator/v1/projects/{project}/verificationCodes` and `…/oobCodes`, and
/// `DELETE …/accounts` (which leaves both outboxes as they are).
public struct EmulatorTestHooks: OutboxReader, AccountReset {
    public init() {}

    public func texts(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxText] {
        let answer = try await http.hook(
            "GET", "/emulator/v1/projects/\(projectID)\(Self.tenantPath(http))/verificationCodes")
        return (answer["verificationCodes"]?.arrayValue ?? []).compactMap { entry in
            guard let number = entry["phoneNumber"]?.stringValue, let code = entry["code"]?.stringValue,
                let sessionInfo = entry["sessionInfo"]?.stringValue
            else { return nil }
            return OutboxText(phoneNumber: number, code: code, sessionInfo: sessionInfo)
        }
    }

    public func emails(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxEmail] {
        let answer = try await http.hook("GET", "/emulator/v1/projects/\(projectID)\(Self.tenantPath(http))/oobCodes")
        return (answer["oobCodes"]?.arrayValue ?? []).compactMap { entry in
            guard let email = entry["email"]?.stringValue, let code = entry["oobCode"]?.stringValue,
                let link = entry["oobLink"]?.stringValue
            else { return nil }
            return OutboxEmail(
                email: email, requestType: entry["requestType"]?.stringValue ?? "", oobCode: code, link: link)
        }
    }

    public func deleteAllAccounts(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) {
        _ = try await http.hook("DELETE", "/emulator/v1/projects/\(projectID)\(Self.tenantPath(http))/accounts")
    }

    /// `/tenants/{tenant}` when the calls are made in a tenant: its outboxes hold only its own entries.
    static func tenantPath(_ http: IdentityToolkitHTTP) -> String { http.tenantID.map { "/tenants/\($0)" } ?? "" }
}

/// The outboxes of a server the suite reads only one of: the other lists nothing, as ``NoOutbox``.
struct PartialOutbox: OutboxReader {
    let reader: any OutboxReader
    let readsTexts: Bool
    let readsMails: Bool

    /// The outboxes `configuration` reads.
    init(of configuration: IdentityToolkitConfiguration) {
        reader = configuration.outboxReader
        (readsTexts, readsMails) = (configuration.readsTextOutbox, configuration.readsEmailOutbox)
    }

    func texts(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxText] {
        readsTexts ? try await reader.texts(projectID: projectID, over: http) : []
    }

    func emails(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxEmail] {
        readsMails ? try await reader.emails(projectID: projectID, over: http) : []
    }
}

/// No outbox: a server whose texts and mails the suite cannot read (``IdentityToolkitConfiguration/readsOutbox`` is
/// false). Nothing is ever listed; the subject then declares that it reads no deliveries, so the checks that need a
/// text or a mail are not applicable instead of waiting for one.
public struct NoOutbox: OutboxReader {
    public init() {}

    public func texts(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxText] { [] }

    public func emails(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxEmail] {
        []
    }
}
