import ConformanceKit
import Synchronization
import Testing

@Suite("The bounded concurrent map")
struct BoundedConcurrentMapTests {
    @Test("keeps the order of the sequence and never has more than the limit in flight", arguments: [1, 3])
    func bounded(limit: Int) async {
        let inFlight = Mutex((now: 0, most: 0))
        let results = await (0..<20).concurrentMap(limit: limit) { value in
            inFlight.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            for _ in 0..<5 { await Task.yield() }
            inFlight.withLock { $0.now -= 1 }
            return value * 2
        }
        #expect(results == (0..<20).map { $0 * 2 })
        #expect(inFlight.withLock { $0.most } <= limit)
    }

    @Test("reaches its limit: a serial map would never let the second in")
    func reachesLimit() async {
        let arrivals = Barrier(count: 3)
        let results = await (0..<3).concurrentMap(limit: 3) { value in
            await arrivals.arriveAndWait()
            return value
        }
        #expect(results == [0, 1, 2])
    }
}
