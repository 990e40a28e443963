import Synchronization

/// A silent (background) push notification as it reached a device.
public struct PushNotification: Sendable, Hashable {
    public let device: Device
    public let userInfo: [String: String]
    /// Whether the app on the device recognized the notification as its own.
    public let handled: Bool
}

/// What the push channel did with a notification.
package enum PushEvent: Sendable, Hashable, CustomStringConvertible {
    case delivered(PushNotification)
    case unavailable(deviceToken: String)

    public var description: String {
        switch self {
        case .delivered(let push):
            "silent push to \(push.device) {\(push.userInfo.rendered)} handled by the app: \(push.handled)"
        case .unavailable(let token): "silent push to token \(token) not possible: push channel unavailable"
        }
    }
}

/// The silent-push channel (APNs in production): gives devices a token and delivers notifications to them.
public final class PushChannel: Sendable {
    public enum Mode: Sendable, Hashable {
        case working
        /// No device can register or receive pushes (background refresh off, simulator, APNs down).
        case unavailable
    }

    private let mode = Mutex(Mode.working)
    private let interjection = Mutex<(@Sendable (Device) async -> Void)?>(nil)
    private let hold = Mutex<Hold?>(nil)
    private let transcript: Transcript
    private let devices: Devices

    init(transcript: Transcript, devices: Devices) {
        self.transcript = transcript
        self.devices = devices
    }

    package func set(_ mode: Mode) { self.mode.withLock { $0 = mode } }

    /// Runs `action` once, just before the next push reaches its device: a check's way to act while the app
    /// waits for its push (a forged notification arriving first, PHONE-16).
    package func beforeNextDelivery(_ action: @escaping @Sendable (Device) async -> Void) {
        interjection.withLock { $0 = action }
    }

    /// Holds every push from now on, in the channel on its way to its device, until the check releases it; `onHeld`
    /// hears each one held, with its number. The backend that sent it is kept waiting meanwhile, as APNs keeps a
    /// provider's request open until it has taken the notification: a step of the backend's call the world can hold.
    package func hold(onHeld: @escaping @Sendable (Int) -> Void = { _ in }) -> Hold {
        let hold = Hold(onHeld: onHeld)
        self.hold.withLock { $0 = hold }
        return hold
    }

    /// The device's push token, or nil when the channel is unavailable.
    public func deviceToken(for device: Device) -> String? {
        mode.withLock { $0 } == .working ? Self.token(for: device) : nil
    }

    /// Delivers `userInfo` to the app on the device that owns `deviceToken`.
    public func send(_ userInfo: [String: String], toDeviceToken deviceToken: String) async throws(PartyError) {
        guard mode.withLock({ $0 }) == .working, deviceToken.hasPrefix(Self.tokenPrefix) else {
            transcript.record(.push(.unavailable(deviceToken: deviceToken)))
            throw .unavailable
        }
        if let hold = hold.withLock({ $0 }), !(await hold.wait()) { throw .abandoned }
        let device = Device(String(deviceToken.dropFirst(Self.tokenPrefix.count)))
        if let interjection = interjection.withLock({ $0.take() }) { await interjection(device) }
        let handled = await devices.deliver(userInfo, to: device)
        transcript.record(.push(.delivered(PushNotification(device: device, userInfo: userInfo, handled: handled))))
    }

    /// Every push delivered, in order.
    package var deliveries: [PushNotification] {
        transcript.events { if case .push(.delivered(let push)) = $0 { push } else { nil } }
    }

    private static let tokenPrefix = "apns-"
    private static func token(for device: Device) -> String { tokenPrefix + device.id }
}
