import ConformanceKit
import Foundation

/// The core of the boundary and the phone facet, mapped one to one to your app API.
struct PhoneOnlyClient: AuthClient, PhoneAuthFacet {
    let app: any VendorApp

    var phone: (any PhoneAuthFacet)? { self }

    // MARK: Core

    var currentUser: AuthUser? { get async { await app.signedInUser.map(Self.user) } }

    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        do { return try await app.idToken(refreshing: forceRefresh) } catch { throw AuthError(error) }
    }

    func signOut() async throws(AuthError) { await app.signOut() }

    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    { ListenerRegistration(id: await app.onTokenChange { listener($0.map(Self.user)) }) }

    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        await app.removeTokenObserver(registration.id)
    }

    func setLanguageCode(_ languageCode: String?) async { await app.setLanguage(languageCode) }

    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        guard case .phone(let verificationID, let code) = credential else {
            throw AuthError(.operationNotAllowed, "only phone credentials are supported")
        }
        do {
            let (user, created) = try await app.signIn(session: verificationID, code: code)
            return AuthDataResult(
                user: Self.user(user),
                additionalUserInfo: AdditionalUserInfo(providerID: ProviderID.phone, isNewUser: created))
        } catch { throw AuthError(error) }
    }

    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        throw AuthError(.operationNotAllowed, "a phone-only account links no other provider")
    }

    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await signIn(with: credential)
    }

    func delete() async throws(AuthError) {
        throw AuthError(.operationNotAllowed, "this example does not delete accounts")
    }

    func canHandleNotification(_ userInfo: [String: String]) async -> Bool { await app.handles(push: userInfo) }

    func canHandle(_ url: URL) async -> Bool { await app.handles(url: url) }

    // MARK: Phone facet

    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        do { return try await app.sendCode(to: phoneNumber) } catch { throw AuthError(error) }
    }

    func setAppVerificationDisabledForTesting(_ disabled: Bool) async { await app.skipAppCheckForTesting(disabled) }

    private static func user(_ user: VendorUser) -> AuthUser {
        AuthUser(
            uid: user.id, phoneNumber: user.phone,
            providerData: [UserInfo(providerID: ProviderID.phone, uid: user.phone, phoneNumber: user.phone)],
            metadata: UserMetadata(creationDate: user.created, lastSignInDate: user.lastLogin))
    }
}
