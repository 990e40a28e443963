import ConformanceKit
import Foundation
import MockIdP

/// Carries what the server sent to the world: each text listed for a verification reaches the world's SMS
/// carrier, each new action email the world's mailbox, once. Entries are told apart by what they are (a
/// `sessionInfo`, an `oobCode`), never by position; emails that were already listed when the check began
/// (an earlier check's, on a shared project) are never delivered.
actor OutboxBridge {
    let reader: any OutboxReader
    let http: IdentityToolkitHTTP
    let projectID: String
    let world: World
    let appName: String
    let timeout: Duration
    /// How many copies of each text were delivered (a server may send one text twice).
    private var deliveredTexts: [OutboxText: Int] = [:]
    /// The `oobCode`s already listed or delivered; nil until the baseline is read.
    private var knownEmails: Set<String>?
    /// With the administrator's credential: the mails come from the administrator's link route
    /// (``IdentityToolkitConfiguration/mailsFromAdminLinks``) instead of the email outbox.
    let adminToken: String?
    /// The test numbers' fixed codes the suite hands over itself where the text outbox is not read (declared, or set
    /// through the config API), less the test numbers the check's project lists (the checks of test numbers expect no
    /// text).
    let fixedCodes: [String: String]
    /// The verifications a fixed code was delivered for.
    private var deliveredFixedCodes: Set<String> = []

    /// `startsEmpty` for a project or tenant made for this backend alone: nothing is listed before the check, so
    /// no baseline is read (one request fewer per backend).
    init(
        reader: any OutboxReader, http: IdentityToolkitHTTP, projectID: String, world: World, appName: String,
        timeout: Duration, startsEmpty: Bool = false, adminToken: String? = nil, fixedCodes: [String: String] = [:]
    ) {
        self.fixedCodes = fixedCodes
        self.adminToken = adminToken
        self.reader = reader
        self.http = http
        self.projectID = projectID
        self.world = world
        self.appName = appName
        self.timeout = timeout
        if startsEmpty { knownEmails = [] }
    }

    /// Reads what the mail outbox already holds, so that only what this check causes is delivered.
    func takeBaseline() async throws(AuthError) {
        guard knownEmails == nil, adminToken == nil else { return }
        let listed = try await reader.emails(projectID: projectID, over: http)
        if knownEmails == nil { knownEmails = Set(listed.map(\.oobCode)) }
    }

    /// Delivers the texts listed for `sessionInfo` that have not been delivered yet. Where the text outbox is not
    /// read, a test number the check texts as a real number (one its project does not list as a test number) gets its
    /// fixed code as a text, once per verification: the server sends none, and the check needs only the code. A
    /// multi-factor hint's number is masked: it is the test number that alone ends in its last digits.
    func deliverTexts(for sessionInfo: String, to phoneNumber: String) async throws(AuthError) {
        if !fixedCodes.isEmpty {
            guard let (number, code) = fixedCode(for: phoneNumber), deliveredFixedCodes.insert(sessionInfo).inserted
            else { return }
            try await text(code, to: number)
            return
        }
        let listed = try await reader.texts(projectID: projectID, over: http).filter { $0.sessionInfo == sessionInfo }
        var counts: [OutboxText: Int] = [:]
        var due: [OutboxText] = []
        for text in listed {
            counts[text, default: 0] += 1
            if counts[text, default: 0] > deliveredTexts[text, default: 0] {
                due.append(text)
                deliveredTexts[text, default: 0] += 1
            }
        }
        for text in due { try await self.text(text.code, to: text.phoneNumber) }
    }

    /// `code` texted to `phoneNumber` through the world's SMS carrier, worded as the server words its texts.
    private func text(_ code: String, to phoneNumber: String) async throws(AuthError) {
        let sms = world.sms
        let message = "\(code) is your verification code for \(appName)."
        try await deliver("the SMS carrier") { () async throws(PartyError) in
            try await sms.send(to: phoneNumber, text: message, language: nil)
        }
    }

    /// Delivers every email the outbox lists that is new since the baseline; with the administrator's link route,
    /// the link `request` (the client's `sendOobCode` body) asks for, made by the route.
    func deliverEmails(asking request: FixtureValue? = nil) async throws(AuthError) {
        if let adminToken {
            guard let request, let email = try await adminLink(for: request, token: adminToken) else { return }
            let (subject, body) = Self.message(for: email, appName: appName)
            let mail = world.mail
            try await deliver("the mail server") { () async throws(PartyError) in
                try await mail.send(to: email.email, subject: subject, body: body)
            }
            return
        }
        let listed = try await reader.emails(projectID: projectID, over: http)
        var known = knownEmails ?? []
        let due = listed.filter { known.insert($0.oobCode).inserted }
        knownEmails = known
        let mail = world.mail
        for email in due {
            let (subject, body) = Self.message(for: email, appName: appName)
            try await deliver("the mail server") { () async throws(PartyError) in
                try await mail.send(to: email.email, subject: subject, body: body)
            }
        }
    }

    /// After a vendor's client's `call`: without the administrator's link route, every new email the outbox lists;
    /// with it, the link its `sendOobCode` request of `requestType` (for `email`) asked for, as the client sent it
    /// (`requests`). A request the suite did not see (the client sends through sessions of its own, not those its
    /// context makes) cannot be asked for: no mail comes, and the check that needed it is not judged, saying so.
    func deliverEmails(
        sentBy requests: ClientRequests?, asking requestType: String, email: String? = nil, for call: String
    ) async throws(AuthError) {
        guard adminToken != nil else { return try await deliverEmails() }
        guard let request = requests?.take(requestType, email: email) else {
            world.transcript.record(
                .network(
                    .notOffered(
                        request:
                            "the administrator's link for \(call), asked with the client's own sendOobCode request",
                        answer: "none seen: the client sent it through sessions of its own, not those "
                            + "IdentityToolkitClientContext.makeSessionConfiguration makes")))
            return
        }
        try await deliverEmails(asking: request)
    }

    /// The link the administrator's route makes for what `request` asked (the email of an ID token's user, for a
    /// verification), as the Admin SDKs ask it: `v1/projects/{p}/accounts:sendOobCode` with `returnOobLink`.
    private func adminLink(for request: FixtureValue, token: String) async throws(AuthError) -> OutboxEmail? {
        guard case .object(var fields) = request, let requestType = fields["requestType"]?.stringValue else {
            return nil
        }
        if fields["email"] == nil, let idToken = fields["idToken"]?.stringValue {
            let account = try await http.post(.getAccountInfo, .object(["idToken": .string(idToken)]))
            fields["email"] = account["users"]?.arrayValue.first?["email"]
        }
        guard let email = fields["email"]?.stringValue else { return nil }
        fields["idToken"] = nil
        fields["clientType"] = nil
        fields["returnOobLink"] = .bool(true)
        let answer = try await http.post(
            "v1/projects/\(projectID)/accounts:sendOobCode", .object(fields), authorization: "Bearer \(token)")
        guard let link = answer["oobLink"]?.stringValue,
            let code = URLComponents(string: link)?.queryItems?.first(where: { $0.name == "oobCode" })?.value
        else { throw AuthError(.internalError, "the administrator's link route answered no oobLink: \(answer)") }
        return OutboxEmail(email: email.lowercased(), requestType: requestType, oobCode: code, link: link)
    }

    static func message(for email: OutboxEmail, appName: String) -> (subject: String, body: String) {
        switch email.requestType {
        case "VERIFY_EMAIL":
            (
                "Verify your email for \(appName)",
                "Hello,\n\nFollow this link to verify your email address.\n\n\(email.link)\n"
            )
        case "PASSWORD_RESET":
            (
                "Reset your password for \(appName)",
                "Hello,\n\nFollow this link to reset your password.\n\n\(email.link)\n"
            )
        default: ("Sign in to \(appName)", "Hello,\n\nFollow this link to sign in to \(appName): \(email.link)\n")
        }
    }

    private func deliver(
        _ party: String, _ send: @escaping @Sendable () async throws(PartyError) -> Void
    ) async throws(AuthError) {
        do { try await world.clock.withTimeout(timeout) { try await send() } } catch {
            throw AuthError(.networkError, "\(party) of the world did not take what the server sent: \(error)")
        }
    }

    /// The test number `phoneNumber` names, in full or masked (`+*******0101`), with its fixed code.
    private func fixedCode(for phoneNumber: String) -> (number: String, code: String)? {
        if let code = fixedCodes[phoneNumber] { return (phoneNumber, code) }
        guard let star = phoneNumber.lastIndex(of: "*") else { return nil }
        let digits = phoneNumber[phoneNumber.index(after: star)...]
        let matching = fixedCodes.filter { $0.key.hasSuffix(digits) }
        guard !digits.isEmpty, matching.count == 1, let match = matching.first else { return nil }
        return (match.key, match.value)
    }
}
