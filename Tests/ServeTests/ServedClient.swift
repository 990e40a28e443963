import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests to a served server over loopback, each bounded in real time.
struct ServedClient {
    let baseURL: URL
    let session: URLSession

    init(baseURL: URL, connections: Int = 8) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = connections
        // No time limit that the machine's load can reach (a loaded CI runner once took more than 20 s to answer
        // clock:advance): a server that never answers is found by the run's own hang handling, not by this client.
        configuration.timeoutIntervalForRequest = 3600
        configuration.timeoutIntervalForResource = 3600
        session = URLSession(configuration: configuration)
    }

    /// Status and JSON object of the answer (nil when the body is not a JSON object).
    func send(
        _ method: String, _ path: String, body: Data? = nil,
        headers: [String: String] = ["Content-Type": "application/json"]
    ) async throws -> (status: Int, json: [String: Any]?) {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return (
            (response as? HTTPURLResponse)?.statusCode ?? 0,
            (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        )
    }

    func post(
        _ path: String, _ object: [String: Any], owner: Bool = false
    ) async throws -> (status: Int, json: [String: Any]?) {
        var headers = ["Content-Type": "application/json"]
        if owner { headers["Authorization"] = "Bearer owner" }
        return try await send("POST", path, body: try JSONSerialization.data(withJSONObject: object), headers: headers)
    }

    /// The form-encoded refresh the JS SDK sends, with the refresh token alone.
    func refresh(_ refreshToken: String) async throws -> (status: Int, json: [String: Any]?) {
        try await send(
            "POST", "/securetoken.googleapis.com/v1/token?key=k",
            body: Data("grant_type=refresh_token&refresh_token=\(refreshToken)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    /// Posts each call (a route below the root, with `?key=k` added, and its body) and expects a 400 whose Identity
    /// Toolkit error message begins with `message`.
    func expectEach(_ calls: [(String, [String: Any])], refusedWith message: String) async throws {
        for (route, body) in calls {
            let answer = try await post("\(route)?key=k", body)
            #expect(answer.status == 400 && answer.json.isIdentityToolkitError, "\(route)")
            #expect(answer.json.errorMessage?.hasPrefix(message) == true, "\(route): \(answer.json ?? [:])")
        }
    }
}

extension Optional where Wrapped == [String: Any] {
    /// `{"error": {"code", "message", "errors": [...]}}`: Identity Toolkit's error shape.
    var isIdentityToolkitError: Bool {
        guard let error = self?["error"] as? [String: Any] else { return false }
        return error["code"] is Int && error["message"] is String && error["errors"] is [Any]
    }

    var errorMessage: String? { (self?["error"] as? [String: Any])?["message"] as? String }
}
