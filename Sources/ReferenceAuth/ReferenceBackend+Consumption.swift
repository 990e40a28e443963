import MockIdP

/// Marking a one-time credential used, now or once the answer has left (``ReferenceBehaviour/Consumption``).
extension ReferenceBackend {
    /// Runs `record` now when `beforeAnswer`; otherwise once the answer to the request in flight has left, as a server
    /// that answers first and records afterwards. Outside a request through the world's network (a served server's
    /// request), now.
    func consume(beforeAnswer: Bool, _ record: @escaping @Sendable (isolated ReferenceBackend) -> Void) {
        guard !beforeAnswer, world.network.afterAnswer({ await self.run(record) }) else { return record(self) }
    }

    private func run(_ record: @Sendable (isolated ReferenceBackend) -> Void) { record(self) }
}
