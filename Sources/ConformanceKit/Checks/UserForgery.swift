import Foundation
import MockIdP

/// Artifacts a check forges from a genuine one (a refresh token, a pending credential) to name another user, without
/// relying on how the subject writes them: wherever the genuine artifact carries its owner's user ID, as it is or
/// inside base64 or base64url, the other user's ID is written in its place; and the nearest alterations of it. Each
/// differs from the artifact in the bytes it names, every run (``Forgery``); one that would not is left out.
enum UserForgery {
    static func forgeries(of artifact: String, naming victim: String, insteadOf owner: String) -> [(String, String)] {
        var forgeries: [(String, String)] = [("the other user's ID itself", victim)]
        if artifact.contains(owner) {
            forgeries.append(("its user ID replaced", artifact.replacingOccurrences(of: owner, with: victim)))
        }
        let trimmed = artifact.trimmingCharacters(in: CharacterSet(charactersIn: "="))
        if let decoded = Data(base64Encoded: padded(trimmed)).flatMap({ String(data: $0, encoding: .utf8) }),
            decoded.contains(owner)
        {
            let forged = Data(decoded.replacingOccurrences(of: owner, with: victim).utf8).base64EncodedString()
            forgeries.append(("its base64 content's user ID replaced", forged))
        }
        if let decoded = Base64URL.decode(trimmed).flatMap({ String(data: $0, encoding: .utf8) }),
            decoded.contains(owner)
        {
            forgeries.append(
                (
                    "its base64url content's user ID replaced",
                    Base64URL.encode(Array(decoded.replacingOccurrences(of: owner, with: victim).utf8))
                ))
        }
        return forgeries.filter { Forgery.differs($0.1, from: artifact) } + alterations(of: artifact)
    }

    /// The artifact with its first, middle or last character changed (``Forgery/changingCharacter(at:of:)``: the bytes
    /// a base64 artifact decodes to change too), and cut short by one character: its last one before any base64
    /// padding, since a padded artifact without its `=` is the same bytes.
    static func alterations(of artifact: String) -> [(String, String)] {
        guard !artifact.isEmpty else { return [] }
        var forgeries: [(String, String)] = []
        for (name, index) in [("first", 0), ("middle", artifact.count / 2), ("last", artifact.count - 1)] {
            forgeries.append(("its \(name) character changed", Forgery.changingCharacter(at: index, of: artifact)))
        }
        var shortened = Substring(artifact)
        while shortened.count > 1, shortened.last == "=" { shortened = shortened.dropLast() }
        shortened = shortened.dropLast()
        let cut = [("its last character (before any padding) dropped", String(shortened))]
        return forgeries + cut.filter { Forgery.differs($0.1, from: artifact) }
    }

    private static func padded(_ base64: String) -> String {
        base64 + String(repeating: "=", count: (4 - base64.count % 4) % 4)
    }
}

extension CheckContext {
    /// The backend's own door; a backend that does not offer it makes the check not applicable.
    package func accounts(of backend: any AuthBackend) throws -> any AccountsFacet {
        guard let accounts = backend.accounts else {
            throw NotApplicable(
                """
                the backend offers no accounts facet (its own door: accounts:lookup, accounts:update, mfaEnrollment, \
                securetoken)
                """)
        }
        return accounts
    }

    /// The administrator's calls; a backend that does not offer them makes the check not applicable.
    package func admin(of backend: any AuthBackend) throws -> any AccountAdminFacet {
        guard let admin = backend.admin else {
            throw NotApplicable("the backend offers no admin facet (revokeRefreshTokens, disabling a user)")
        }
        return admin
    }
}
