import Synchronization

/// The network between an app and its own backend: the requests a subject's client sends to its backend
/// (Identity Toolkit's `signInWithPhoneNumber`, Secure Token's `token`, `getAccountInfo`, …). A subject that sends
/// them through here (``send(_:from:isolation:_:)``) lets a check hold one in flight, so that calls made at the same
/// time meet inside the subject at a point the check chose, whatever the scheduling (PHONE-7, AUTH-3, AUTH-6).
/// The answers travel back the same way, where a check can hold them too (`holdAnswers(onHeld:)`), so that a second
/// call runs while the first's backend has answered but not yet finished (PHONE-7, LINK-8, MFA-11).
public final class AppNetwork: Sendable {
    private let hold = Mutex<Hold?>(nil)
    private let beforeNext = Mutex<(@Sendable () async -> Void)?>(nil)
    let answers = AnswerLeg()
    private let transcript: Transcript

    init(transcript: Transcript) { self.transcript = transcript }

    /// Carries one request, named `request`, of the app on `device` to its backend: `exchange` is the round trip.
    public func send<T, Failure: Error>(
        _ request: String, from device: Device, isolation: isolated (any Actor)? = #isolation,
        _ exchange: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        if let action = beforeNext.withLock({ $0.take() }) { await action() }
        if let hold = hold.withLock({ $0 }) {
            _ = await hold.wait { number in
                self.transcript.record(.network(.held(request, from: device, number: number)))
            }
        }
        return try await answers.carry(
            isolation: isolation,
            recording: { number in self.transcript.record(.network(.answerHeld(request, to: device, number: number))) },
            exchange)
    }

    /// Runs `action` once, when the next request of any app reaches the network and before it goes on: a check's way
    /// to change the world between two steps of a flow where the app waits for nothing, so that no deadline of the
    /// app's own fires (the code of a redirect reaching its exchange late, OAUTH-6).
    public func beforeNextRequest(_ action: @escaping @Sendable () async -> Void) {
        beforeNext.withLock { $0 = action }
    }

    /// Holds every request from now on until the check releases it; `onHeld` hears each one held, with its number.
    package func hold(onHeld: @escaping @Sendable (Int) -> Void) -> Hold {
        let hold = Hold(onHeld: onHeld)
        self.hold.withLock { $0 = hold }
        return hold
    }
}

package enum NetworkEvent: Sendable, Hashable, CustomStringConvertible {
    case held(String, from: Device, number: Int)
    /// The backend's answer to a request held on its way back to the app.
    case answerHeld(String, to: Device, number: Int)
    /// A request the server does not serve (a route answering 404, 405 or 501): the step it was for is not offered,
    /// and a check that needed it is not judged. The request and the server's answer, as sent and received.
    case notOffered(request: String, answer: String)
    /// A request the HTTP subject sent the server it judges and the server's answer (their first bytes): the evidence
    /// over HTTP of what reached the server. The server is the subject, not the outside world: a check that looks for
    /// something reaching the world leaves these out (``WorldEvent/reachesTheWorld``).
    case exchanged(request: String, answer: String)

    public var description: String {
        switch self {
        case .held(let request, let device, let number):
            "network: request \(number) (\(request)) from the app on \(device) held in flight"
        case .answerHeld(let request, let device, let number):
            "network: answer \(number) (to \(request)) on its way back to the app on \(device) held"
        case .notOffered(let request, let answer):
            "network: the server does not offer \(request); it answered \(answer)"
        case .exchanged(let request, let answer): "server: \(request) → \(answer)"
        }
    }
}
