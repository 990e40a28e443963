/// Fails the check with `message` unless `condition` holds.
package func expect(_ condition: Bool, _ message: @autoclosure () -> String, fileID: String = #fileID, line: Int = #line) throws(CheckFailure) {
    if !condition { throw CheckFailure(message(), fileID: fileID, line: line) }
}

/// Runs `body`, which must succeed; a thrown error fails the check and names `action`.
@discardableResult
package func expectSuccess<T>(
    _ action: String, fileID: String = #fileID, line: Int = #line, _ body: () async throws -> T
) async throws -> T {
    do {
        return try await CheckProgress.calling(action, body)
    } catch let error as CheckFailure {
        throw error
    } catch let error as AdapterError {
        throw error
    } catch let error as AuthError {
        throw CheckFailure("\(action) failed with \(error); expected it to succeed", expected: "success", actual: "\(error)", fileID: fileID, line: line)
    } catch {
        throw CheckFailure("\(action) threw \(describe(error)); expected it to succeed", expected: "success", actual: describe(error), fileID: fileID, line: line)
    }
}

/// Runs `body`, which must fail with an ``AuthError`` whose code is one of `expected`; returns that error.
@discardableResult
package func expectFailure<T>(
    _ expected: AuthErrorCode..., when action: String, fileID: String = #fileID, line: Int = #line, _ body: () async throws -> T
) async throws -> AuthError {
    let error = try await expectAuthError(when: action, fileID: fileID, line: line, body)
    let wanted = expected.map(\.label).joined(separator: " or ")
    if !expected.contains(error.code) {
        throw CheckFailure("\(action) failed with \(error); expected \(wanted)", expected: wanted, actual: "\(error)", fileID: fileID, line: line)
    }
    return error
}

/// Runs `body`, which must fail with some ``AuthError``; returns it.
package func expectAuthError<T>(
    when action: String, fileID: String = #fileID, line: Int = #line, _ body: () async throws -> T
) async throws -> AuthError {
    let outcome: T
    do {
        outcome = try await CheckProgress.calling(action, body)
    } catch let error as AuthError {
        return error
    } catch let error as CheckFailure {
        throw error
    } catch let error as AdapterError {
        throw error
    } catch {
        throw CheckFailure(
            "\(action) threw \(describe(error)), which is not an AuthError of the taxonomy (AUTH-1)", expected: "an AuthError",
            actual: describe(error), fileID: fileID, line: line)
    }
    throw CheckFailure(
        "\(action) succeeded (\(describe(outcome))); expected it to fail", expected: "a failure", actual: describe(outcome), fileID: fileID, line: line)
}
