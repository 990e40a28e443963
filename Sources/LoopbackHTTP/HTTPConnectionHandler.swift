import Foundation
import HTTPMessages
import NIOCore
import NIOHTTP1

/// What every connection of one server shares.
struct ConnectionConfiguration: Sendable {
    let limits: LoopbackHTTPServer.Limits
    /// The port the connection came in on, for the request's URL.
    let port: UInt16
    let handler: LoopbackHTTPServer.Handler
    let rejection: LoopbackHTTPServer.Rejection
    /// One line per answer, when set (nil: no line is written, nor made).
    let log: LoopbackHTTPServer.Log?
    let gate: ConnectionGate
}

/// One client connection, after NIO's HTTP/1 decoder: requests read one after another (keep-alive), each answered in
/// order by the server's handler while the connection reads no further (pipelined requests wait their turn).
///
/// A connection is idle between requests (closed quietly after ``LoopbackHTTPServer/Limits/idleTimeout``), or reading
/// a request (answered 408 when it is not whole ``LoopbackHTTPServer/Limits/requestTimeout`` after its first byte), or
/// answering. Requests sent at once (pipelined) are answered in order, also when the client shuts its side right after
/// them (RFC 9112 §9.3.2 and §9.6): all of them, then the connection closes. Its last answer (`Connection: close`, or
/// an error: 400, 408, 413, 431) is followed by a graceful close: the output is shut, and what the client still sends
/// is read and dropped until it closes its side or ``LoopbackHTTPServer/Limits/lingerTimeout`` passes, so that the
/// client reads the answer rather than a reset. It tells the ``ConnectionGate`` what it is doing, and closes when the
/// gate gives its place to a new client.
final class HTTPConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        /// Between requests: no byte of the next one yet.
        case idle
        /// Some of a request's head has arrived.
        case head
        /// The head is read; the body is arriving.
        case body
        /// The request is whole: the handler runs, then its answer is written. Reads wait.
        case answering
        /// The last answer is being written.
        case finishing
        /// The last answer is written and the output shut: reading and dropping until the client closes.
        case lingering
        case closed
    }

    /// A request being read.
    private struct Pending {
        var head: HTTPRequestHead
        var body: ByteBuffer
        let started: NIODeadline
    }

    /// What arrived while a request was being answered.
    private enum Queued {
        case part(HTTPServerRequestPart)
        case malformed(any Error)
    }

    private let configuration: ConnectionConfiguration
    private var limits: LoopbackHTTPServer.Limits { configuration.limits }
    private var state = State.idle {
        didSet {
            guard let context, let phase, phase != reported else { return }
            reported = phase
            configuration.gate.enter(context.channel, phase)
        }
    }
    /// Some byte has arrived: the connection is no longer fresh.
    private var used = false
    /// The phase the gate was last told.
    private var reported = ConnectionGate.Phase.fresh
    private var pending: Pending?
    private var queued: [Queued] = []
    private var timer: Scheduled<Void>?
    /// Tells a timer that fires after it was replaced that it is stale.
    private var timerGeneration = 0
    /// The channel asked to read while a request was answered: read once it is.
    private var readHeld = false
    /// The client has shut its side: no request follows the one being answered.
    private var inputClosed = false
    /// Bytes dropped after the last answer.
    private var dropped = 0
    private var context: ChannelHandlerContext?
    /// The handler's task for the request being answered: cancelled when the connection closes first (an error, or the
    /// server stopping), so that work waiting on something that will not come (a door pair's partner lost on the
    /// network) ends with the connection, not after a real-time limit.
    private var answering: Task<HTTPResponse, Never>?
    /// Where the handler's tasks run: this connection's event loop (`EventLoopTaskExecutor`).
    private var taskExecutor: EventLoopTaskExecutor?

    init(configuration: ConnectionConfiguration) { self.configuration = configuration }

    // MARK: Events

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        taskExecutor = EventLoopTaskExecutor(context.eventLoop)
        if context.channel.isActive { armTimer(limits.idleTimeout) }
        yieldPlaceIfAsked()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        if state == .idle { armTimer(limits.idleTimeout) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        state = .closed
        cancelTimer()
        answering?.cancel()
        answering = nil
        queued.removeAll()
        pending = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = Self.unwrapInboundIn(data)
        if state == .answering { queued.append(.part(part)) } else { receive(part) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let arrived = event as? ByteArrivalHandler.Arrived {
            bytesArrived(arrived.count)
            return
        }
        if event is ConnectionGate.Evict {
            yieldPlaceIfAsked()
            return
        }
        if let event = event as? ChannelEvent, event == .inputClosed {
            inputClosed = true
            switch state {
            case .idle, .lingering: context.close(promise: nil)
            case .head, .body: reject(400, "The request ended before it was complete.")
            case .answering, .finishing, .closed: break
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError || error is ByteToMessageDecoderError else {
            context.close(promise: nil)
            return
        }
        switch state {
        case .idle, .head, .body: reject(error)
        case .answering: queued.append(.malformed(error))
        case .finishing, .lingering, .closed: break
        }
    }

    /// Reads wait while a request is answered, so that a client cannot pile requests up in the server.
    func read(context: ChannelHandlerContext) { if state == .answering { readHeld = true } else { context.read() } }

    /// Closes if the gate gave this connection's place to a new client, unless it has moved on since the gate chose it
    /// (its client's first bytes arrived meanwhile): it then keeps its place.
    private func yieldPlaceIfAsked() {
        guard let context, let chosen = configuration.gate.eviction(of: context.channel) else { return }
        if let phase, phase > chosen { configuration.gate.kept(context.channel) } else { context.close(promise: nil) }
    }

    // MARK: Reading a request

    /// What the gate is told this connection is doing (nil once closed).
    private var phase: ConnectionGate.Phase? {
        switch state {
        case .idle: used ? .idle : .fresh
        case .head: .head
        case .body: .body
        case .answering, .finishing: .answering
        case .lingering: .lingering
        case .closed: nil
        }
    }

    /// Bytes arrived (before the decoder has made anything of them): the first of a request ends its idle wait and
    /// starts the request's one deadline, which later bytes do not move (a client that sends a byte now and then
    /// holds no connection longer than that).
    private func bytesArrived(_ count: Int) {
        switch state {
        case .idle:
            used = true
            state = .head
            armTimer(limits.requestTimeout)
        case .head, .body: break
        case .finishing, .lingering:
            dropped += count
            if dropped > 8 * limits.bodyBytes { context?.close(promise: nil) }
        case .answering, .closed: break
        }
    }

    private func receive(_ part: HTTPServerRequestPart) {
        switch (part, state) {
        case (.head(let head), .idle), (.head(let head), .head):
            // A request read while another was answered starts its deadline now.
            if state == .idle { armTimer(limits.requestTimeout) }
            pending = Pending(head: head, body: ByteBuffer(), started: .now())
            if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limits.bodyBytes {
                reject(413, "Request payload size exceeds the limit: \(limits.bodyBytes) bytes.")
                return
            }
            if head.version.minor >= 1, head.headers.first(name: "Expect")?.lowercased() == "100-continue" {
                context?.writeAndFlush(
                    Self.wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))), promise: nil)
            }
            state = .body
        case (.body(let bytes), .body):
            guard var request = pending else { return }
            guard request.body.readableBytes + bytes.readableBytes <= limits.bodyBytes else {
                reject(413, "Request payload size exceeds the limit: \(limits.bodyBytes) bytes.")
                return
            }
            pending = nil
            request.body.writeImmutableBuffer(bytes)
            pending = request
        case (.end, .body):
            cancelTimer()
            guard let request = pending else { return }
            pending = nil
            answer(request)
        default: break
        }
    }

    // MARK: Answering

    private func answer(_ request: Pending) {
        guard let context else { return }
        state = .answering
        let head = request.head
        if head.method == .OPTIONS {
            respond(CORS.preflight, to: request)
            return
        }
        guard let url = url(head.uri) else {
            reject(400, "Invalid request target \(head.uri).")
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name] = value }
        // HEAD is answered as GET is, without the body.
        let message = HTTPRequest(
            method: head.method == .HEAD ? "GET" : head.method.rawValue, url: url, headers: headers,
            body: Data(request.body.readableBytesView))
        let promise = context.eventLoop.makePromise(of: HTTPResponse.self)
        let handler = configuration.handler
        // One task answers and completes the promise (`completeWithTask` would start a second one per request).
        answering = Task(executorPreference: taskExecutor) {
            let response = await handler(message)
            promise.succeed(response)
            return response
        }
        promise.futureResult.assumeIsolated().whenSuccess { response in
            self.answering = nil
            guard self.state == .answering else { return }
            self.respond(response, to: request)
        }
    }

    /// The request's URL as the handler sees it: `http://127.0.0.1:PORT` and the target's path and query.
    private func url(_ target: String) -> URL? {
        if target.hasPrefix("/") { return URL(string: "http://127.0.0.1:\(configuration.port)\(target)") }
        // The absolute form (`http://host/path`), which a client sends to a proxy.
        guard let absolute = URLComponents(string: target), absolute.scheme?.hasPrefix("http") == true else {
            return nil
        }
        let path = absolute.percentEncodedPath.isEmpty ? "/" : absolute.percentEncodedPath
        let query = absolute.percentEncodedQuery.map { "?\($0)" } ?? ""
        return URL(string: "http://127.0.0.1:\(configuration.port)\(path)\(query)")
    }

    private func respond(_ response: HTTPResponse, to request: Pending) {
        if let log = configuration.log {
            let milliseconds = Double((NIODeadline.now() - request.started).nanoseconds) / 1_000_000
            let target = request.head.uri
            log(
                "\(request.head.method.rawValue) \(target) \(response.status) \(String(format: "%.1f", milliseconds))ms"
            )
        }
        // After the client shut its side, the requests it sent before are still answered; the last one closes.
        write(response, to: request.head, keepAlive: request.head.isKeepAlive && !(inputClosed && queued.isEmpty))
    }

    /// Answers what could not be read as a request, and closes.
    private func reject(_ error: any Error) {
        if let error = error as? HTTPParserError, error == .headerOverflow {
            reject(431, "Request header fields too large: more than \(limits.headBytes) bytes.")
        } else {
            reject(400, "Invalid HTTP request: \(error).")
        }
    }

    private func reject(_ status: Int, _ message: String) {
        cancelTimer()
        let head = pending?.head
        pending = nil
        configuration.log?("- - \(status) \(message)")
        write(configuration.rejection(status, message), to: head, keepAlive: false)
    }

    /// Writes `response`; then reads the next request, or closes gracefully.
    private func write(_ response: HTTPResponse, to request: HTTPRequestHead?, keepAlive: Bool) {
        guard let context, state != .closed, state != .finishing, state != .lingering else { return }
        state = keepAlive ? .answering : .finishing
        let status = HTTPResponseStatus(statusCode: response.status)
        var headers = HTTPHeaders()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
        where !Self.framing.contains(name.lowercased()) { headers.add(name: name, value: value) }
        if !response.body.isEmpty, !headers.contains(name: "Content-Type") {
            headers.add(name: "Content-Type", value: "application/json; charset=UTF-8")
        }
        headers.add(name: "Content-Length", value: String(response.body.count))
        if keepAlive {
            headers.add(name: "Connection", value: "keep-alive")
            headers.add(name: "Keep-Alive", value: "timeout=\(limits.idleTimeout.components.seconds)")
        } else {
            headers.add(name: "Connection", value: "close")
        }
        if let request { headers.add(contentsOf: CORS.headers(for: request)) }
        context.write(
            Self.wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
            promise: nil)
        if request?.method != .HEAD, status.mayHaveResponseBody, !response.body.isEmpty {
            context.write(Self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        configuration.gate.answering(context.channel)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { result in
            switch result {
            case .success: keepAlive ? self.nextRequest() : self.shutOutput()
            case .failure: self.context?.close(promise: nil)
            }
        }
    }

    /// Headers the server frames itself.
    private static let framing: Set<String> = ["content-length", "transfer-encoding", "connection", "keep-alive"]

    private func nextRequest() {
        guard state == .answering, let context else { return }
        state = .idle
        armTimer(limits.idleTimeout)
        while state == .idle || state == .head || state == .body, !queued.isEmpty {
            switch queued.removeFirst() {
            case .part(let part): receive(part)
            case .malformed(let error): reject(error)
            }
        }
        if inputClosed {
            switch state {
            case .idle: context.close(promise: nil)
            case .head, .body: reject(400, "The request ended before it was complete.")
            case .answering, .finishing, .lingering, .closed: break
            }
            return
        }
        if readHeld, state != .answering {
            readHeld = false
            context.read()
        }
    }

    /// After the last answer: shut the output (the client reads the answer, then the end of the stream) and drop
    /// what the client still sends until it closes or the linger time passes.
    private func shutOutput() {
        guard state == .finishing, let context else { return }
        queued.removeAll()
        if inputClosed {
            context.close(promise: nil)
            return
        }
        state = .lingering
        armTimer(limits.lingerTimeout)
        context.close(mode: .output).assumeIsolated().whenFailure { _ in self.context?.close(promise: nil) }
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    // MARK: Timers

    private func armTimer(_ timeout: Duration) {
        guard let context else { return }
        timer?.cancel()
        timerGeneration += 1
        let generation = timerGeneration
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) {
            guard generation == self.timerGeneration else { return }
            self.timer = nil
            self.timerFired()
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerGeneration += 1
    }

    private func timerFired() {
        switch state {
        case .idle, .lingering: context?.close(promise: nil)
        case .head, .body: reject(408, "The request was not complete \(limits.requestTimeout) after its first byte.")
        case .answering, .finishing, .closed: break
        }
    }
}

/// Before the decoder, which says nothing until a head is whole: tells ``HTTPConnectionHandler`` that bytes arrived,
/// so that it can tell an idle connection from a request that has begun (and stalls).
final class ByteArrivalHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    struct Arrived { let count: Int }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(Arrived(count: Self.unwrapInboundIn(data).readableBytes))
        context.fireChannelRead(data)
    }
}
