import Foundation

/// The request line and headers of an HTTP/1.1 request, up to the blank line.
struct RequestHead: Sendable {
    let method: String
    /// The request target as sent: path and query.
    let target: String
    let headers: [(name: String, value: String)]

    func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }

    /// Nil when the head is not an HTTP/1.x request line followed by `name: value` lines.
    init?(_ bytes: ArraySlice<UInt8>) {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ", omittingEmptySubsequences: false) ?? []
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), !requestLine[0].isEmpty,
            requestLine[1].hasPrefix("/")
        else { return nil }
        method = String(requestLine[0])
        target = String(requestLine[1])
        var headers: [(String, String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.append(
                (
                    String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                    String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                ))
        }
        self.headers = headers
    }

    /// Whether the client asks to keep the connection open after the answer (HTTP/1.1's default).
    var keepsAlive: Bool { header("Connection")?.lowercased() != "close" }
}

extension Array where Element == UInt8 {
    /// Where the head ends: the index just past the first `\r\n\r\n`.
    func endOfHead() -> Int? {
        guard count >= 4 else { return nil }
        for index in 0...(count - 4)
        where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
