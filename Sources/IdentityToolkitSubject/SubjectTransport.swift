import Foundation
import HTTPMessages
import MockIdP
import PlainHTTPClient
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How the subject's requests reach the server: to an in-process server's host, its handler (tests); an `http://`
/// server through the suite's own ``HTTP1Client`` (its connections kept alive and shared by every check), unless a
/// session configuration was given; anything else (an `https://` key set, a configuration that routes requests to an
/// in-process server) through a `URLSession`, made on first use, or for each request (`sessionPerRequest`).
final class SubjectTransport: Sendable {
    typealias InProcess = (host: String, answer: @Sendable (HTTPRequest) async -> HTTPResponse)

    private let client: HTTP1Client?
    private let inProcess: InProcess?
    /// Whether each request has a session of its own: a configuration given may carry URL protocols of its own,
    /// which answer from threads of their own, and swift-corelibs-foundation's protocol client reads the session's
    /// registry of tasks unguarded (it is written on the session's queue as other tasks start and end), so a session
    /// shared by the checks running at once could crash the process. A session with one task has nothing to race.
    private let sessionPerRequest: Bool
    private let makeSession: @Sendable () -> URLSession
    private let session = Mutex<URLSession?>(nil)

    init(
        client: HTTP1Client?, inProcess: InProcess? = nil, sessionPerRequest: Bool = false,
        makeSession: @escaping @Sendable () -> URLSession
    ) {
        self.client = client
        self.inProcess = inProcess
        self.sessionPerRequest = sessionPerRequest
        self.makeSession = makeSession
    }

    /// The answer's status and body, whatever the status; bounded in real time by `request.timeoutInterval`.
    func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        if let inProcess, let url = request.url, url.host?.lowercased() == inProcess.host {
            let forwarded = InProcessURLProtocol.httpRequest(request, url: url)
            // Detached, as behind a connection: the server's work runs outside the check's task, so none of the
            // check's task-local values (the world's answer leg, `AnswerLeg`) reaches the server's backend. A request
            // given up (the call's timeout) cancels it, as the served server cancels the work of a connection closed.
            let answering = Task.detached { await inProcess.answer(forwarded) }
            let answer = await withTaskCancellationHandler {
                await answering.value
            } onCancel: {
                answering.cancel()
            }
            try Task.checkCancellation()
            return (answer.status, answer.body)
        }
        if let client, let url = request.url, url.scheme?.lowercased() == "http" {
            let answer = try await client.send(
                InProcessURLProtocol.httpRequest(request, url: url),
                timeout: .milliseconds(Int64(request.timeoutInterval * 1000)))
            return (answer.status, answer.body)
        }
        if sessionPerRequest {
            let session = makeSession()
            defer { session.finishTasksAndInvalidate() }
            return try await Self.send(request, through: session)
        }
        let session = session.withLock { session in
            if let session { return session }
            let made = makeSession()
            session = made
            return made
        }
        return try await Self.send(request, through: session)
    }

    private static func send(_ request: URLRequest, through session: URLSession) async throws -> (Int, Data) {
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// Lets the session, if one was made, finish and go.
    func invalidate() { session.withLock { $0 }?.finishTasksAndInvalidate() }
}
