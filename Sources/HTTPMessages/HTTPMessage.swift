import Foundation

/// An HTTP request as an HTTP-shaped party of the world receives it.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A `POST` with an `application/x-www-form-urlencoded` body.
    public static func form(_ url: URL, _ items: [(String, String)], headers: [String: String] = [:]) -> HTTPRequest {
        var headers = headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return HTTPRequest(method: "POST", url: url, headers: headers, body: Data(FormEncoding.encode(items).utf8))
    }

    /// The value of the header `name`, compared case-insensitively as HTTP does.
    public func header(_ name: String) -> String? { headers.value(named: name) }

    public var queryItems: [URLQueryItem] { URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] }

    /// The body's form fields, in order.
    public var formItems: [(name: String, value: String)] { FormEncoding.decode(String(decoding: body, as: UTF8.self)) }
}

/// An HTTP response from an HTTP-shaped party.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? { headers.value(named: name) }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body decoded as a JSON object, if it is one.
    public var jsonObject: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }

    /// The body decoded as form fields, last value per name.
    public var formFields: [String: String] {
        Dictionary(FormEncoding.decode(text).map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    package static func json(_ status: Int, _ object: Any, headers: [String: String] = [:]) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(
            status: status, headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]) { $1 },
            body: body)
    }

    package static func form(_ status: Int, _ items: [(String, String)]) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
            body: Data(FormEncoding.encode(items).utf8))
    }
}

extension [String: String] {
    /// The value of the header `name`, compared case-insensitively as HTTP does: ASCII names (all real ones) byte by
    /// byte, others through Foundation (whose comparison, with ICU, was a twentieth of both sides' CPU over HTTP).
    package func value(named name: String) -> String? {
        if let value = self[name] { return value }
        return first { $0.key.equalsIgnoringCase(name) }?.value
    }
}

extension String {
    /// Whether the two are equal but for case (ASCII letters compared byte by byte; non-ASCII text as
    /// `caseInsensitiveCompare` compares it).
    package func equalsIgnoringCase(_ other: String) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.allSatisfy({ $0 < 0x80 }), rhs.allSatisfy({ $0 < 0x80 }) else {
            return caseInsensitiveCompare(other) == .orderedSame
        }
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy {
            $0 | 0x20 == $1 | 0x20 && ($0 == $1 || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A))
        }
    }
}
