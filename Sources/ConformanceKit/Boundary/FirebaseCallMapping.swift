import Foundation

/// An adapter's calls into a Firebase-like SDK, as the boundary's `async throws(AuthError)` calls: the SDK's async
/// calls (`try await auth.signIn(withEmail:password:)`) and its completion handlers (Firebase's
/// `(AuthDataResult?, Error?)`, or a `Result`), what they throw or hand back mapped by
/// ``AuthError/init(firebaseError:)``, its evidence kept. Each runs on its caller's isolation (an adapter's actor), so
/// that the call may use what the actor keeps.
extension AuthError {
    /// What `call` returns, or what it throws as the boundary's error.
    public static func mapping<T>(
        isolation: isolated (any Actor)? = #isolation, _ call: () async throws -> sending T
    ) async throws(AuthError) -> sending T {
        do { return try await call() } catch { throw AuthError(firebaseError: error) }
    }

    /// What a completion handler of Firebase's shape hands back: the value, or the error. A completion with neither is
    /// `internalError`, as the iOS SDK reports a response it cannot read.
    public static func bridging<T: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ call: (@escaping @Sendable (T?, (any Error)?) -> Void) -> Void
    ) async throws(AuthError) -> T {
        let result: Result<T, AuthError> = await withCheckedContinuation(isolation: isolation) { continuation in
            call { value, error in
                if let error { return continuation.resume(returning: .failure(AuthError(firebaseError: error))) }
                guard let value else {
                    return continuation.resume(
                        returning: .failure(AuthError(.internalError, "the SDK completed with neither value nor error"))
                    )
                }
                continuation.resume(returning: .success(value))
            }
        }
        return try result.get()
    }

    /// What a completion handler that hands back a `Result` hands back.
    public static func bridging<T: Sendable, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ call: (@escaping @Sendable (Result<T, Failure>) -> Void) -> Void
    ) async throws(AuthError) -> T {
        let result = await withCheckedContinuation(isolation: isolation) { continuation in
            call { continuation.resume(returning: $0) }
        }
        return try result.mapError { AuthError(firebaseError: $0) }.get()
    }

    /// Whether a completion handler that hands back only an error (Firebase's `((Error?) -> Void)`) succeeded.
    public static func bridging(
        isolation: isolated (any Actor)? = #isolation, _ call: (@escaping @Sendable ((any Error)?) -> Void) -> Void
    ) async throws(AuthError) {
        let error: AuthError? = await withCheckedContinuation(isolation: isolation) { continuation in
            call { continuation.resume(returning: $0.map { AuthError(firebaseError: $0) }) }
        }
        if let error { throw error }
    }
}
