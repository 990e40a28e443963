import ConformanceKit
import Synchronization
import Testing

@Suite("Check slots")
struct CheckSlotsTests {
    @Test("never more than the limit at once, and every one runs")
    func bounded() async {
        let slots = CheckSlots(limit: 3)
        let inside = Mutex((now: 0, most: 0))
        let results = await (0..<40).concurrentMap { index in
            await slots.withSlot { () -> Int in
                inside.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                for _ in 0..<10 { await Task.yield() }
                inside.withLock { $0.now -= 1 }
                return index
            }
        }
        #expect(results == Array(0..<40))
        #expect(inside.withLock { $0.most } <= 3)
        #expect(slots.inUse == 0)
    }

    @Test("the limit is reached: slots are not a serial queue")
    func parallel() async {
        let slots = CheckSlots(limit: 2)
        let arrivals = Barrier(count: 2)
        // Each holds its slot until both are inside: with one slot at a time the second never enters.
        _ = await (0..<2).concurrentMap { _ in await slots.withSlot { await arrivals.arriveAndWait() } }
        #expect(slots.inUse == 0)
    }

    @Test("a limit below one is one")
    func atLeastOne() { #expect(CheckSlots(limit: 0).limit == 1) }
}
