import ConformanceKit
import Foundation
import HTTPMessages
import MockIdP
import Synchronization

/// A server's time control, which lets the HTTP subject run on the world's clock: whenever a check's world clock has
/// moved, the server's clock is moved the same amount (in whole seconds) before the next call reaches it, so codes,
/// sessions and ID tokens expire over HTTP when the check lets their time pass (PHONE-8, PHONE-18, LINK-9, MFA-11,
/// MFA-15, AUTH-4, AUTH-7).
///
/// The convention, which `conformance serve` implements and any server can:
///
///     POST {base}/emulator/v1/projects/{project}[/tenants/{tenant}]/clock:advance?key={API key}
///     {"seconds": 300}
///     → 200 {"now": "2026-11-25T20:05:00.000Z"}
///
/// moves the project's (or tenant's) clock on by `seconds` (a whole number, not below 0; `0` only reads it) and
/// answers the server's time after the move, in RFC 3339. Codes, sessions, token lifetimes and the times the server
/// reports (`iat`, `exp`, `auth_time`, `enrolledAt`, `createdAt`, `lastLoginAt`, `validSince`) all follow that clock.
/// Once its time control is used, a project's clock should move only through it (the served server's stops following
/// real time), so that a check at a lifetime's last second does not depend on how long its calls took.
///
/// The server's time and the world's differ by a fixed offset (the server's clock started at its own time): the
/// subject turns every time the server reports into the world's (``worldDate(_:)``) and every time it sends into the
/// server's (``serverDate(_:)``), so checks compare them with the world's clock.
final class ServerClock: Sendable {
    private struct State {
        var forwardedSeconds: Int64 = 0
        var chain: Task<AuthError?, Never>?
    }

    let world: World
    /// The world's instant at which the server's time was read.
    let start: VirtualClock.Instant
    /// The server's time minus the world's, in seconds.
    let offset: TimeInterval
    private let advance: @Sendable (Int64) async throws(AuthError) -> Void
    private let state = Mutex(State())

    /// Reads the server's time through its time control (advancing by 0 seconds); throws when it has none.
    init(http: IdentityToolkitHTTP, projectID: String, world: World) async throws(AuthError) {
        let route = Self.route(projectID: projectID, tenantID: http.tenantID)
        let read = try await http.hook("POST", route, body: .object(["seconds": .number(0)]))
        guard let now = Self.date(read["now"]?.stringValue) else {
            throw AuthError(.internalError, "\(route) answered no time (\"now\"): the server has no time control")
        }
        self.world = world
        start = world.clock.now
        offset = now.timeIntervalSince(world.clock.date(at: start))
        advance = { (seconds: Int64) async throws(AuthError) -> Void in
            _ = try await http.hook("POST", route, body: .object(["seconds": .number(Double(seconds))]))
        }
    }

    /// `/emulator/v1/projects/{project}[/tenants/{tenant}]/clock:advance`.
    static func route(projectID: String, tenantID: String?) -> String {
        "/emulator/v1/projects/\(projectID)\(tenantID.map { "/tenants/\($0)" } ?? "")/clock:advance"
    }

    /// Moves the server's clock on by the whole seconds the world's clock moved since it last did. A call made while
    /// the move is on its way waits for it, so no call reaches the server ahead of the time the check set.
    func catchUp() async throws(AuthError) {
        let (task, isOwn) = state.withLock { state -> (Task<AuthError?, Never>?, Bool) in
            let due = (world.clock.now.offset - start.offset).components.seconds - state.forwardedSeconds
            guard due > 0 else { return (state.chain, false) }
            state.forwardedSeconds += due
            let previous = state.chain
            let advance = advance
            let task = Task<AuthError?, Never> {
                _ = await previous?.value
                do throws(AuthError) {
                    try await advance(due)
                    return nil
                } catch { return error }
            }
            state.chain = task
            return (task, true)
        }
        if let error = await task?.value, isOwn { throw error }
    }

    /// A time the server reported, on the world's clock.
    func worldDate(_ serverDate: Date) -> Date { serverDate.addingTimeInterval(-offset) }

    /// A time on the world's clock, as the server keeps it.
    func serverDate(_ worldDate: Date) -> Date { worldDate.addingTimeInterval(offset) }

    static func date(_ text: String?) -> Date? { text.flatMap(RFC3339.date) }
}

extension IdentityToolkitHTTP {
    /// Now, as the client sees it: the world's date when the server runs on the world's clock, real time otherwise.
    var clientNow: Date { serverClock == nil ? Date() : world.clock.date }

    /// Now, as the server keeps it.
    var serverNow: Date { serverClock.map { $0.serverDate(world.clock.date) } ?? Date() }

    /// A time the server reported, on the client's clock (``clientNow``).
    func clientDate(_ serverDate: Date) -> Date { serverClock?.worldDate(serverDate) ?? serverDate }
}
