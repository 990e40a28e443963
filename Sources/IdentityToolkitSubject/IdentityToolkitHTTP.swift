import ConformanceKit
import Foundation
import MockIdP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP to one Identity Toolkit server, as the SDK speaks it: JSON in and out, the API key on every call, server
/// errors mapped as the iOS SDK maps them. Every call is bounded twice: on the world's clock (so a stalled
/// in-process server fails the call at the configured timeout) and in real time by `URLRequest.timeoutInterval`
/// (so a real server that never answers cannot hang a check).
public struct IdentityToolkitHTTP: Sendable {
    let baseURL: URL
    let apiKey: String
    let transport: SubjectTransport
    let world: World
    let timeout: Duration
    /// The tenant every call is made in (`tenantId` in the body where the iOS SDK sends it,
    /// `SDKEndpoint.namesTenant`; the outboxes under `/tenants/{tenant}`), or nil for the project itself.
    public internal(set) var tenantID: String? = nil
    /// The headers the iOS SDK sends, on every ``SDKEndpoint`` call (the bundle ID is the project's).
    var sdkHeaders = SDKHeaders()
    /// Where the check's identity providers are served, once the server was pointed at them (``ProviderPointing``).
    var providerEndpoints: URL? = nil
    /// The pointing at them still to be made, before the first call that reaches a provider.
    var deferredPointing: DeferredPointing? = nil
    /// Where the server answers each call (found by the preflight).
    var layout: ServerLayout = .sdk
    /// The server's clock, moved with the world's before every call, when the server has a time control.
    var serverClock: ServerClock?
    /// The `Authorization` of the administrator's calls (the config API, the pointing at the check's providers, the
    /// administrator's account calls): the command's `--admin-token`, or the emulator's `owner`.
    var adminAuthorization = "Bearer owner"

    private struct Answer: Sendable {
        let status: Int
        let body: Data
    }

    /// `POST {base}{endpoint's path}?key=…` as the iOS SDK sends it: its route, its headers, the JSON body.
    func post(
        _ endpoint: SDKEndpoint, _ body: FixtureValue, languageCode: String? = nil
    ) async throws(AuthError) -> FixtureValue {
        if endpoint.reachesProviders, let deferredPointing { try await deferredPointing.ensure() }
        return try await post(
            endpoint.path(in: layout), body, languageCode: languageCode, headers: sdkHeaders.fields,
            namingTenant: endpoint.namesTenant)
    }

    /// `POST {base}/identitytoolkit.googleapis.com/{path}?key=…` (or another host's path when `path` starts with `/`),
    /// in the server's layout (at its root for ``ServerLayout/production``).
    public func post(
        _ path: String, _ body: FixtureValue, languageCode: String? = nil, authorization: String? = nil
    ) async throws(AuthError) -> FixtureValue {
        try await post(path, body, languageCode: languageCode, authorization: authorization, headers: [:])
    }

    private func post(
        _ path: String, _ body: FixtureValue, languageCode: String?, authorization: String? = nil,
        headers: [String: String], namingTenant: Bool = true
    ) async throws(AuthError) -> FixtureValue {
        try await serverClock?.catchUp()
        let route = layout.route(path)
        var headers = headers
        if let languageCode, !languageCode.isEmpty { headers["X-Firebase-Locale"] = languageCode }
        if let authorization { headers["Authorization"] = authorization }
        return try await send(jsonPost(route, body, headers: headers, namingTenant: namingTenant), describing: route)
    }

    /// `POST {base}{route}?key=…` with `body` as JSON (`tenantId` added in a tenant where `namingTenant`, unless the
    /// body names one) and `headers`.
    func jsonPost(
        _ route: String, _ body: FixtureValue, headers: [String: String] = [:], namingTenant: Bool = true
    ) -> URLRequest {
        var request = URLRequest(url: url(route, query: [URLQueryItem(name: "key", value: apiKey)]))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        var body = body
        if namingTenant, let tenantID, case .object(var fields) = body, fields["tenantId"] == nil {
            fields["tenantId"] = .string(tenantID)
            body = .object(fields)
        }
        request.httpBody = body.encoded
        return request
    }

