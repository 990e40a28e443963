import ConformanceKit
import MockIdP

/// Counts verification requests per number and per device in a sliding window of virtual time (PHONE-17).
struct RateLimiter: Sendable {
    let limit: RateLimit
    let perNumber: Bool
    let perDevice: Bool
    private var requests: [String: [VirtualClock.Instant]] = [:]

    init(_ limit: RateLimit, perNumber: Bool = true, perDevice: Bool = true) {
        self.limit = limit
        self.perNumber = perNumber
        self.perDevice = perDevice
    }

    /// The keys a request for `phoneNumber` from `device` counts against.
    func keys(phoneNumber: String, device: Device) -> [String] {
        (perNumber ? ["number:" + phoneNumber] : []) + (perDevice ? ["device:" + device.id] : [])
    }

    /// Whether every key may make one more request now.
    func allows(_ keys: [String], at now: VirtualClock.Instant) -> Bool {
        keys.allSatisfy { key in recent(key, at: now).count < limit.maxRequests }
    }

    mutating func record(_ keys: [String], at now: VirtualClock.Instant) {
        for key in keys { requests[key] = recent(key, at: now) + [now] }
    }

    private func recent(_ key: String, at now: VirtualClock.Instant) -> [VirtualClock.Instant] {
        (requests[key] ?? []).filter { $0.duration(to: now) < limit.window }
    }
}
