extension Sequence where Element: Sendable {
    /// `map` with at most `limit` transforms running at once; the results keep the order of the sequence.
    /// A `limit` below one is treated as one.
    package func concurrentMap<T: Sendable>(
        limit: Int, _ transform: @escaping @Sendable (Element) async -> T
    ) async -> [T] {
        let limit = Swift.max(1, limit)
        return await withTaskGroup(of: (Int, T).self) { group in
            var results: [(Int, T)] = []
            var inFlight = 0
            for (index, element) in enumerated() {
                if inFlight == limit, let finished = await group.next() {
                    results.append(finished)
                    inFlight -= 1
                }
                group.addTask { (index, await transform(element)) }
                inFlight += 1
            }
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
