import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import LoopbackHTTP

/// The bound on connections, judged without sockets: which connection's place a new client takes, whatever order the
/// connections' event loops tell the gate what they do in.
@Suite("The connection gate")
struct ConnectionGateTests {
    @Test(
        """
        a client's first bytes take the place of the connection whose answer began first, however late its loop \
        marks it idle
        """)
    func idleOrderIsAnswerOrder() throws {
        let gate = ConnectionGate(limit: 2)
        let (first, second, third) = (EmbeddedChannel(), EmbeddedChannel(), EmbeddedChannel())
        gate.admit(first)
        gate.admit(second)
        gate.enter(first, .answering)
        gate.enter(second, .answering)
        gate.answering(first)
        // The first client read its answer, then the second connection was answered and its loop marked it idle
        // before the first connection's loop did.
        gate.answering(second)
        gate.enter(second, .idle)
        gate.enter(first, .idle)
        gate.admit(third)
        #expect(gate.eviction(of: first) == nil, "a place taken before the new client sent anything")
        gate.enter(third, .head)
        #expect(gate.eviction(of: first) == .idle && gate.eviction(of: second) == nil)
        for channel in [first, second, third] { _ = try channel.finish() }
    }

    @Test("connections that have sent nothing: a new one takes the place of the oldest of them, never its own")
    func freshPlacesTaken() throws {
        let gate = ConnectionGate(limit: 2)
        let channels = (0..<3).map { _ in EmbeddedChannel() }
        for channel in channels { #expect(gate.admit(channel) == .admitted) }
        #expect(channels.map { gate.eviction(of: $0) } == [.fresh, nil, nil])
        for channel in channels { _ = try channel.finish() }
    }

    @Test(
        """
        a request's first bytes at a server full of others take the place of the one idle, then the one lingering, \
        the head begun first, the later head, a body; never a request being answered: then the request is answered \
        beyond the bound
        """)
    func placesTakenInOrder() throws {
        let gate = ConnectionGate(limit: 6)
        let names = ["answering", "body", "older head", "newer head", "lingering", "idle"]
        let channels = Dictionary(uniqueKeysWithValues: names.map { ($0, EmbeddedChannel()) })
        for name in names { gate.admit(channels[name]!) }
        gate.enter(channels["answering"]!, .answering)
        gate.enter(channels["body"]!, .body)
        gate.enter(channels["older head"]!, .head)
        gate.enter(channels["newer head"]!, .head)
        gate.enter(channels["lingering"]!, .lingering)
        gate.enter(channels["idle"]!, .idle)
        var taken: [String] = []
        var newcomers: [EmbeddedChannel] = []
        for _ in 0..<6 {
            let newcomer = EmbeddedChannel()
            newcomers.append(newcomer)
            #expect(gate.admit(newcomer) == .admitted)
            // A whole request in its first bytes.
            gate.enter(newcomer, .answering)
            #expect(gate.eviction(of: newcomer) == nil, "a new request's own place was taken")
            taken += names.filter { name in gate.eviction(of: channels[name]!) != nil && !taken.contains(name) }
        }
        #expect(taken == ["idle", "lingering", "older head", "newer head", "body"])
        for channel in Array(channels.values) + newcomers { _ = try channel.finish(acceptAlreadyClosed: true) }
    }

    @Test(
        """
        while twice the bound of connections are being answered an accept waits, and so does a connection accepted \
        before: both are woken once an answer is written
        """)
    func waitsWhileAnswering() throws {
        let gate = ConnectionGate(limit: 1)
        let (first, second, third) = (EmbeddedChannel(), EmbeddedChannel(), EmbeddedChannel())
        gate.admit(first)
        gate.enter(first, .answering)
        gate.admit(second)
        gate.enter(second, .answering)
        let woken = Mutex(0)
        #expect(!gate.mayAccept { woken.withLock { $0 += 1 } })
        #expect(gate.admit(third, orWake: { woken.withLock { $0 += 1 } }) == .waiting)
        gate.answering(first)
        gate.enter(first, .idle)
        #expect(woken.withLock { $0 } == 2)
        #expect(gate.mayAccept {})
        #expect(gate.admit(third) == .admitted)
        gate.enter(third, .head)
        #expect(gate.eviction(of: first) == .idle)
        for channel in [first, second, third] { _ = try channel.finish() }
    }

    @Test("a connection chosen as it was, that has moved on meanwhile, keeps its place once it says so")
    func keptPlace() throws {
        let gate = ConnectionGate(limit: 1)
        let (first, second) = (EmbeddedChannel(), EmbeddedChannel())
        gate.admit(first)
        gate.admit(second)
        #expect(gate.eviction(of: first) == .fresh)
        // Its first bytes arrived before it heard of it.
        gate.kept(first)
        #expect(gate.eviction(of: first) == nil)
        gate.enter(first, .head)
        let third = EmbeddedChannel()
        gate.admit(third)
        #expect(gate.eviction(of: second) == .fresh && gate.eviction(of: first) == nil)
        for channel in [first, second, third] { _ = try channel.finish() }
    }
}
