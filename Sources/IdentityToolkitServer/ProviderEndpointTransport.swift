import Foundation
import HTTPMessages
import MockIdP
import PlainHTTPClient
import ReferenceAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a served project reaches GitHub and Apple: the provider endpoints it was pointed at, as a vendor's backend
/// is configured with its providers' URLs. The suite's convention (the Auth Emulator's layout, one host per path
/// segment): a request to `https://{host}{path}?{query}` goes to `{base}/{host}{path}?{query}`, so
/// `https://github.com/login/oauth/access_token` is `{base}/github.com/login/oauth/access_token`,
/// `https://api.github.com/user` is `{base}/api.github.com/user` and `https://appleid.apple.com/auth/keys` is
/// `{base}/appleid.apple.com/auth/keys`.
///
/// Endpoints at an `http://` base are reached through the server's own HTTP/1.1 connections (``HTTP1Client``, shared by
/// every project it points), others through a `URLSession`.
struct ProviderEndpointTransport: Sendable {
    let base: URL
    private let client: HTTP1Client
    private let session: URLSession?

    init(base: URL, client: HTTP1Client) {
        self.base = base
        self.client = client
        session = base.scheme?.lowercased() == "http" ? nil : URLSession(configuration: .ephemeral)
    }

    /// `url` (a provider's real URL) at the endpoints: `{base}/{host}{path}?{query}`.
    func served(_ url: URL) -> URL {
        guard let host = url.host?.lowercased(),
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else { return url }
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        components.percentEncodedPath =
            (components.percentEncodedPath.hasSuffix("/")
                ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath) + "/\(host)\(path)"
        components.percentEncodedQuery = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        return components.url ?? url
    }

    /// The request sent to the endpoints; a transport failure is answered 503, the backend's "party failed".
    func send(_ request: HTTPRequest) async -> HTTPResponse {
        var forwarded = request
        forwarded.url = served(request.url)
        guard let session else {
            do { return try await client.send(forwarded, timeout: .seconds(30)) } catch {
                return HTTPResponse(status: 503, body: Data("\(forwarded.url.absoluteString): \(error)".utf8))
            }
        }
        var urlRequest = URLRequest(url: forwarded.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = request.body }
        urlRequest.timeoutInterval = 30
        do {
            let (data, response) = try await session.data(for: urlRequest)
            let http = response as? HTTPURLResponse
            var headers: [String: String] = [:]
            for (name, value) in http?.allHeaderFields ?? [:] { headers["\(name)"] = "\(value)" }
            return HTTPResponse(status: http?.statusCode ?? 502, headers: headers, body: data)
        } catch {
            return HTTPResponse(status: 503, body: Data("\(urlRequest.url?.absoluteString ?? ""): \(error)".utf8))
        }
    }

    var transport: ProviderTransport { { await send($0) } }
}
