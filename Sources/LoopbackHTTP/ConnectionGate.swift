import NIOCore
import Synchronization

/// The bound on open connections, shared by the listening sockets (127.0.0.1 and ::1), such that a client that sends
/// a request is served however many connections others hold open and leave unused or stalled.
///
/// A connection that has sent nothing since it was accepted holds one of `limit` places of its own: a client that
/// arrives when they are all held takes the place of the oldest of them, which is closed quietly. So connections that
/// never send cannot keep a client out, and a client that sends its request as it connects keeps its place until
/// `limit` newer connections have arrived before the server read a byte of it. A connection that has sent something
/// holds one of `limit` other places; when its first bytes arrive and they are all held, it takes the place of another
/// in the order of ``Phase``: the one idle the longest (clients' pools keep connections they no longer use), then one
/// lingering after its last answer, then the one whose request head began the longest ago (the slowest), then one
/// whose body has not all arrived. A connection whose request is whole is answered and its place never taken: when
/// every place is held by one, the new request is answered beyond the bound, up to twice `limit` connections in all;
/// past that the listeners' accepts wait (the client waits in the kernel's queue; one accepted just before waits
/// unread in ``AcceptGateHandler``) until one is done or closes.
///
/// A connection whose place is taken is closed, unless it has moved on to a later phase by the time its event loop
/// hears of it (its client's first bytes arrived meanwhile): it then keeps its place, and the next connection to need
/// one takes two.
final class ConnectionGate: Sendable {
    /// What a connection is doing, in the order in which another takes its place.
    enum Phase: Int, Comparable, Sendable {
        /// Accepted, and no byte has arrived.
        case fresh
        /// Answered, and waiting for its next request.
        case idle
        /// Its last answer written and its output shut: reading and dropping what the client still sends.
        case lingering
        /// Some of a request's head has arrived.
        case head
        /// A request's head is read and its body is arriving.
        case body
        /// A whole request is being answered (or its last answer written): its place is never taken.
        case answering

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

        var yieldsPlace: Bool { self != .answering }
    }

    /// Sent to a connection whose place is wanted: it asks ``eviction(of:)`` in which phase it was chosen, and closes
    /// if it is no further, or tells the gate that it keeps its place (``kept(_:)``). A connection whose handlers are
    /// added after the event was sent asks when they are.
    struct Evict: Sendable {}

    private struct Entry {
        let channel: any Channel
        var phase = Phase.fresh
        /// When it entered its phase (an order, not a time): who has waited the longest in a phase.
        var since: UInt64
        /// When it began writing its last answer (an order): the order it goes idle in. Its loop marks it idle only
        /// once the answer is written, by when a client that read that answer may have had another connection
        /// answered on another loop, and marked idle first.
        var answeredAt: UInt64?
        /// Asked to close, in this phase: its place is already given to another.
        var evicted: Phase?
    }

    private struct State {
        var open: [ObjectIdentifier: Entry] = [:]
        var order: UInt64 = 0
        /// Listeners waiting for room, woken when a connection closes or its answer is written.
        var waiting: [@Sendable () -> Void] = []
        var stopped = false

        /// The connections whose places are not given away: all of them, or those that have sent nothing (`fresh`),
        /// or the others.
        func holding(fresh: Bool? = nil) -> Int {
            open.values.count(where: { $0.evicted == nil && (fresh == nil || ($0.phase == .fresh) == fresh) })
        }

        /// The connection whose place is taken (of those that have sent nothing, or of the others, or of all): the
        /// earliest phase, the longest in it.
        func victim(
            fresh: Bool? = nil, sparing spared: ObjectIdentifier? = nil
        ) -> (key: ObjectIdentifier, entry: Entry)? {
            open.filter {
                $0.key != spared && $0.value.evicted == nil && $0.value.phase.yieldsPlace
                    && (fresh == nil || ($0.value.phase == .fresh) == fresh)
            }.min { ($0.value.phase.rawValue, $0.value.since) < ($1.value.phase.rawValue, $1.value.since) }.map {
                (key: $0.key, entry: $0.value)
            }
        }

        /// Gives places away until those that have sent nothing are within `limit`, the others too, and all of them
        /// within twice `limit` (past which the others are only while every one is being answered); never `spared`'s.
        mutating func evictions(limit: Int, sparing spared: ObjectIdentifier) -> [any Channel] {
            var evicted: [any Channel] = []
            for (fresh, bound) in [(true, limit), (false, limit), (nil, 2 * limit)] as [(Bool?, Int)] {
                while holding(fresh: fresh) > bound, let victim = victim(fresh: fresh, sparing: spared) {
                    open[victim.key]?.evicted = victim.entry.phase
                    evicted.append(victim.entry.channel)
                }
            }
            return evicted
        }

        mutating func next() -> UInt64 {
            order += 1
            return order
        }

        mutating func wakeAll() -> [@Sendable () -> Void] {
            defer { waiting.removeAll() }
            return waiting
        }
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    var openCount: Int { state.withLock { $0.open.count } }

    /// True when a listener may accept now; otherwise keeps `wake` to call once a connection closes or is done.
    func mayAccept(orWake wake: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            if state.holding() < 2 * limit || state.victim() != nil { return true }
            if !state.stopped { state.waiting.append(wake) }
            return false
        }
    }

