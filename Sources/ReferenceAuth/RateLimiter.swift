import ConformanceKit
import MockIdP

/// Counts verification requests per number and per device in a sliding window of virtual time (PHONE-17).
struct RateLimiter: Sendable {
    /// What requests are counted against.
    enum Scope: Sendable {
        case number
        case device
    }

    let limit: RateLimit
    let scopes: Set<Scope>
    private var requests: [String: [VirtualClock.Instant]] = [:]

    init(_ limit: RateLimit, scopes: Set<Scope> = [.number, .device]) {
        self.limit = limit
        self.scopes = scopes
    }

    /// The keys a request for `phoneNumber` from `device` counts against.
    func keys(phoneNumber: String, device: Device) -> [String] {
        (scopes.contains(.number) ? ["number:" + phoneNumber] : [])
            + (scopes.contains(.device) ? ["device:" + device.id] : [])
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
