import Synchronization

/// The pair a door call belongs to: the marker both requests of ``IdentityToolkitDoor/sendAtOnce(_:_:)`` carry
/// (``DoorRequest/pair``; over HTTP the `X-Conformance-Pair` header), set for the duration of the call by
/// ``ReferenceBackend/answering(pair:_:)``. Only the reference's race defects read it.
struct DoorPair: Sendable {
    /// The pair's identifier, shared by its two requests.
    let id: String

    @TaskLocal
    static var current: DoorPair?
}

/// Where a defective door call waits between its check and its effect until the other request of its pair reaches
/// the same meeting point, so the race window of the reference's race defects is certain, not left to scheduling or
/// load: of two requests sent at once, the first waits for the second to pass its check too, and both then act (two
/// sign-ups of one address both create, one code signs in twice).
///
/// Only requests marked as one pair (``DoorPair``) meet; a lone call never waits. A waiter is released when its
/// partner reaches the meeting point (true), or when its partner finishes its call without reaching it (false; e.g.
/// it failed its check earlier: ``leave(_:)`` runs when every paired call ends), or when its own task is cancelled
/// (over HTTP, its connection closed or the server stopped: a partner lost on the network), so no real time or count
/// of yields bounds the wait. The marker only makes the *defect's* race window certain: a conforming backend never
/// waits here and ignores it, and the verdict on a real server never depends on it.
final class DoorRendezvous: Sendable {
    private struct Waiter {
        let token: UInt64
        let continuation: CheckedContinuation<Bool, Never>

        func resume(_ met: Bool) { continuation.resume(returning: met) }
    }

    /// One pair's meetings: the call waiting at each meeting point, and how many of its calls have finished.
    private struct Meetings {
        var waiting: [String: Waiter] = [:]
        var finished = 0
    }

    private struct State {
        var tokens: UInt64 = 0
        var pairs: [String: Meetings] = [:]
    }

    private let state = Mutex(State())

    /// Returns once the partner of `pair` has reached meeting point `point` too (true), or has finished its call
    /// without reaching it (false); also false when the task is cancelled.
    func meet(_ pair: DoorPair, at point: String) async -> Bool {
        let token = state.withLock { state in
            state.tokens += 1
            return state.tokens
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let met: Bool? = state.withLock { state in
                    var meetings = state.pairs[pair.id, default: Meetings()]
                    defer { state.pairs[pair.id] = meetings }
                    if let partner = meetings.waiting.removeValue(forKey: point) {
                        partner.resume(true)
                        return true
                    }
                    guard meetings.finished == 0, !Task.isCancelled else { return false }
                    meetings.waiting[point] = Waiter(token: token, continuation: continuation)
                    return nil
                }
                if let met { continuation.resume(returning: met) }
            }
        } onCancel: {
            release(pair.id, point, token)
        }
    }

    /// A call of `pair` has finished: its partner, if waiting at any meeting point, waits no longer.
    func leave(_ pair: String) {
        let waiting = state.withLock { state in
            var meetings = state.pairs[pair, default: Meetings()]
            meetings.finished += 1
            let waiting = Array(meetings.waiting.values)
            meetings.waiting = [:]
            state.pairs[pair] = meetings.finished >= 2 ? nil : meetings
            return waiting
        }
        for waiter in waiting { waiter.resume(false) }
    }

    /// The waiter `token` at `point`, released unmet (its task was cancelled).
    private func release(_ pair: String, _ point: String, _ token: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let waiter = state.pairs[pair]?.waiting[point], waiter.token == token else { return nil }
            state.pairs[pair]?.waiting[point] = nil
            return waiter
        }
        waiter?.resume(false)
    }
}
