import Foundation
import MockIdP

/// How ``ClassicAuth`` reaches its backend.
package enum ClassicTransport: String, Sendable, Hashable, CaseIterable {
    /// Calls the backend's methods directly: no check can hold a request in flight.
    case direct
    /// Sends each call through the world's network (`world.network.send`), where a check can hold it or its answer.
    case worldNetwork
}

/// Bugs ``ClassicAuth`` and ``ClassicBackend`` can be written with, each as a stranger would write it: races a check
/// catches only through a seam (the world's network, the check's own listener), and a change heard twice.
package struct ClassicBugs: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// A forced refresh that returns after a sign-out makes its tokens current again (AUTH-3).
    package static let refreshBringsUserBack = ClassicBugs(rawValue: 1 << 0)
    /// A sign-in tells the listeners registered when it started, not one added while it was in flight (AUTH-6).
    package static let listenersCapturedAtStart = ClassicBugs(rawValue: 1 << 1)
    /// The backend judges a code's expiry at the instant the client stamped on its request (PHONE-8).
    package static let expiryJudgedAtClientStamp = ClassicBugs(rawValue: 1 << 2)
    /// Listeners are called from a concurrent queue (AUTH-6).
    package static let listenersOnConcurrentQueue = ClassicBugs(rawValue: 1 << 3)
    /// A sign-in is heard twice: from the sign-in and again from the token change it makes (AUTH-9).
    package static let signInHeardTwice = ClassicBugs(rawValue: 1 << 4)
    /// The keychain is written on the listener queue, after the listeners, once the sign-in has returned (PHONE-18).
    package static let keychainWrittenOnListenerQueue = ClassicBugs(rawValue: 1 << 5)
}

