/// Whether a link is an email sign-in link (LINK-5, the iOS SDK's `isSignIn(withEmailLink:)`): a link whose
/// `mode` is exactly `signIn` and whose `oobCode` is not empty, also when it comes wrapped in a deep link
/// (`…/__/auth/links?link=…`, `https://example.page.link/?link=…`, `app://…?deep_link_id=…`). Other action
/// links, links without a code, unrelated URLs and strings that are not URLs are not; nothing crashes or throws.
/// ``ActionLink`` says how the parameters are read.
///
/// Where the iOS and web SDKs agree, this agrees with both (`Fixtures/email-link/links.json`). Where they disagree,
/// or agree only through a quirk of their parsers (the fixture's implementation-defined cases, SPEC LINK-5), the
/// answer here is:
/// - a wrapped link whose own query comes after a `#` (`https://app.example.com/#/finish?mode=signIn&…`), or that
///   Foundation refuses as a URL (a space in its host): read from its first `?` to the next `#`, so **true**, as both
///   SDKs answer, though only through their parsers (the iOS SDK splits the decoded outer query; the web SDK reads
///   whatever follows the first `?` and never looks at the host).
/// - a parameter name written with a percent escape (`%6Dode=signIn`): decoded, so **true**, as both SDKs answer.
/// - a wrapped link whose own query starts with `mode=signIn`, or a link wrapped twice (`deep_link_id=` holding
///   `…?link=…`): **true**, like the web SDK. The iOS SDK decodes the whole outer query before splitting it, so
///   the wrapped link's first parameter ends up inside the value of `link=`.
/// - a `link=` whose value leads to no action link (a stray `link=` to a web page; an unencoded wrapped link
///   whose parameters spilled into the outer query): not followed, so **true** when the outer link is a
///   sign-in link, like the iOS SDK. The web SDK always follows `link=`.
/// - an empty code (`oobCode=`, or `oobCode` without `=`, also as the last of two): **false**, there is no code
///   to sign in with. The iOS SDK checks only that the name is there; the web SDK refuses `oobCode=` but reads a
///   bare `oobCode` as the code "undefined".
/// - an encoded `&mode=…` inside a parameter value (a continue URL with its own query): the link's own `mode`
///   decides, like the web SDK. In the iOS SDK the smuggled `mode` comes last and wins.
/// - no `apiKey`, or an empty one: **true**, like the iOS SDK. Signing in needs only the code (the app sends its
///   own API key), and LINK-4 does not ask for one. The web SDK refuses such links.
/// - a string Foundation's `URLComponents` refuses (leading whitespace, a space in the host, `<…>`): **false**,
///   like the iOS SDK. The web SDK reads whatever follows the first `?`.
/// - a malformed escape anywhere in the query (a trailing `%`, a `%FF` in another parameter): **false**. The iOS
///   SDK drops just that parameter (or, for `%FF`, reads none); the web SDK throws `URIError`.
/// - a legacy link wrapped twice with `link=` (`…page.link/?link=…/__/auth/links?link=…`): **true**, both wrappers
///   are followed. Both SDKs answer false, only because neither follows a second `link=`.
/// - a query alone, `?mode=signIn&oobCode=…`: **true**, like the iOS SDK (the web SDK ignores a query that
///   starts the string); parameters without `?` (`apiKey=…&mode=signIn&oobCode=…`) or only in the fragment
///   (`https://app.example.com/#/?mode=signIn&oobCode=…`): **false**, like the iOS SDK.
public enum EmailSignInLink {
    /// Why a string is not an email sign-in link, in the order checked. The raw values are the `reason`s of
    /// `Fixtures/email-link/links.json`.
    public enum Problem: String, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case empty
        /// Not a URL reference, or one with neither a scheme nor a query.
        case notAURL
        /// A query with a malformed percent escape (`%ZZ`, a trailing `%`) or escapes that are not UTF-8 (`%FF`).
        case malformedEncoding
        /// A URL with neither `mode` nor `oobCode`, itself or in a link it wraps.
        case unrelatedURL
        /// An `oobCode` but no `mode`.
        case noMode
        /// A `mode` other than exactly `signIn`: another action, another letter case, an unknown or empty mode.
        case notSignInMode
        case missingOobCode
        case emptyOobCode

        public var description: String {
            switch self {
            case .empty: "it is empty"
            case .notAURL: "it is not a URL"
            case .malformedEncoding: "its query is not well-formed percent-encoded UTF-8"
            case .unrelatedURL: "it is not an email action link"
            case .noMode: "it has no mode"
            case .notSignInMode: "its mode is not signIn"
            case .missingOobCode: "it has no oobCode"
            case .emptyOobCode: "its oobCode is empty"
            }
        }
    }

    public static func isSignInLink(_ link: String) -> Bool { problem(in: link) == nil }

    /// The action link in `link`, whatever its mode, or nil when `link` is not one.
    public static func parse(_ link: String) -> ActionLink? { try? ActionLink(link) }

    /// The sign-in link in `link`, or why it is not one.
    public static func signInLink(_ link: String) throws(Problem) -> ActionLink {
        let action = try ActionLink(link)
        guard let mode = action.mode else { throw .noMode }
        guard mode == .signIn else { throw .notSignInMode }
        guard let code = action.oobCode else { throw .missingOobCode }
        guard !code.isEmpty else { throw .emptyOobCode }
        return action
    }

    /// The first problem that makes `link` not a sign-in link, or nil when it is one.
    public static func problem(in link: String) -> Problem? {
        do {
            _ = try signInLink(link)
            return nil
        } catch { return error }
    }
}
