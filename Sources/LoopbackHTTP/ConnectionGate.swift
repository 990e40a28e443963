import NIOCore
import Synchronization

/// The bound on open connections, shared by the listening sockets (127.0.0.1 and ::1).
///
/// A listener accepts while the server is under the bound, or while some connection is idle between requests: a
/// client that arrives at a full server takes the place of the connection idle the longest, which is closed quietly
/// (clients' pools keep connections they no longer use, and a server that kept them all for their whole idle time
/// would leave new clients waiting). While every connection is busy, the listeners' accepts wait (the client waits in
/// the kernel's queue) until one closes or goes idle. Each listener accepts one connection at a time, so two that ask
/// at the same moment can take the server one past the bound for a moment.
final class ConnectionGate: Sendable {
    /// Sent to a connection to close it if it is still idle: its place is wanted.
    struct Evict {}

    private struct Entry {
        let channel: any Channel
        /// When it went idle (an order, not a time); nil while it serves a request, or before its first one.
        var idleSince: UInt64?
        /// When it began writing its last answer (an order): the order it goes idle in. Its loop marks it idle only
        /// once the answer is written, by when a client that read that answer may have had another connection
        /// answered on another loop, and marked idle first.
        var answeredAt: UInt64?
    }

    private struct State {
        var open: [ObjectIdentifier: Entry] = [:]
        var idleOrder: UInt64 = 0
        /// Listeners waiting for room, woken when a connection closes or goes idle.
        var waiting: [@Sendable () -> Void] = []
        var stopped = false

        var hasIdle: Bool { open.values.contains { $0.idleSince != nil } }

        /// The connection idle the longest.
        var longestIdle: (any Channel)? {
            open.values.filter { $0.idleSince != nil }.min { $0.idleSince! < $1.idleSince! }?.channel
        }
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    var openCount: Int { state.withLock { $0.open.count } }

    /// True when a listener may accept now; otherwise keeps `wake` to call once a connection closes or goes idle.
    func mayAccept(orWake wake: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            if state.open.count < limit || state.hasIdle { return true }
            if !state.stopped { state.waiting.append(wake) }
            return false
        }
    }

    /// A connection accepted; its place is given back when it closes. Past the bound, the connection idle the longest
    /// is asked to close.
    func admit(_ channel: any Channel) {
        let (admitted, evicted) = state.withLock { state -> (Bool, (any Channel)?) in
            guard !state.stopped else { return (false, nil) }
            state.open[ObjectIdentifier(channel)] = Entry(channel: channel)
            return (true, state.open.count > limit ? state.longestIdle : nil)
        }
        guard admitted else {
            channel.close(promise: nil)
            return
        }
        channel.closeFuture.whenComplete { _ in self.release(channel) }
        evicted?.pipeline.fireUserInboundEventTriggered(Evict())
    }

    /// The connection is about to write the end of an answer: the order it goes idle in, if it does.
    func answering(_ channel: any Channel) {
        state.withLock { state in
            guard state.open[ObjectIdentifier(channel)] != nil else { return }
            state.idleOrder += 1
            state.open[ObjectIdentifier(channel)]?.answeredAt = state.idleOrder
        }
    }

    /// The connection has answered a request and waits for the next one: a new client may take its place. It is
    /// idle since it began writing that answer, so that connections go idle in the order their clients saw answers.
    func idle(_ channel: any Channel) {
        let waiting = state.withLock { state -> [@Sendable () -> Void] in
            guard let entry = state.open[ObjectIdentifier(channel)] else { return [] }
            if entry.answeredAt == nil { state.idleOrder += 1 }
            state.open[ObjectIdentifier(channel)]?.idleSince = entry.answeredAt ?? state.idleOrder
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for wake in waiting { wake() }
    }

    /// The connection is reading or answering a request: its place is not to be taken.
    func busy(_ channel: any Channel) { state.withLock { $0.open[ObjectIdentifier(channel)]?.idleSince = nil } }

    private func release(_ channel: any Channel) {
        let waiting = state.withLock { state in
            state.open[ObjectIdentifier(channel)] = nil
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for wake in waiting { wake() }
    }

    /// Admits no more connections and answers those open now.
    func stop() -> [any Channel] {
        state.withLock { state in
            state.stopped = true
            state.waiting.removeAll()
            return state.open.values.map(\.channel)
        }
    }
}

/// On a listening socket: lets an accept happen only with a place from the ``ConnectionGate``, and holds the listener's
/// reads (its accepts) back until one is free.
final class AcceptGateHandler: ChannelDuplexHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never
    typealias OutboundOut = Never

    private let gate: ConnectionGate
    private var context: ChannelHandlerContext?

    init(gate: ConnectionGate) { self.gate = gate }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func read(context: ChannelHandlerContext) {
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        let mayAccept = gate.mayAccept {
            loop.execute {
                let handler = bound.value
                if let context = handler.context { handler.read(context: context) }
            }
        }
        if mayAccept { context.read() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        gate.admit(Self.unwrapInboundIn(data))
        context.fireChannelRead(data)
    }
}
