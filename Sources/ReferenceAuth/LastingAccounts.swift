import Foundation

/// What of a backend outlasts its process (`conformance serve --export-on-exit`, `--import`): its accounts whole,
/// every field of every ``UserRecord`` as the backend keeps it (a password as its salted hash, never in the clear;
/// the full number of each second factor), and the Apple credentials already used, which stay refused (APPLE-13).
/// Sessions, codes in flight, rate limits and lockouts are not kept: after a restart a user signs in again.
package struct LastingAccounts: Sendable, Codable {
    package var users: [UserRecord]
    package var usedAppleCredentials: [String]

    package init(users: [UserRecord], usedAppleCredentials: [String] = []) {
        self.users = users
        self.usedAppleCredentials = usedAppleCredentials
    }
}

extension ReferenceBackend {
    /// The backend's accounts as they are now, in the order of their user IDs.
    package var lastingAccounts: LastingAccounts {
        LastingAccounts(
            users: users.values.sorted { $0.uid < $1.uid }, usedAppleCredentials: usedAppleCredentials.sorted())
    }

    /// Takes `accounts` as its own, in place of any it has: a backend restored before it serves.
    package func restore(_ accounts: LastingAccounts) {
        users = Dictionary(accounts.users.map { ($0.uid, $0) }) { _, last in last }
        usedAppleCredentials = Set(accounts.usedAppleCredentials)
    }
}

extension UserRecord {
    /// A user made from another server's export (the Auth Emulator's `accounts.json`): the fields besides these are
    /// set one by one.
    package init(imported uid: String, createdAt: Date, lastSignInAt: Date) {
        self.init(uid: uid, createdAt: createdAt, lastSignInAt: lastSignInAt)
    }
}
