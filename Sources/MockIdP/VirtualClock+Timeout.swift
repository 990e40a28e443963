/// Thrown by ``VirtualClock/withTimeout(_:operation:)`` when the operation did not finish in time.
public struct TimeoutError: Error, Sendable, Hashable, CustomStringConvertible {
    public let timeout: Swift.Duration

    public init(timeout: Swift.Duration) { self.timeout = timeout }

    public var description: String { "no answer within \(timeout.formatted) of the world's time" }
}

extension VirtualClock {
    /// Runs `operation` (a call to an outside party) and gives up after `timeout` of the world's time: the
    /// operation is cancelled and ``TimeoutError`` thrown. The deadline is set before the operation starts,
    /// so a party that stalls sees it at once.
    public func withTimeout<T: Sendable>(
        _ timeout: Swift.Duration, operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let deadline = try reserve(now.advanced(by: timeout))
        defer { release(deadline) }
        return try await withThrowingTaskGroup(of: TimedOutcome<T>.self) { group in
            group.addTask { .finished(try await operation()) }
            group.addTask {
                try await self.waitFor(deadline)
                return .timedOut
            }
            defer { group.cancelAll() }
            switch try await group.next() {
            case .finished(let value): return value
            case .timedOut, nil: throw TimeoutError(timeout: timeout)
            }
        }
    }
}

private enum TimedOutcome<T: Sendable>: Sendable {
    case finished(T)
    case timedOut
}
