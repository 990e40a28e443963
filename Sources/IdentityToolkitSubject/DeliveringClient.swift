import ConformanceKit
import Foundation

/// A vendor's client with the suite's delivery behind it: after each call that makes the server text or mail
/// (a verification code, a sign-in link, a verification email), what the server's outbox lists is carried to the
/// world's SMS carrier and mailbox, as ``IdentityToolkitClient`` does for the suite's own client; without an email
/// outbox, the administrator's link route is asked with the client's own request (``ClientRequests``). Everything else
/// is the vendor's client, unchanged. On a server with a time control (`ServerClock`), each call waits for the
/// server's clock to catch up with the world's, as the suite's own client's calls do: a vendor's refresh an hour later
/// on the world's clock reaches a server an hour later too.
struct DeliveringClient: AuthClient {
    let client: any AuthClient
    let outbox: OutboxBridge
    let clock: ServerClock?
    /// The client's `sendOobCode` requests as it sent them, where the administrator's link route is asked with them.
    let requests: ClientRequests?

    var currentUser: AuthUser? { get async { await client.currentUser } }
    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        try await clock?.catchUp()
        return try await client.getIDToken(forceRefresh: forceRefresh)
    }
    func signOut() async throws(AuthError) {
        try await clock?.catchUp()
        try await client.signOut()
    }
    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    { await client.addIDTokenDidChangeListener(listener) }
    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        await client.removeIDTokenDidChangeListener(registration)
    }
    func setLanguageCode(_ languageCode: String?) async { await client.setLanguageCode(languageCode) }
    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await clock?.catchUp()
        return try await client.signIn(with: credential)
    }
    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await clock?.catchUp()
        return try await client.link(with: credential)
    }
    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await clock?.catchUp()
        return try await client.reauthenticate(with: credential)
    }
    func delete() async throws(AuthError) {
        try await clock?.catchUp()
        try await client.delete()
    }
    func canHandleNotification(_ userInfo: [String: String]) async -> Bool {
        await client.canHandleNotification(userInfo)
    }
    func canHandle(_ url: URL) async -> Bool { await client.canHandle(url) }

    var phone: (any PhoneAuthFacet)? { client.phone.map { DeliveringPhone(facet: $0, outbox: outbox, clock: clock) } }
    var emailPassword: (any EmailPasswordFacet)? {
        client.emailPassword.map {
            DeliveringEmailPassword(facet: $0, outbox: outbox, clock: clock, requests: requests)
        }
    }
    var anonymous: (any AnonymousAuthFacet)? { client.anonymous }
    var multiFactor: (any MultiFactorFacet)? {
        client.multiFactor.map { DeliveringMultiFactor(facet: $0, outbox: outbox, clock: clock) }
    }
    var emailLink: (any EmailLinkFacet)? {
        client.emailLink.map { DeliveringEmailLink(facet: $0, outbox: outbox, clock: clock, requests: requests) }
    }
    var oauth: (any OAuthFacet)? { client.oauth }
    var apple: (any AppleSignInFacet)? { client.apple }
}

/// The verification ID a phone facet returns is the server's `sessionInfo`: its texts are delivered.
private struct DeliveringPhone: PhoneAuthFacet {
    let facet: any PhoneAuthFacet
    let outbox: OutboxBridge
    let clock: ServerClock?

    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        try await clock?.catchUp()
        let verificationID = try await facet.verifyPhoneNumber(phoneNumber)
        try await outbox.deliverTexts(for: verificationID, to: phoneNumber)
        return verificationID
    }

    func setAppVerificationDisabledForTesting(_ disabled: Bool) async {
        await facet.setAppVerificationDisabledForTesting(disabled)
    }
}

private struct DeliveringEmailPassword: EmailPasswordFacet {
    let facet: any EmailPasswordFacet
    let outbox: OutboxBridge
    let clock: ServerClock?
    let requests: ClientRequests?

    func createUser(withEmail email: String, password: String) async throws(AuthError) -> AuthDataResult {
        try await clock?.catchUp()
        return try await facet.createUser(withEmail: email, password: password)
    }

    func sendEmailVerification() async throws(AuthError) {
        try await clock?.catchUp()
        try await facet.sendEmailVerification()
        try await outbox.deliverEmails(sentBy: requests, asking: "VERIFY_EMAIL", for: "sendEmailVerification()")
    }

    func applyActionCode(_ code: String) async throws(AuthError) {
        try await clock?.catchUp()
        try await facet.applyActionCode(code)
    }

    func reload() async throws(AuthError) {
        try await clock?.catchUp()
        try await facet.reload()
    }
}

private struct DeliveringEmailLink: EmailLinkFacet {
    let facet: any EmailLinkFacet
    let outbox: OutboxBridge
    let clock: ServerClock?
    let requests: ClientRequests?

    func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) async throws(AuthError) {
        try await clock?.catchUp()
        try await facet.sendSignInLink(toEmail: email, actionCodeSettings: actionCodeSettings)
        try await outbox.deliverEmails(
            sentBy: requests, asking: "EMAIL_SIGNIN", email: email, for: "sendSignInLink(toEmail: \"\(email)\")")
    }

    func isSignIn(withEmailLink link: String) async -> Bool { await facet.isSignIn(withEmailLink: link) }

    func signIn(withEmail email: String, link: String) async throws(AuthError) -> AuthDataResult {
        try await clock?.catchUp()
        return try await facet.signIn(withEmail: email, link: link)
    }

    func fetchSignInMethods(forEmail email: String) async throws(AuthError) -> [String] {
        try await clock?.catchUp()
        return try await facet.fetchSignInMethods(forEmail: email)
    }
}

/// The verification ID of an enrollment or a second-factor sign-in is the server's `sessionInfo` too.
private struct DeliveringMultiFactor: MultiFactorFacet {
    let facet: any MultiFactorFacet
    let outbox: OutboxBridge
    let clock: ServerClock?

    func multiFactorSession() async throws(AuthError) -> MultiFactorSession {
        try await clock?.catchUp()
        return try await facet.multiFactorSession()
    }

    func verifyPhoneNumber(
        _ phoneNumber: String, multiFactorSession: MultiFactorSession
    ) async throws(AuthError) -> String {
        try await clock?.catchUp()
        let verificationID = try await facet.verifyPhoneNumber(phoneNumber, multiFactorSession: multiFactorSession)
        try await outbox.deliverTexts(for: verificationID, to: phoneNumber)
        return verificationID
    }

    func verifyPhoneNumber(
        with hint: MultiFactorInfo, multiFactorSession: MultiFactorSession
    ) async throws(AuthError) -> String {
        try await clock?.catchUp()
        let verificationID = try await facet.verifyPhoneNumber(with: hint, multiFactorSession: multiFactorSession)
        try await outbox.deliverTexts(for: verificationID, to: hint.phoneNumber ?? "")
        return verificationID
    }

    func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError) {
        try await clock?.catchUp()
        try await facet.enroll(with: assertion, displayName: displayName)
    }

    func unenroll(factorUID: String) async throws(AuthError) {
        try await clock?.catchUp()
        try await facet.unenroll(factorUID: factorUID)
    }
}
