import Foundation
import IdentityToolkitServer
import LoopbackHTTP
import ReferenceAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The reference Identity Toolkit served on a port of 127.0.0.1 the system picks, as `conformance serve` serves it.
struct ServedServer {
    let backend: IdentityToolkitServer
    let http: LoopbackHTTPServer

    init(projectID: String = "demo-conformance", limits: LoopbackHTTPServer.Limits = .init()) throws {
        let backend = IdentityToolkitServer(defaultProjectID: projectID, followsRealTime: true, recordsRequests: false)
        self.backend = backend
        http = try LoopbackHTTPServer(
            port: 0, limits: limits, handler: { await backend.handle($0) },
            rejection: { IdentityToolkitServer.invalidArgument($1, code: $0) })
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(http.port)")! }
}
