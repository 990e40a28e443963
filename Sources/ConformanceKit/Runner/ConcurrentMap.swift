extension Sequence where Element: Sendable {
    /// `map` with every transform running concurrently; the results keep the order of the sequence.
    package func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (Element) async -> T) async -> [T] {
        await withTaskGroup(of: (Int, T).self) { group in
            for (index, element) in enumerated() { group.addTask { (index, await transform(element)) } }
            var results: [(Int, T)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}

extension Sequence where Element: Sendable {
    /// `map` with one transform at a time, for a subject that runs one check at a time.
    package func serialMap<T: Sendable>(_ transform: @Sendable (Element) async -> T) async -> [T] {
        var results: [T] = []
        for element in self { results.append(await transform(element)) }
        return results
    }
}