    /// A call to one of the server's test hooks (`/emulator/v1/…`). The emulator needs no API key; the key is
    /// sent anyway, for a server that tells its projects apart by key.
    public func hook(
        _ method: String, _ route: String, body: FixtureValue? = nil, query: [URLQueryItem] = [],
        authorization: String? = nil
    ) async throws(AuthError) -> FixtureValue {
        var request = URLRequest(url: url(route, query: [URLQueryItem(name: "key", value: apiKey)] + query))
        request.httpMethod = method
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body.encoded
        }
        return try await send(request, describing: route)
    }

    /// The status and JSON body `POST {base}{route}?key=…` is answered with, whatever they are (nil when the server
    /// does not answer): what the preflight asks to find what the server offers.
    func probe(_ route: String, _ body: FixtureValue) async -> (status: Int, json: FixtureValue)? {
        guard let answer = try? await exchange(jsonPost(route, body), describing: route) else { return nil }
        return (answer.status, FixtureValue.decoding(answer.body) ?? .object([:]))
    }

    /// `GET` of an absolute URL through the same session and bounds (the server's published keys).
    public func get(_ url: URL) async throws(AuthError) -> FixtureValue {
        try await send(URLRequest(url: url), describing: url.absoluteString)
    }

    /// `route` below the server's root (its base URL's path kept), with `query`.
    func url(_ route: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + route
        if !query.isEmpty { components.queryItems = query }
        return components.url ?? baseURL
    }

    private func send(_ request: URLRequest, describing route: String) async throws(AuthError) -> FixtureValue {
        let answer = try await exchange(request, describing: route, failure: request.url?.absoluteString ?? route)
        let json = FixtureValue.decoding(answer.body) ?? .object([:])
        guard (200..<300).contains(answer.status) else { throw Self.error(status: answer.status, json, route: route) }
        if let message = json["errorMessage"]?.stringValue {
            throw AuthError(ServerErrorMapping.code(forMessage: message), message)
        }
        return json
    }

    /// `request` sent and its answer, whatever the status, bounded twice: on the world's clock (`timeout`) and in real
    /// time (`timeoutInterval`); no answer is a `networkError` naming `route` (or, for a failed exchange, `failure`).
    func exchange(
        _ request: URLRequest, describing route: String, failure: String? = nil
    ) async throws(AuthError) -> (status: Int, body: Data) {
        var request = request
        request.timeoutInterval = max(1, timeout.seconds)
        let transport = transport
        let sent = request
        do {
            let answer = try await world.clock.withTimeout(timeout) {
                let (status, body) = try await transport.send(sent)
                return Answer(status: status, body: body)
            }
            // Every exchange is the check's evidence over HTTP; one the server does not offer says so.
            let (asked, answered) = (Self.excerpt(of: sent), "\(answer.status) " + Self.excerpt(answer.body))
            world.transcript.record(
                .network(
                    Self.isNotOffered(status: answer.status, answer.body)
                        ? .notOffered(request: asked, answer: answered) : .exchanged(request: asked, answer: answered)))
            return (answer.status, answer.body)
        } catch let error as TimeoutError {
            throw AuthError(.networkError, "the server did not answer \(route): \(error)")
        } catch {
            let reason = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? "\(error)"
            throw AuthError(.networkError, "\(failure ?? route) failed: \(reason)")
        }
    }

    /// Whether an answer says the route is not served, rather than answering the call: 405 or 501, or a 404 that
    /// names no Identity Toolkit error (a server may answer 404 with `USER_NOT_FOUND`, which is the call's answer).
    static func isNotOffered(status: Int, _ body: Data) -> Bool {
        switch status {
        case 405, 501: return true
        case 404:
            guard let message = FixtureValue.decoding(body)?["error"]?["message"]?.stringValue else { return true }
            return ServerErrorMapping.code(forMessage: message) == .internalError
        default: return false
        }
    }

    /// `POST /v1/accounts:update {"idToken":"<JWT>",…}`: a request as the transcript shows it, each token as `<JWT>`,
    /// its body cut at 300 characters.
    private static func excerpt(of request: URLRequest) -> String {
        let target = [request.url?.path ?? "", request.url?.query].compactMap { $0 }.joined(separator: "?")
        let body = request.httpBody.map { " " + excerpt($0) } ?? ""
        return "\(request.httpMethod ?? "GET") \(target)\(body)"
    }

    private static func excerpt(_ data: Data) -> String {
        // 2 KB hold the first 300 characters and any token that starts among them (an ID token is about 1 KB).
        let text = TokenMask.masked(String(decoding: data.prefix(2048), as: UTF8.self))
        let shown = text.count > 300 || data.count > 2048 ? text.prefix(300) + "…" : Substring(text)
        return shown.replacingOccurrences(of: "\n", with: " ")
    }

    static func error(status: Int, _ json: FixtureValue, route: String) -> AuthError {
        guard let error = json["error"], let message = error["message"]?.stringValue else {
            return AuthError(.internalError, "\(route) answered HTTP \(status) with no error message")
        }
        let reasons = (error["errors"]?.arrayValue ?? []).compactMap { $0["reason"]?.stringValue }
        let code = ServerErrorMapping.code(forMessage: message, reasons: reasons)
        let detail = ServerErrorMapping.detail(ofMessage: message)
        return AuthError(code, code == .internalError || detail.isEmpty ? "\(route): \(message)" : detail)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
