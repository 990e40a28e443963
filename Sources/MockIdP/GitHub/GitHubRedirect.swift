import Foundation

/// A redirect GitHub sent a browser back to an app with, read by GitHub's own parameter names: a code and the
/// request's state, or an error.
public struct GitHubRedirect: Sendable, Hashable {
    public let url: URL

    public init(_ url: URL) { self.url = url }

    public var code: String? { value("code") }
    public var state: String? { value("state") }
    /// The error GitHub redirected with (nil for an error GitHub never sends).
    public var error: GitHubError? { value("error").flatMap(GitHubError.init(rawValue:)) }

    func value(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    /// The redirect with the parameter `name` set to `value` (form-encoded, in place), or removed when `value` is nil.
    func setting(_ name: String, to value: String?) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = components.percentEncodedQueryItems ?? []
        let encoded = value.map(FormEncoding.escape)
        if let index = items.firstIndex(where: { $0.name == name }) {
            if let encoded { items[index].value = encoded } else { items.removeAll { $0.name == name } }
        } else if let encoded {
            items.append(URLQueryItem(name: name, value: encoded))
        }
        components.percentEncodedQueryItems = items.isEmpty ? nil : items
        return components.url ?? url
    }
}
