import ConformanceKit
import Foundation
import HTTPMessages
import IdentityToolkitSubject
import MockIdP
import Testing

@Suite("A server that never answers fails the call with networkError at the network timeout")
struct NoHangTests {
    @Test("a stalled server: the call gives up at exactly the project's network timeout on the world's clock")
    func stalledServer() async throws {
        let world = World()
        // The world's GitHub party stands in for a server that takes requests and never answers.
        world.github.set(.stalling)
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: URL(string: "https://github.com")!, projectID: "stalled", isolation: .projectPerCheck,
                makeSessionConfiguration: { world.urlSessionConfiguration() }))
        let backend = try await subject.makeBackend(
            configuration: .standard.with(\.networkTimeout, .seconds(7)), world: world)
        // A project made for the check has an empty outbox: making the client sends nothing; its first call stalls.
        let client = try await backend.makeClient(on: .primary)
        let start = world.clock.now
        let error = await #expect(throws: AuthError.self) {
            _ = try await client.phone!.verifyPhoneNumber("+16505550101")
        }
        #expect(error?.code == .networkError)
        #expect(error?.message.contains("did not answer") == true)
        #expect(start.duration(to: world.clock.now) == .seconds(7))
    }

    @Test("a call given up cancels the in-process server's work on it, as closing a connection does; it does not wait")
    func givenUpCallCancelsTheServersWork() async throws {
        let gate = Gate()
        var configuration = IdentityToolkitConfiguration(
            baseURL: URL(string: "http://in-process.test")!, projectID: "given-up", isolation: .projectPerCheck)
        configuration.answersInProcess = { _ in
            await gate.enter()
            // Cancelled (the call was given up) before the test opens the gate, or answered once it does.
            return HTTPResponse(status: Task.isCancelled ? 499 : 200, body: Data("{}".utf8))
        }
        let world = World()
        let backend = try await IdentityToolkitSubject(configuration).makeBackend(
            configuration: .standard, world: world)
        let client = try await backend.makeClient(on: .primary)
        let call = Task { try await client.phone!.verifyPhoneNumber("+16505550101") }
        await gate.entered()
        call.cancel()
        await gate.open()
        let error = await #expect(throws: AuthError.self) { _ = try await call.value }
        #expect(error?.code == .networkError)
        #expect(await gate.sawCancellation, "the server's work on the call was not cancelled: the call waited for it")
    }
}

/// What the in-process handler waits on: it enters, then waits until the test opens the gate or its task is cancelled.
private actor Gate {
    private var waiting: CheckedContinuation<Void, Never>?
    private var arrival: CheckedContinuation<Void, Never>?
    private var hasEntered = false
    private var isOpen = false
    private(set) var sawCancellation = false

    func enter() async {
        hasEntered = true
        arrival?.resume()
        arrival = nil
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if isOpen || Task.isCancelled { continuation.resume() } else { waiting = continuation }
            }
        } onCancel: {
            Task { await self.cancelled() }
        }
        if Task.isCancelled { sawCancellation = true }
    }

    func entered() async {
        guard !hasEntered else { return }
        await withCheckedContinuation { arrival = $0 }
    }

    func open() {
        isOpen = true
        waiting?.resume()
        waiting = nil
    }

    private func cancelled() {
        waiting?.resume()
        waiting = nil
    }
}
