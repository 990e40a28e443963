import ConformanceKit
import Foundation
import IdentityToolkitSubject
import ReferenceAuth
import Testing

@Test func explore() async throws {
    let (subject, server) = httpSubject()
    let http = await (try ConformanceRunner(subject: subject)).run()
    let reference = await (try ConformanceRunner(subject: ReferenceSubject())).run()
    for (h, r) in zip(http.results, reference.results) {
        for (hc, rc) in zip(h.checks, r.checks) where hc.status != rc.status {
            print("DIFF \(h.rule) [\(hc.name)] http=\(hc.status) ref=\(rc.status): \((hc.message ?? "").prefix(600))")
        }
    }
    _ = server
}
