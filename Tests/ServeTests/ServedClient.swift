import Foundation

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
}

extension Optional where Wrapped == [String: Any] {
    /// `{"error": {"code", "message", "errors": [...]}}`: Identity Toolkit's error shape.
    var isIdentityToolkitError: Bool {
        guard let error = self?["error"] as? [String: Any] else { return false }
        return error["code"] is Int && error["message"] is String && error["errors"] is [Any]
    }

    var errorMessage: String? { (self?["error"] as? [String: Any])?["message"] as? String }
}
