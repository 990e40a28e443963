import Foundation
import HTTPMessages

/// An email action link as Firebase mails it (`…/__/auth/action?apiKey=…&mode=signIn&oobCode=…&continueUrl=…&lang=…`),
/// read out of the deep link that wraps it when there is one (LINK-4, LINK-5).
///
/// Parameters are read as a form would read them: the query is split on `&`, each piece at its first `=`, and
/// only then are name and value percent-decoded, so an encoded `&` or `=` stays inside its value (a continue
/// URL keeps its own query). A piece without `=` is a name with an empty value; `+` stays `+`; of repeated
/// names the last wins; the fragment is not read. A query with a malformed escape (`%ZZ`, a trailing `%`) or
/// escapes that are not UTF-8 (`%FF`) is refused whole: the web SDK throws on it, and the iOS SDK reads none of
/// it (`%FF`) or drops the piece (`%ZZ`).
public struct ActionLink: Sendable, Hashable {
    /// The `mode` parameter: which action the link performs. Compared exactly, as both SDKs do: `signin` is not
    /// `signIn`.
    public struct Mode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let signIn = Mode(rawValue: "signIn")
        public static let resetPassword = Mode(rawValue: "resetPassword")
        public static let verifyEmail = Mode(rawValue: "verifyEmail")
        public static let recoverEmail = Mode(rawValue: "recoverEmail")
        public static let verifyAndChangeEmail = Mode(rawValue: "verifyAndChangeEmail")
        public static let revertSecondFactorAddition = Mode(rawValue: "revertSecondFactorAddition")

        public var description: String { rawValue }
    }

    /// How many deep links around an action link are followed; an action link wrapped deeper is not found.
    public static let maximumWrappingDepth = 4

    /// The action link itself, without the deep links around it.
    public let url: String
    public let mode: Mode?
    public let oobCode: String?
    public let apiKey: String?
    /// The `continueUrl` parameter, decoded, as written (it need not be a valid URL to be reported).
    public let continueURL: String?
    /// The `lang` parameter.
    public let languageCode: String?
    /// The `tenantId` parameter.
    public let tenantID: String?
    /// The deep-link parameters the action link was read out of, outermost first: `["link"]` for a Hosting
    /// (`/__/auth/links?link=…`) or Dynamic Links (`https://example.page.link/?link=…`) wrapper,
    /// `["deep_link_id"]` for an iOS custom-scheme link, `["deep_link_id", "link"]` for both; empty when the
    /// link came unwrapped.
    public let wrappers: [String]

    public var isWrapped: Bool { !wrappers.isEmpty }

    /// `mode` is `signIn` and `oobCode` is not empty (``EmailSignInLink``).
    public var isSignIn: Bool { mode == .signIn && oobCode?.isEmpty == false }

    /// Parses `link`; it throws only ``EmailSignInLink/Problem/empty``, ``EmailSignInLink/Problem/notAURL``,
    /// ``EmailSignInLink/Problem/malformedEncoding`` and ``EmailSignInLink/Problem/unrelatedURL`` (no `mode` and
    /// no `oobCode`, however deep one looks).
    ///
    /// The action link is the deepest one found by following `deep_link_id` and then `link` parameters (the
    /// web SDK's order), so a wrapped link is found whatever the order of its own parameters; a parameter whose
    /// value leads to no action link (a stray `link=` to a web page) is not followed.
    public init(_ link: String) throws(EmailSignInLink.Problem) {
        guard !link.isEmpty else { throw .empty }
        let parameters = try Self.parameters(of: link)
        guard let found = Self.deepestAction(in: link, parameters: parameters, depth: 0) else { throw .unrelatedURL }
        url = found.url
        wrappers = found.wrappers
        mode = found.parameters["mode"].map(Mode.init(rawValue:))
        oobCode = found.parameters["oobCode"]
        apiKey = found.parameters["apiKey"]
        continueURL = found.parameters["continueUrl"]
        languageCode = found.parameters["lang"]
        tenantID = found.parameters["tenantId"]
    }

    private static func deepestAction(
        in url: String, parameters: [String: String], depth: Int
    ) -> (url: String, parameters: [String: String], wrappers: [String])? {
        if depth < maximumWrappingDepth {
            for name in ["deep_link_id", "link"] {
                guard let inner = parameters[name], let innerParameters = try? Self.parameters(ofWrapped: inner),
                    let found = deepestAction(in: inner, parameters: innerParameters, depth: depth + 1)
                else { continue }
                return (found.url, found.parameters, [name] + found.wrappers)
            }
        }
        let isAction = parameters["mode"] != nil || parameters["oobCode"] != nil
        return isAction ? (url, parameters, []) : nil
    }

    /// The decoded query parameters of `string`, which must be a URL reference Foundation accepts and have a
    /// scheme or a query (a bare `mode=signIn&oobCode=…` is a relative path, not a link).
    private static func parameters(of string: String) throws(EmailSignInLink.Problem) -> [String: String] {
        guard let components = URLComponents(string: string) else { throw .notAURL }
        guard components.percentEncodedQuery != nil, let start = string.firstIndex(of: "?") else {
            if components.scheme == nil { throw .notAURL }
            return [:]
        }
        return try decoded(string[string.index(after: start)...].prefix { $0 != "#" })
    }

    /// The parameters of a link wrapped in a deep link, read as both SDKs read it: from its first `?` to the next
    /// `#`, even when that `?` comes after a `#` (`https://app.example.com/#/finish?mode=signIn&…`) or when
    /// Foundation refuses the link (a space in its host). The iOS SDK reads such a link because it decodes the outer
    /// query whole; the web SDK reads whatever follows the first `?`. Both answer true for such a sign-in link.
    private static func parameters(ofWrapped string: String) throws(EmailSignInLink.Problem) -> [String: String] {
        guard let start = string.firstIndex(of: "?") else { return [:] }
        return try decoded(string[string.index(after: start)...].prefix { $0 != "#" })
    }

    /// `query`, as written (not as Foundation re-escaped it: Foundation turns a stray `%` into `%25`), split and
    /// decoded.
    private static func decoded(_ query: Substring) throws(EmailSignInLink.Problem) -> [String: String] {
        guard query.percentDecoded != nil else { throw .malformedEncoding }
        var parameters: [String: String] = [:]
        for piece in query.split(separator: "&") {
            let equals = piece.firstIndex(of: "=")
            let name = piece[..<(equals ?? piece.endIndex)]
            let value = equals.map { piece[piece.index(after: $0)...] } ?? ""
            guard let name = name.percentDecoded, let value = value.percentDecoded else { continue }
            parameters[name] = value
        }
        return parameters
    }
}
