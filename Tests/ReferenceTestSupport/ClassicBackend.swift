import Foundation
import MockIdP

/// The backend of ``ClassicAuth``, written as such backends are: a class with a lock and a queue of its own, answers
/// through completion handlers, phone sign-in only. It texts through the world's carrier and keeps time on the world's
/// clock; what it judges at which instant is its own business (``ClassicBugs/expiryJudgedAtClientStamp``).
package final class ClassicBackend: @unchecked Sendable {
    /// What a sign-in or a refresh hands the client.
    package struct Session: Sendable {
        package let uid: String
        package let phoneNumber: String
        package let idToken: String
        package let refreshToken: String
        package let createdAt: Date
        package let signedInAt: Date
    }

    private struct Verification {
        let phoneNumber: String
        let code: String
        let sentAt: Date
        var used = false
    }

    private struct Account {
        let uid: String
        let createdAt: Date
        var signedInAt: Date
    }

    let world: World
    private let codeLifetime: TimeInterval
    private let judgesExpiryAtClientStamp: Bool
    private let queue = DispatchQueue(label: "classic.backend")
    private let lock = NSLock()
    // Guarded by `lock`.
    private var verifications: [String: Verification] = [:]
    private var accounts: [String: Account] = [:]
    private var refreshTokens: [String: String] = [:]
    private var idTokens: [String: (uid: String, phoneNumber: String, issuedAt: Date)] = [:]
    private var issued = 0

    package init(world: World, codeLifetime: Duration, bugs: ClassicBugs) {
        self.world = world
        let (seconds, attoseconds) = codeLifetime.components
        self.codeLifetime = Double(seconds) + Double(attoseconds) / 1e18
        judgesExpiryAtClientStamp = bugs.contains(.expiryJudgedAtClientStamp)
    }

    /// Texts a code to `phoneNumber`; completes with the verification ID once the carrier took the text.
    package func sendCode(to phoneNumber: String, completion: @escaping @Sendable (String?, NSError?) -> Void) {
        queue.async { [self] in
            guard phoneNumber.hasPrefix("+"), phoneNumber.dropFirst().allSatisfy(\.isASCII),
                phoneNumber.dropFirst().allSatisfy(\.isNumber), phoneNumber.count > 4
            else { return completion(nil, ClassicAuth.error(17_042, "INVALID_PHONE_NUMBER")) }
            let code = world.random.digits(6)
            let id = lock.withLock {
                issued += 1
                let id = "classic-verification-\(issued)-\(world.random.string(length: 16))"
                verifications[id] = Verification(phoneNumber: phoneNumber, code: code, sentAt: world.clock.date)
                return id
            }
            let sms = world.sms
            Task {
                do {
                    try await sms.send(to: phoneNumber, text: "\(code) is your Classic code.", language: nil)
                    completion(id, nil)
                } catch { completion(nil, ClassicAuth.error(17_999, "the SMS could not be sent: \(error)")) }
            }
        }
    }

    /// Signs in with a texted code. `clientStamp` is the instant the client stamped on its request.
    package func signIn(
        verificationID: String, code: String, clientStamp: Date,
        completion: @escaping @Sendable (Session?, NSError?) -> Void
    ) {
        queue.async { [self] in
            let now = judgesExpiryAtClientStamp ? clientStamp : world.clock.date
            let outcome: Result<Session, NSError> = lock.withLock {
                guard var verification = verifications[verificationID] else {
                    return .failure(ClassicAuth.error(17_046, "INVALID_SESSION_INFO"))
                }
                guard now < verification.sentAt.addingTimeInterval(codeLifetime), !verification.used else {
                    return .failure(ClassicAuth.error(17_051, "SESSION_EXPIRED"))
                }
                guard verification.code == code else { return .failure(ClassicAuth.error(17_044, "INVALID_CODE")) }
                verification.used = true
                verifications[verificationID] = verification
                let phoneNumber = verification.phoneNumber
                var account =
                    accounts[phoneNumber]
                    ?? Account(uid: "classic-\(world.random.string(length: 20))", createdAt: now, signedInAt: now)
                account.signedInAt = world.clock.date
                accounts[phoneNumber] = account
                let refreshToken = "classic-refresh-\(world.random.string(length: 24))"
                refreshTokens[refreshToken] = phoneNumber
                return .success(session(of: phoneNumber, account, refreshToken: refreshToken))
            }
            switch outcome {
            case .success(let session): completion(session, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// A new ID token for the session of `refreshToken`.
    package func refresh(_ refreshToken: String, completion: @escaping @Sendable (Session?, NSError?) -> Void) {
        queue.async { [self] in
            let session: Session? = lock.withLock {
                guard let phoneNumber = refreshTokens[refreshToken], let account = accounts[phoneNumber] else {
                    return nil
                }
                return self.session(of: phoneNumber, account, refreshToken: refreshToken)
            }
            guard let session else { return completion(nil, ClassicAuth.error(17_017, "INVALID_REFRESH_TOKEN")) }
            completion(session, nil)
        }
    }

    /// The claims of an ID token this backend issued, or nil.
    package func claims(of idToken: String) -> (uid: String, phoneNumber: String, issuedAt: Date)? {
        lock.withLock { idTokens[idToken] }
    }

    /// Called with `lock` held.
    private func session(of phoneNumber: String, _ account: Account, refreshToken: String) -> Session {
        issued += 1
        let idToken = "classic-id-\(issued)-\(world.random.string(length: 16))"
        idTokens[idToken] = (account.uid, phoneNumber, world.clock.date)
        return Session(
            uid: account.uid, phoneNumber: phoneNumber, idToken: idToken, refreshToken: refreshToken,
            createdAt: account.createdAt, signedInAt: account.signedInAt)
    }
}
