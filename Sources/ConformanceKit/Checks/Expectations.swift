/// Fails the check with `message` unless `condition` holds.
public func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(CheckFailure) {
    if !condition { throw CheckFailure(message()) }
}

/// Runs `body`, which must succeed; a thrown error fails the check and names `action`.
@discardableResult
public func expectSuccess<T>(_ action: String, _ body: () async throws -> T) async throws(CheckFailure) -> T {
    do {
        return try await body()
    } catch let error as CheckFailure {
        throw error
    } catch let error as AuthError {
        throw CheckFailure("\(action) failed with \(error); expected it to succeed")
    } catch {
        throw CheckFailure("\(action) threw \(describe(error)); expected it to succeed")
    }
}

/// Runs `body`, which must fail with an ``AuthError`` whose code is one of `expected`; returns that error.
@discardableResult
public func expectFailure<T>(
    _ expected: AuthErrorCode..., when action: String, _ body: () async throws -> T
) async throws(CheckFailure) -> AuthError {
    let error = try await expectAuthError(when: action, body)
    let wanted = expected.map(\.label).joined(separator: " or ")
    try expect(expected.contains(error.code), "\(action) failed with \(error); expected \(wanted)")
    return error
}

/// Runs `body`, which must fail with some ``AuthError`` (AUTH-1); returns it.
public func expectAuthError<T>(when action: String, _ body: () async throws -> T) async throws(CheckFailure) -> AuthError {
    let outcome: T
    do {
        outcome = try await body()
    } catch let error as AuthError {
        return error
    } catch let error as CheckFailure {
        throw error
    } catch {
        throw CheckFailure("\(action) threw \(describe(error)), which is not an AuthError of the taxonomy (AUTH-1)")
    }
    throw CheckFailure("\(action) succeeded (\(describe(outcome))); expected it to fail")
}
