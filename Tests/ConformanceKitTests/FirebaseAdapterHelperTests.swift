import ConformanceKit
import Foundation
import MockIdP
import Synchronization
import Testing

/// The helpers that spare an adapter its plumbing: calls bridged and mapped, results of Firebase's shapes, action-code
/// settings as the server takes them, the ID-token listeners.
@Suite("An adapter's helpers")
struct FirebaseAdapterHelperTests {
    /// Firebase's own `AdditionalUserInfo`, as it declares its properties.
    final class FirebaseInfo: FirebaseAdditionalUserInfoShape {
        let providerID = "github.com"
        let isNewUser = true
        let username: String? = "octocat"
        let profile: [String: Any]? = ["login": "octocat", "id": 1, "site_admin": false, "plan": ["name": "free"]]
    }

    struct User: FirebaseUserShape {
        let uid = "u1"
        let email: String? = "ada@example.com"
        let phoneNumber: String? = nil
        let isEmailVerified = true
        let isAnonymous = false
        let linkedProviders: [any FirebaseUserInfoShape] = []
        let creationDate: Date? = nil
        let lastSignInDate: Date? = nil
    }

    @Test("additional user info maps field by field, each profile value as JSON writes it")
    func additionalUserInfo() {
        let result = AuthDataResult(firebaseUser: User(), additionalUserInfo: FirebaseInfo())
        let info = result.additionalUserInfo
        #expect(info?.providerID == "github.com" && info?.isNewUser == true && info?.username == "octocat")
        #expect(info?.profile == ["login": "octocat", "id": "1", "site_admin": "false", "plan": #"{"name":"free"}"#])
        #expect(result.user.uid == "u1" && result.user.email == "ada@example.com")
        let signedIn = AuthDataResult(firebaseUser: User(), providerID: ProviderID.password, isNewUser: false)
        #expect(signedIn.additionalUserInfo == AdditionalUserInfo(providerID: ProviderID.password, isNewUser: false))
    }

    @Test("action-code settings as sendOobCode takes them: only the fields set")
    func requestFields() {
        #expect(ActionCodeSettings().requestFields.isEmpty)
        let fields = ActionCodeSettings(
            url: "https://example.com/finish", handleCodeInApp: true, iOSBundleID: "com.example",
            androidInstallIfNotAvailable: true, linkDomain: "example.page.link"
        ).requestFields
        #expect(
            Set(fields.keys) == ["continueUrl", "canHandleCodeInApp", "iOSBundleId", "androidInstallApp", "linkDomain"])
        #expect(fields["continueUrl"] as? String == "https://example.com/finish")
        #expect(fields["canHandleCodeInApp"] as? Bool == true)
    }

    @Test("completion handlers and async calls are bridged, their errors mapped with their evidence")
    func bridging() async {
        let wrong = NSError(domain: AuthError.firebaseErrorDomain, code: 17_009)
        let value = try? await AuthError.bridging { (done: @escaping @Sendable (String?, (any Error)?) -> Void) in
            done("token", nil)
        }
        #expect(value == "token")
        do {
            _ = try await AuthError.bridging { (done: @escaping @Sendable (String?, (any Error)?) -> Void) in
                done(nil, wrong)
            }
            Issue.record("the error was lost")
        } catch { #expect(error.code == .wrongPassword && error.message == AuthError.evidence(of: wrong)) }
        do {
            _ = try await AuthError.bridging { (done: @escaping @Sendable (String?, (any Error)?) -> Void) in
                done(nil, nil)
            }
            Issue.record("a completion with neither value nor error succeeded")
        } catch { #expect(error.code == .internalError) }
        let result = try? await AuthError.bridging { (done: @escaping @Sendable (Result<Int, NSError>) -> Void) in
            done(.success(7))
        }
        #expect(result == 7)
        do {
            try await AuthError.bridging { (done: @escaping @Sendable ((any Error)?) -> Void) in done(wrong) }
            Issue.record("the error was lost")
        } catch { #expect(error.code == .wrongPassword) }
        do {
            _ = try await AuthError.mapping { () async throws -> Int in throw wrong }
            Issue.record("the error was lost")
        } catch { #expect(error.code == .wrongPassword) }
    }

    @Test("each listener hears the current user when added, then every change, until removed")
    func listeners() {
        let heard = Heard()
        var listeners = AuthStateListeners()
        let first = listeners.add({ heard.append("first \($0?.uid ?? "nil")") }, current: nil)
        _ = listeners.add({ heard.append("second \($0?.uid ?? "nil")") }, current: nil)
        listeners.notify(AuthUser(firebaseUser: User()))
        listeners.remove(first)
        listeners.notify(nil)
        #expect(heard.lines == ["first nil", "second nil", "first u1", "second u1", "second nil"])
    }

    final class Heard: Sendable {
        private let state = Mutex<[String]>([])
        func append(_ line: String) { state.withLock { $0.append(line) } }
        var lines: [String] { state.withLock { $0 } }
    }
}
