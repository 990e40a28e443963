import MockIdP
import Synchronization
import Testing

@Suite("The world holds a backend call's own outbound steps")
struct AnswerLegTests {
    @Test("a held answer keeps the caller and the backend's work after its answer until released, in that order")
    func heldAnswer() async throws {
        let world = World()
        let order = Mutex<[String]>([])
        let (held, arrived) = AsyncStream<Int>.makeStream()
        let hold = world.network.holdAnswers { arrived.yield($0) }
        let call = Task {
            let answer = await world.network.send("signIn", from: .primary) {
                order.withLock { $0.append("backend answered") }
                let deferred = world.network.afterAnswer { order.withLock { $0.append("backend recorded") } }
                #expect(deferred)
                return "answer"
            }
            order.withLock { $0.append("app read \(answer)") }
        }
        var numbers = held.makeAsyncIterator()
        #expect(await numbers.next() == 1)
        #expect(order.withLock { $0 } == ["backend answered"])
        hold.release()
        await call.value
        #expect(order.withLock { $0 } == ["backend answered", "backend recorded", "app read answer"])
    }

    @Test("outside a request through the network, a backend's work after its answer is its own to do")
    func outsideARequest() { #expect(!World().network.afterAnswer {}) }

    @Test("a held push reaches its device only once released")
    func heldPush() async throws {
        let world = World()
        world.devices.install(RecordingApp(), on: .primary)
        let token = try #require(world.push.deviceToken(for: .primary))
        let (held, arrived) = AsyncStream<Int>.makeStream()
        let hold = world.push.hold { arrived.yield($0) }
        let push = Task { try await world.push.send(["k": "v"], toDeviceToken: token) }
        var numbers = held.makeAsyncIterator()
        #expect(await numbers.next() == 1)
        #expect(world.push.deliveries.isEmpty)
        hold.release()
        try await push.value
        #expect(world.push.deliveries.map(\.userInfo) == [["k": "v"]])
    }
}