    enum Admission: Equatable {
        /// The connection has a place, given back when it closes.
        case admitted
        /// Every place is held by a request being answered: `wake` is called once one is done or closes.
        case waiting
        /// The server is stopping: the connection is closed.
        case refused
    }

    /// A connection accepted, in a place of those that have sent nothing: past the bound it takes the place of the
    /// oldest of them, which is asked to close. A listener asks ``mayAccept(orWake:)`` before it accepts, but what it
    /// accepts then arrives later, when every place may be held by a request being answered: it then waits for one.
    @discardableResult
    func admit(_ channel: any Channel, orWake wake: @escaping @Sendable () -> Void = {}) -> Admission {
        let key = ObjectIdentifier(channel)
        let (admission, evicted) = state.withLock { state -> (Admission, [any Channel]) in
            guard !state.stopped else { return (.refused, []) }
            guard state.holding() < 2 * limit || state.victim() != nil else {
                state.waiting.append(wake)
                return (.waiting, [])
            }
            state.open[key] = Entry(channel: channel, since: state.next())
            return (.admitted, state.evictions(limit: limit, sparing: key))
        }
        switch admission {
        case .admitted: channel.closeFuture.whenComplete { _ in self.release(channel) }
        case .refused: channel.close(promise: nil)
        case .waiting: break
        }
        for victim in evicted { victim.pipeline.fireUserInboundEventTriggered(Evict()) }
        return admission
    }

    /// The connection entered `phase`. Its first bytes take it from the places of those that have sent nothing to
    /// the others' (``Phase``). Once its answer is written (idle or lingering) a waiting listener may accept.
    func enter(_ channel: any Channel, _ phase: Phase) {
        let key = ObjectIdentifier(channel)
        let (waiting, evicted) = state.withLock { state -> ([@Sendable () -> Void], [any Channel]) in
            guard let entry = state.open[key], entry.phase != phase else { return ([], []) }
            // Idle since it began writing its answer, so that connections go idle in the order their clients saw
            // answers.
            let since = phase == .idle ? entry.answeredAt ?? state.next() : state.next()
            state.open[key]?.phase = phase
            state.open[key]?.since = since
            let evicted = entry.phase == .fresh ? state.evictions(limit: limit, sparing: key) : []
            return (entry.phase.yieldsPlace || !phase.yieldsPlace ? [] : state.wakeAll(), evicted)
        }
        for wake in waiting { wake() }
        for victim in evicted { victim.pipeline.fireUserInboundEventTriggered(Evict()) }
    }

    /// The connection is about to write the end of an answer: the order it goes idle in, if it does.
    func answering(_ channel: any Channel) {
        state.withLock { state in
            guard state.open[ObjectIdentifier(channel)] != nil else { return }
            let order = state.next()
            state.open[ObjectIdentifier(channel)]?.answeredAt = order
        }
    }

    /// The phase the connection was in when its place was given to another; nil while it holds its place.
    func eviction(of channel: any Channel) -> Phase? { state.withLock { $0.open[ObjectIdentifier(channel)]?.evicted } }

    /// The connection was asked to close, but had moved on to a later phase: it keeps its place.
    func kept(_ channel: any Channel) { state.withLock { $0.open[ObjectIdentifier(channel)]?.evicted = nil } }

    private func release(_ channel: any Channel) {
        let waiting = state.withLock { state in
            state.open[ObjectIdentifier(channel)] = nil
            return state.wakeAll()
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
/// reads (its accepts) back until one is free. A connection accepted when no place is free after all waits here, not
/// yet read from, until one is.
final class AcceptGateHandler: ChannelDuplexHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never
    typealias OutboundOut = Never

    private let gate: ConnectionGate
    private var context: ChannelHandlerContext?
    /// A connection accepted that waits for a place.
    private var parked: NIOAny?
    /// The listener asked to accept while a connection waited for a place.
    private var readHeld = false

    init(gate: ConnectionGate) { self.gate = gate }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        if let parked { Self.unwrapInboundIn(parked).close(promise: nil) }
        parked = nil
    }

    func read(context: ChannelHandlerContext) {
        guard parked == nil else {
            readHeld = true
            return
        }
        if gate.mayAccept(orWake: wake(context) { $0.read(context: $1) }) { context.read() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        parked = data
        handOn(context: context)
    }

    /// Hands the accepted connection on once it has a place, then lets the listener accept again.
    private func handOn(context: ChannelHandlerContext) {
        guard let data = parked else { return }
        switch gate.admit(Self.unwrapInboundIn(data), orWake: wake(context) { $0.handOn(context: $1) }) {
        case .waiting: return
        case .admitted:
            parked = nil
            context.fireChannelRead(data)
        case .refused: parked = nil
        }
        if readHeld {
            readHeld = false
            read(context: context)
        }
    }

    /// Calls `retry` on the listener's event loop, if the handler is still on the listener.
    private func wake(
        _ context: ChannelHandlerContext, _ retry: @escaping (AcceptGateHandler, ChannelHandlerContext) -> Void
    ) -> @Sendable () -> Void {
        let bound = NIOLoopBound((self, retry), eventLoop: context.eventLoop)
        let loop = context.eventLoop
        return {
            loop.execute {
                let (handler, retry) = bound.value
                if let context = handler.context { retry(handler, context) }
            }
        }
    }
}
