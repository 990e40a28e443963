import NIOCore
import NIOEmbedded
import Testing

@testable import LoopbackHTTP

/// The bound on connections, judged without sockets: each connection's event loop marks it idle once its answer is
/// written, so two loops can mark two connections idle in either order; the one idle the longest is the one whose
/// answer began first, as its client saw it.
@Suite("The connection gate")
struct ConnectionGateTests {
    /// Notes whether the gate asked its connection to close.
    final class EvictionRecorder: ChannelInboundHandler {
        typealias InboundIn = Never
        var evicted = false

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if event is ConnectionGate.Evict { evicted = true }
            context.fireUserInboundEventTriggered(event)
        }
    }

    @Test(
        "a new client takes the place of the connection whose answer began first, however late its loop marks it idle")
    func idleOrderIsAnswerOrder() throws {
        let gate = ConnectionGate(limit: 2)
        let (firstRecorder, secondRecorder) = (EvictionRecorder(), EvictionRecorder())
        let first = EmbeddedChannel(handler: firstRecorder)
        let second = EmbeddedChannel(handler: secondRecorder)
        let third = EmbeddedChannel()
        gate.admit(first)
        gate.admit(second)
        gate.answering(first)
        // The first client read its answer, then the second connection was answered and its loop marked it idle
        // before the first connection's loop did.
        gate.answering(second)
        gate.idle(second)
        gate.idle(first)
        gate.admit(third)
        #expect(firstRecorder.evicted && !secondRecorder.evicted)
        _ = try first.finish()
        _ = try second.finish()
        _ = try third.finish()
    }
}
