import Foundation
import Synchronization

/// A phone or tablet on which an app instance runs. Two clients on the same device are the same app restarted.
public struct Device: Sendable, Hashable, CustomStringConvertible {
    public let id: String

    public init(_ id: String) { self.id = id }

    public static let primary = Device("device-1")
    public static let secondary = Device("device-2")

    public var description: String { id }
}

/// What happened on a device: a URL opened for its app.
package enum DeviceEvent: Sendable, Hashable, CustomStringConvertible {
    case urlOpened(URL, on: Device, handled: Bool)

    public var description: String {
        switch self {
        case .urlOpened(let url, let device, let handled):
            "URL opened on \(device): \(url.absoluteString) handled by the app: \(handled)"
        }
    }
}

/// What the operating system hands to the app that runs on a device: its push notifications and the URLs opened for it.
///
/// The harness installs the client under test as the app, like an app delegate that forwards to
/// `canHandleNotification` and `canHandle(url)`.
public protocol DeviceApp: Sendable {
    func didReceiveRemoteNotification(_ userInfo: [String: String]) async -> Bool
    func open(_ url: URL) async -> Bool
}

/// The world's devices and the app installed on each.
public final class Devices: Sendable {
    private let apps = Mutex<[Device: any DeviceApp]>([:])
    private let keychains = Mutex<[Device: Keychain]>([:])
    private let transcript: Transcript

    init(transcript: Transcript) { self.transcript = transcript }

    /// Installs `app` on `device`, replacing whatever ran there before.
    public func install(_ app: any DeviceApp, on device: Device) { apps.withLock { $0[device] = app } }

    /// The keychain of `device`: it outlives every app launched there.
    public func keychain(of device: Device) -> Keychain {
        keychains.withLock { keychains in
            if let keychain = keychains[device] { return keychain }
            let keychain = Keychain()
            keychains[device] = keychain
            return keychain
        }
    }

    /// Opens `url` on `device` (a redirect, a tapped link) and reports whether the app there handled it.
    @discardableResult
    public func open(_ url: URL, on device: Device) async -> Bool {
        let handled = await app(on: device)?.open(url) ?? false
        transcript.record(.device(.urlOpened(url, on: device, handled: handled)))
        return handled
    }

    /// Hands a push notification to the app on `device`; whether the app recognized it.
    func deliver(_ userInfo: [String: String], to device: Device) async -> Bool {
        await app(on: device)?.didReceiveRemoteNotification(userInfo) ?? false
    }

    /// Every URL opened on a device, in order, and whether the app handled it.
    package var openedURLs: [(url: URL, device: Device, handled: Bool)] {
        transcript.events {
            if case .device(.urlOpened(let url, let device, let handled)) = $0 { (url, device, handled) } else { nil }
        }
    }

    /// The app installed on `device`, if any.
    public func app(on device: Device) -> (any DeviceApp)? { apps.withLock { $0[device] } }
}
