import ConformanceKit

extension ReferenceBehaviour {
    /// What only the project's administrator may do (AUTH-10): act on an account named by its `localId`, and let a
    /// disabled user back in.
    struct Administrator: Sendable {
        /// The requests naming a user by `localId` that the backend honours with the API key alone, without the
        /// administrator's credential: none.
        var honouredWithAPIKeyAlone: Set<LocalIDRequest> = []
        /// A disabled user's password sign-in is refused (`USER_DISABLED`).
        var refusesDisabledUsers = true
    }
}

/// A request that names a user by `localId` rather than carrying that user's ID token: the administrator's alone
/// (Identity Toolkit REST reference, `accounts:update`, `accounts:delete`, `accounts:lookup`).
package enum LocalIDRequest: Sendable, Hashable { case update, delete, lookup }

extension ReferenceBackend {
    /// Whether a request naming a user by `localId` for `request` is honoured: with the administrator's credential
    /// (`privileged`) only (AUTH-10), unless a defect honours the API key alone.
    package nonisolated func honoursLocalID(_ request: LocalIDRequest, privileged: Bool) -> Bool {
        privileged || behaviour.administrator.honouredWithAPIKeyAlone.contains(request)
    }
}