/// A client SDK written in the classic style, the suite unseen: a final class whose state is behind a lock, completion
/// handlers called on a queue of its own, listeners called on a serial queue of their own, the signed-in user kept in
/// the device's keychain, phone sign-in against ``ClassicBackend``. Its errors are `NSError`s of Firebase's domain.
package final class ClassicAuth: @unchecked Sendable {
    package struct User: Sendable {
        package let uid: String
        package let phoneNumber: String
        package let createdAt: Date
        package let signedInAt: Date
    }

    private struct Session {
        var user: User
        var idToken: String?
        var refreshToken: String
    }

    private static let keychainKey = "classic-auth.user"
    private let backend: ClassicBackend
    private let transport: ClassicTransport
    private let bugs: ClassicBugs
    private let device: Device
    private let keychain: Keychain
    private let callbacks = DispatchQueue(label: "classic.callbacks")
    private let listenerQueue: DispatchQueue
    private let lock = NSLock()
    // Guarded by `lock`.
    private var session: Session?
    private var listeners: [Int: @Sendable (User?) -> Void] = [:]
    private var lastListener = 0
    private var signOuts = 0

    package init(backend: ClassicBackend, device: Device, transport: ClassicTransport, bugs: ClassicBugs) {
        self.backend = backend
        self.device = device
        self.transport = transport
        self.bugs = bugs
        keychain = backend.world.devices.keychain(of: device)
        listenerQueue =
            bugs.contains(.listenersOnConcurrentQueue)
            ? DispatchQueue(label: "classic.listeners", attributes: .concurrent)
            : DispatchQueue(label: "classic.listeners")
        // The user the app kept at its last launch: uid, phone number, creation, sign-in, refresh token.
        let parts = keychain[Self.keychainKey]?.split(separator: " ").map(String.init) ?? []
        if parts.count == 5, let created = Double(parts[2]), let signedIn = Double(parts[3]) {
            let user = User(
                uid: parts[0], phoneNumber: parts[1], createdAt: Date(timeIntervalSince1970: created),
                signedInAt: Date(timeIntervalSince1970: signedIn))
            session = Session(user: user, idToken: nil, refreshToken: parts[4])
        }
    }

    package var currentUser: User? { lock.withLock { session?.user } }

    package func addListener(_ listener: @escaping @Sendable (User?) -> Void) -> Int {
        lock.withLock {
            lastListener += 1
            listeners[lastListener] = listener
            let user = session?.user
            listenerQueue.async { listener(user) }
            return lastListener
        }
    }

    package func removeListener(_ id: Int) { lock.withLock { _ = listeners.removeValue(forKey: id) } }

    package func verifyPhoneNumber(_ phoneNumber: String, completion: @escaping @Sendable (String?, NSError?) -> Void) {
        let backend = backend
        call("sendVerificationCode", { backend.sendCode(to: phoneNumber, completion: $0) }, completion)
    }

    package func signIn(verificationID: String, code: String, completion: @escaping @Sendable (User?, NSError?) -> Void)
    {
        let listening = lock.withLock { bugs.contains(.listenersCapturedAtStart) ? Set(listeners.keys) : nil }
        let (backend, stamp) = (backend, backend.world.clock.date)
        call(
            "signInWithPhoneNumber",
            { backend.signIn(verificationID: verificationID, code: code, clientStamp: stamp, completion: $0) }
        ) { [self] session, error in
            guard let session else { return completion(nil, error) }
            let user = User(
                uid: session.uid, phoneNumber: session.phoneNumber, createdAt: session.createdAt,
                signedInAt: session.signedInAt)
            install(Session(user: user, idToken: session.idToken, refreshToken: session.refreshToken), only: listening)
            if bugs.contains(.signInHeardTwice) { lock.withLock { notify(user, only: listening) } }
            completion(user, nil)
        }
    }

    package func idToken(forcingRefresh: Bool, completion: @escaping @Sendable (String?, NSError?) -> Void) {
        let current = lock.withLock { (session, signOuts) }
        guard let session = current.0 else { return callbacks.async { completion(nil, Self.error(17_067, "nobody")) } }
        if !forcingRefresh, let idToken = session.idToken { return callbacks.async { completion(idToken, nil) } }
        let backend = backend
        call("token", { backend.refresh(session.refreshToken, completion: $0) }) { [self] refreshed, error in
            guard let refreshed else { return completion(nil, error) }
            let stale = lock.withLock { signOuts != current.1 || self.session?.refreshToken != session.refreshToken }
            if !stale || bugs.contains(.refreshBringsUserBack) {
                var renewed = session
                renewed.idToken = refreshed.idToken
                install(renewed, only: nil)
            }
            completion(refreshed.idToken, nil)
        }
    }

    package func signOut() {
        lock.withLock {
            signOuts += 1
            session = nil
            keychain[Self.keychainKey] = nil
            notify(nil, only: nil)
        }
    }

    /// Makes `session` current, keeps it in the keychain and tells the listeners, in the order of the changes.
    private func install(_ new: Session, only listening: Set<Int>?) {
        let user = new.user
        let stored = [
            user.uid, user.phoneNumber, "\(user.createdAt.timeIntervalSince1970)",
            "\(user.signedInAt.timeIntervalSince1970)", new.refreshToken,
        ].joined(separator: " ")
        lock.withLock {
            session = new
            if bugs.contains(.keychainWrittenOnListenerQueue) {
                notify(user, only: listening)
                let keychain = keychain
                listenerQueue.async { keychain[Self.keychainKey] = stored }
            } else {
                keychain[Self.keychainKey] = stored
                notify(user, only: listening)
            }
        }
    }

    /// Called with `lock` held, so the listener queue gets the changes in their order.
    private func notify(_ user: User?, only listening: Set<Int>?) {
        let called = listeners.filter { listening?.contains($0.key) ?? true }.sorted { $0.key < $1.key }.map(\.value)
        listenerQueue.async { for listener in called { listener(user) } }
    }

    /// One call to the backend, directly or through the world's network; the completion on the callback queue.
    private func call<T: Sendable>(
        _ name: String, _ exchange: @escaping @Sendable (@escaping @Sendable (T?, NSError?) -> Void) -> Void,
        _ completion: @escaping @Sendable (T?, NSError?) -> Void
    ) {
        let callbacks = callbacks
        let finish: @Sendable (T?, NSError?) -> Void = { value, error in callbacks.async { completion(value, error) } }
        switch transport {
        case .direct: exchange(finish)
        case .worldNetwork:
            let (network, device) = (backend.world.network, device)
            Task {
                let (value, error) = await network.send(name, from: device) {
                    await withCheckedContinuation { continuation in
                        exchange { continuation.resume(returning: ($0, $1)) }
                    }
                }
                finish(value, error)
            }
        }
    }

    static func error(_ code: Int, _ message: String) -> NSError {
        NSError(domain: "FIRAuthErrorDomain", code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
