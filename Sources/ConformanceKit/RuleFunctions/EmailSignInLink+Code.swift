extension EmailSignInLink {
    /// The `oobCode` of a sign-in link, as an implementation reads it before asking its backend:
    /// `invalidActionCode`, naming why, for anything else.
    package static func oobCode(of link: String) throws(AuthError) -> String {
        do { return try signInLink(link).oobCode ?? "" } catch {
            throw AuthError(.invalidActionCode, "the link is not an email sign-in link: \(error.description)")
        }
    }
}
