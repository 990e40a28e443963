import ConformanceKit
import MockIdP

/// Counts requests per key in a sliding window of virtual time.
struct RateLimiter: Sendable {
    let limit: RateLimit
    private var requests: [String: [VirtualClock.Instant]] = [:]

    init(_ limit: RateLimit) { self.limit = limit }

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
