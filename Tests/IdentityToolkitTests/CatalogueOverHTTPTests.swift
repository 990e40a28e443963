import ConformanceKit
import Foundation
import IdentityToolkitSubject
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The checks the HTTP subject declares not applicable in the flows it offers, per rule, and the reason each
/// gives. Checks of flows it does not offer (generic OAuth, and any flow added later) are not applicable with
/// "the subject does not declare the … flow", wherever they are.
enum NotApplicableOverHTTP {
    static let clock = "time on the world's clock"
    static let idTokenExpiry = "the check needs ID tokens to expire"

    /// Whether `message` says a check is not applicable for want of time to pass.
    static func forTime(_ message: String?) -> Bool {
        [clock, idTokenExpiry].contains { message?.contains($0) == true }
    }
    static let parties = "reaches the world's parties"
    static let configuration = "from the project configuration"
    static let undeclaredFlow = "the subject does not declare the "

    /// Rule → how many of its checks are not applicable, and why.
    static let checks: [String: (count: Int, reasons: [String])] = [
        "PHONE-8": (4, [clock]), "PHONE-10": (2, [parties]), "PHONE-11": (4, [configuration]),
        "PHONE-12": (3, [configuration]), "PHONE-13": (1, [configuration]), "PHONE-14": (7, [parties]),
        "PHONE-15": (2, [configuration, parties]), "PHONE-16": (2, [parties]),
        "PHONE-17": (4, [configuration, parties]), "PHONE-18": (1, [clock]), "MFA-11": (2, [clock]),
        "MFA-15": (2, [clock]), "LINK-3": (1, [configuration]), "LINK-9": (1, [clock]),
        "AUTH-2": (4, [clock, parties]), "AUTH-4": (3, [idTokenExpiry]), "AUTH-7": (1, [clock]),
    ]
}

@Suite("The catalogue through HTTP against the in-process Identity Toolkit server", .serialized)
struct CatalogueOverHTTPTests {
    @Test(
        "every check has the in-process reference's result, except the checks the HTTP subject declares not applicable")
    func sameResultRuleForRule() async throws {
        let subject = httpSubject().0
        let overHTTP = await SharedRuns.perProjectOverHTTP
        let inProcess = await SharedRuns.reference
        #expect(overHTTP.results.map(\.rule) == inProcess.results.map(\.rule))
        var notApplicable: [String: [String]] = [:]
        for (http, reference) in zip(overHTTP.results, inProcess.results) {
            #expect(http.checks.map(\.id) == reference.checks.map(\.id))
            for (check, expected) in zip(http.checks, reference.checks) where check.status != expected.status {
                #expect(
                    check.status == .notApplicable,
                    """
                    \(check.id): \(check.status) over HTTP, \(expected.status) in process: \
                    \(check.message ?? "")
                    """)
                let reason = check.message ?? ""
                if reason.hasPrefix(NotApplicableOverHTTP.undeclaredFlow) {
                    #expect(
                        !Flow.allCases.filter { reason.contains("the \($0) flow") }.contains {
                            subject.capabilities.flows.contains($0)
                        }, "\(reason)")
                } else {
                    notApplicable[http.rule.rawValue, default: []].append(reason)
                }
            }
        }
        #expect(Set(notApplicable.keys) == Set(NotApplicableOverHTTP.checks.keys))
        for (rule, reasons) in notApplicable {
            guard let declared = NotApplicableOverHTTP.checks[rule] else { continue }
            #expect(
                reasons.count == declared.count,
                "\(rule): \(reasons.count) checks not applicable, \(declared.count) declared")
            #expect(
                reasons.allSatisfy { reason in declared.reasons.contains { reason.contains($0) } },
                "\(rule): \(reasons)")
        }
        #expect(overHTTP.failedMustRules.isEmpty && overHTTP.count(.warn) == 0)
    }

    @Test(
        """
        one check at a time on one shared project, reset between checks, gives the per-project result; a second \
        project is not applicable
        """)
    func oneCheckAtATime() async throws {
        let (shared, sharedServer) = httpSubject(isolation: .oneCheckAtATime)
        let isolated = httpSubject().0
        #expect(shared.capabilities.runsOneCheckAtATime && !isolated.capabilities.runsOneCheckAtATime)
        let rules = RuleCatalogue.rules([
            "PHONE-3", "PHONE-4", "PHONE-5", "PHONE-7", "PHONE-9", "MFA-1", "MFA-3", "MFA-6", "MFA-9", "MFA-13",
            "MFA-14", "LINK-2", "LINK-4", "LINK-6", "LINK-7", "LINK-8", "LINK-10", "LINK-11", "LINK-12", "AUTH-3",
            "AUTH-4", "AUTH-5",
        ])
        let one = await (try ConformanceRunner(subject: shared, options: .overHTTP)).run(rules)
        let each = SharedRuns.results(of: await SharedRuns.perProjectOverHTTP, for: rules)
        #expect(one.results.map(\.rule) == each.map(\.rule))
        for (sharedResult, isolatedResult) in zip(one.results, each) {
            for (check, expected) in zip(sharedResult.checks, isolatedResult.checks)
            where check.status != expected.status {
                #expect(
                    sharedResult.rule == "AUTH-4" && check.status == .notApplicable
                        && check.message?.contains("projectID") == true,
                    "\(check.id): \(check.status) on a shared project: \(check.message ?? "")")
            }
        }
        #expect(one.failedMustRules.isEmpty)
        _ = sharedServer
    }
}
