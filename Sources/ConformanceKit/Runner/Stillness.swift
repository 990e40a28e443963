/// How long a check has been still, told from samples of its movement (`HangWatch`): since the first sample that saw
/// the movement as it is now. Movement only grows (jobs, events, the clock), so a sample equal to that one means
/// nothing moved in between; the check moved last before that sample, so the time it tells is never longer than the
/// check has truly been still, whatever the load.
package struct Stillness {
    private var seen: [UInt64]
    private var since: ContinuousClock.Instant

    package init(_ movement: [UInt64], at now: ContinuousClock.Instant) {
        seen = movement
        since = now
    }

    /// Takes the sample `movement`, made at `now`, and answers how long nothing has moved.
    package mutating func sample(_ movement: [UInt64], at now: ContinuousClock.Instant) -> Duration {
        if movement != seen {
            seen = movement
            since = now
        }
        return now - since
    }
}
