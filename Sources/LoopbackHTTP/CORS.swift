import HTTPMessages
import NIOHTTP1

/// CORS as the Firebase Auth Emulator answers it, so that the Firebase JS SDK in a browser can use the server.
///
/// The emulator (firebase-tools `src/emulator/auth/server.ts`, `createApp`) runs `app.use(cors({ origin: true }))`
/// ("Enable CORS for all APIs, all origins (reflected), and all headers (reflected)") before every route, and before it
/// answers `Access-Control-Request-Private-Network` with `access-control-allow-private-network: true`. The `cors`
/// middleware (expressjs/cors 2.8, `lib/index.js`) with `origin: true` and its defaults (`methods:
/// 'GET,HEAD,PUT,PATCH,POST,DELETE'`, `preflightContinue: false`, `optionsSuccessStatus: 204`, no `maxAge`):
/// - on every answer, `Access-Control-Allow-Origin` reflects the request's `Origin` (none without one), `Vary: Origin`;
/// - answers every `OPTIONS` itself, before any route: 204, `Content-Length: 0`, `Access-Control-Allow-Methods`, and
///   `Access-Control-Allow-Headers` reflecting `Access-Control-Request-Headers` (with `Vary` naming it).
/// One addition: the preflight says `Access-Control-Max-Age` (the emulator's has none, so a browser asks again before
/// every call; the answer would be the same).
enum CORS {
    static let allowedMethods = "GET,HEAD,PUT,PATCH,POST,DELETE"
    /// Chromium caps a preflight's cache at two hours.
    static let maxAgeSeconds = 7200

    /// The headers every answer to `request` carries.
    static func headers(for request: HTTPRequestHead) -> [(String, String)] {
        var headers: [(String, String)] = []
        if let origin = request.headers.first(name: "Origin") {
            headers.append(("Access-Control-Allow-Origin", origin))
        }
        var vary = ["Origin"]
        if request.method == .OPTIONS {
            headers.append(("Access-Control-Allow-Methods", allowedMethods))
            let requested = request.headers["Access-Control-Request-Headers"].joined(separator: ", ")
            if !requested.isEmpty { headers.append(("Access-Control-Allow-Headers", requested)) }
            vary.append("Access-Control-Request-Headers")
            headers.append(("Access-Control-Max-Age", String(maxAgeSeconds)))
        }
        if request.headers.contains(name: "Access-Control-Request-Private-Network") {
            headers.append(("Access-Control-Allow-Private-Network", "true"))
        }
        headers.append(("Vary", vary.joined(separator: ", ")))
        return headers
    }

    /// The answer to any `OPTIONS` request (a browser's preflight): 204, no body; ``headers(for:)`` adds the rest.
    static let preflight = HTTPResponse(status: 204)
}
