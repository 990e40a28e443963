import Synchronization

/// How a party that carries messages (the SMS carrier, the mail server) behaves.
package enum DeliveryMode: Sendable, Hashable {
    case delivering
    /// Every message is refused with an error.
    case failing
    /// The party never answers; virtual time passes while the caller waits (see ``Stalls``).
    case stalling
}

/// The delivery behaviour the message-carrying parties share: deliver, refuse or stall, and record which.
final class Courier: Sendable {
    private let party: String
    private let failure: String
    private let mode = Mutex(DeliveryMode.delivering)
    private let hold = Mutex<Hold?>(nil)
    private let transcript: Transcript
    private let stalls: Stalls

    init(party: String, failure: String, transcript: Transcript, stalls: Stalls) {
        self.party = party
        self.failure = failure
        self.transcript = transcript
        self.stalls = stalls
    }

    func set(_ mode: DeliveryMode) { self.mode.withLock { $0 = mode } }

    /// Holds every message from now on until the returned hold is released; `onHeld` hears each one held.
    func hold(onHeld: @escaping @Sendable (Int) -> Void) -> Hold {
        let hold = Hold(onHeld: onHeld)
        self.hold.withLock { $0 = hold }
        return hold
    }

    func deliver(
        _ delivered: WorldEvent?, refused: (String) -> WorldEvent, stalled: WorldEvent
    ) async throws(PartyError) {
        if let hold = hold.withLock({ $0 }), !(await hold.wait()) { throw .abandoned }
        switch mode.withLock({ $0 }) {
        case .delivering: if let delivered { transcript.record(delivered) }
        case .failing:
            transcript.record(refused(failure))
            throw .failed(reason: failure)
        case .stalling:
            transcript.record(stalled)
            try await stalls.stall(party: party)
        }
    }
}
