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

    @Test("a run of one check at a time waits ahead of the queue, behind those that came ahead before it")
    func ahead() async {
        let slots = CheckSlots(limit: 1)
        let order = Order()
        let holding = Barrier(count: 2)
        let release = Barrier(count: 2)
        async let holder: Void = slots.withSlot {
            await holding.arriveAndWait()
            await release.arriveAndWait()
        }
        await holding.arriveAndWait()
        var waiters: [Task<Void, Never>] = []
        for name in ["queued 1", "ahead 1", "queued 2", "ahead 2"] {
            let expected = slots.waiting + 1
            waiters.append(
                Task {
                    if name.hasPrefix("ahead") {
                        await slots.withSlotAhead { order.names.withLock { $0.append(name) } }
                    } else {
                        await slots.withSlot { order.names.withLock { $0.append(name) } }
                    }
                })
            while slots.waiting < expected { await Task.yield() }
        }
        await release.arriveAndWait()
        await holder
        for waiter in waiters { await waiter.value }
        #expect(order.names.withLock { $0 } == ["ahead 1", "ahead 2", "queued 1", "queued 2"])
        #expect(slots.inUse == 0 && slots.waiting == 0)
    }

    @Test("a limit below one is one")
    func atLeastOne() { #expect(CheckSlots(limit: 0).limit == 1) }
}

/// The names of the waiters, in the order they got their slot.
private final class Order: Sendable { let names = Mutex<[String]>([]) }
