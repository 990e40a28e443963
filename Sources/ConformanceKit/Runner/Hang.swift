import MockIdP

/// Why a check was found hung, in one sentence with its evidence: what it waited for, and what in its world was
/// still pending.
struct Hang<T: Sendable>: CustomStringConvertible {
    let outcome: HangWatch.Outcome<T>
    let waitingFor: String?
    let world: World

    init(_ outcome: HangWatch.Outcome<T>, waitingFor: String?, world: World) {
        self.outcome = outcome
        self.waitingFor = waitingFor
        self.world = world
    }

    var description: String {
        let waiting = waitingFor.map { " while waiting for \($0)" } ?? ""
        let how =
            switch outcome {
            case .quiet(let limit):
                """
                nothing moved for \(limit) of real time\(waiting) (no job of the check ran and its world saw no \
                event): the subject hangs
                """
            case .parked, .finished:
                """
                the check can no longer move\(waiting): every task of it is suspended and nothing can wake one \
                (nothing queued, no party at work): the subject hangs
                """
            }
        let stalled = world.stalls.pending.map {
            "; the \($0.party) has been stalling since \($0.since) and no deadline was set on the world's clock"
        }
        return how + stalled.joined()
    }
}
