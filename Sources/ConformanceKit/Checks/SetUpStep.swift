import MockIdP

extension CheckContext {
    /// Runs `body`, a step that sets the check up rather than what the check judges, which must succeed. A project
    /// that refuses it as not enabled (`operationNotAllowed`: email verification switched off in the server's own
    /// console, which the suite cannot change without a config API) leaves the check not judged, naming the step and
    /// the answer: a server is judged on the settings it has, never failed for one it was not given.
    @discardableResult
    package func expectSetUp<T>(
        _ action: String, filePath: String = #filePath, line: Int = #line, _ body: () async throws -> T
    ) async throws -> T {
        do { return try await CheckProgress.calling(action, body) } catch let error as AuthError
            where error.code == .operationNotAllowed
        {
            world.transcript.record(
                .network(
                    .notOffered(
                        request: "\(action), a step that sets the check up",
                        answer: "\(error), the project refusing it as not enabled")))
            throw CheckFailure(
                "\(action), a step that sets the check up, is refused as not enabled", expected: "success",
                actual: "\(error)", filePath: filePath, line: line)
        } catch { return try await expectSuccess(action, filePath: filePath, line: line) { throw error } }
    }
}
