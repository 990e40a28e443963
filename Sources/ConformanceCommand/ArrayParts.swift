extension Array {
    /// The elements in `count` consecutive parts (as many as there are elements, at most), in order, whose sizes
    /// differ by one at most: how ``CrashIsolation`` splits the checks of a worker that died.
    package func parts(_ count: Int) -> [[Element]] {
        let count = Swift.min(count, self.count)
        guard count > 0 else { return [] }
        let (size, larger) = self.count.quotientAndRemainder(dividingBy: count)
        var parts: [[Element]] = []
        var start = startIndex
        for index in 0..<count {
            let end = start + size + (index < larger ? 1 : 0)
            parts.append(Array(self[start..<end]))
            start = end
        }
        return parts
    }
}
