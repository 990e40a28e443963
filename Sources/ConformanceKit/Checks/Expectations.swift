// Every expectation takes `filePath: String = #filePath, line: Int = #line`, so that a failure names the line of the
// rule file that called it; a step that calls expectations for a rule file takes the same two parameters and forwards
// them, so that its failures name the rule file's line too.

/// Fails the check with `message` unless `condition` holds; `expected` and `actual`, when given, are the failure's
/// fields, which every report shows beside the message.
package func expect(
    _ condition: Bool, _ message: @autoclosure () -> String, expected: @autoclosure () -> String? = nil,
    actual: @autoclosure () -> String? = nil, filePath: String = #filePath, line: Int = #line
) throws(CheckFailure) {
    if !condition {
        throw CheckFailure(message(), expected: expected(), actual: actual(), filePath: filePath, line: line)
    }
}

/// Fails the check unless `actual == expected`. The failure is one sentence naming `what`, and carries both values
/// as its expected and actual fields (strings quoted, error codes with their number), so a check never writes them
/// into prose:
///
///     try expectEqual(world.sms.inbox(number).count, 1, "the number of SMS that reached \(number)")
///     try expectEqual(error.code, .invalidPhoneNumber, "the error of verifyPhoneNumber(\"+1 650-555-3434\")")
///
/// `what` names the value compared, as a noun phrase; the actual value comes first, as in swift-testing's `#expect(a ==
/// b)`.
package func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ what: @autoclosure () -> String, filePath: String = #filePath, line: Int = #line
) throws(CheckFailure) {
    guard actual != expected else { return }
    throw CheckFailure(
        "\(what()) is not as expected", expected: shown(expected), actual: shown(actual), filePath: filePath, line: line
    )
}

/// A value as the expected and actual fields show it: strings quoted and escaped, error codes with their number.
func shown(_ value: Any) -> String {
    switch value {
    case let string as String: string.debugDescription
    case let code as AuthErrorCode: code.label
    default: String(describing: value)
    }
}

/// Runs `body`, which must succeed; a thrown error fails the check and names `action`.
@discardableResult
package func expectSuccess<T>(
    _ action: String, filePath: String = #filePath, line: Int = #line, _ body: () async throws -> T
) async throws -> T {
    do { return try await CheckProgress.calling(action, body) } catch let error as CheckFailure {
        throw error
    } catch let error as AdapterError { throw error } catch let error as AuthError {
        throw CheckFailure("\(action) failed", expected: "success", actual: "\(error)", filePath: filePath, line: line)
    } catch {
        throw CheckFailure(
            "\(action) threw an error", expected: "success", actual: describe(error), filePath: filePath, line: line)
    }
}

/// Runs `body`, which must fail with an ``AuthError`` whose code is one of `expected`; returns that error.
@discardableResult
package func expectFailure<T>(
    _ expected: AuthErrorCode..., when action: String, filePath: String = #filePath, line: Int = #line,
    _ body: () async throws -> T
) async throws -> AuthError {
    let wanted = expected.map(\.label).joined(separator: " or ")
    let error = try await expectAuthError(when: action, expecting: wanted, filePath: filePath, line: line, body)
    if !expected.contains(error.code) {
        throw CheckFailure(
            "\(action) failed with another error than the rule's", expected: wanted, actual: "\(error)",
            filePath: filePath, line: line)
    }
    return error
}

/// Runs `body`, which must fail with some ``AuthError``; returns it.
package func expectAuthError<T>(
    when action: String, filePath: String = #filePath, line: Int = #line, _ body: () async throws -> T
) async throws -> AuthError {
    try await expectAuthError(when: action, expecting: "an AuthError", filePath: filePath, line: line, body)
}

private func expectAuthError<T>(
    when action: String, expecting wanted: String, filePath: String, line: Int, _ body: () async throws -> T
) async throws -> AuthError {
    let outcome: T
    do { outcome = try await CheckProgress.calling(action, body) } catch let error as AuthError {
        return error
    } catch let error as CheckFailure { throw error } catch let error as AdapterError { throw error } catch {
        throw CheckFailure(
            "\(action) threw an error that is not an AuthError of the taxonomy (AUTH-1)", expected: wanted,
            actual: describe(error), filePath: filePath, line: line)
    }
    throw CheckFailure(
        "\(action) succeeded; the rule says it fails", expected: wanted, actual: "success: \(describe(outcome))",
        filePath: filePath, line: line)
}
