import ConformanceKit
import Foundation
import IdentityToolkitSubject
import ReferenceAuth
import ReferenceTestSupport
import Synchronization
import Testing

/// The defects of ReferenceAuth that the catalogue cannot catch through HTTP, and why. Every other defect lives
/// in the backend the in-process server answers with, and must still be caught.
enum NotCaughtOverHTTP {
    static let client = "lives in ReferenceClient, the SDK side that the HTTP subject's own client replaces"
    static let clock = """
        its rules' checks move the client's time with the server's; over HTTP only the server's clock moves (its time \
        control), the client keeps real time
        """
    static let parties = """
        its rules' checks need a backend that reaches the world's parties (pushes, text languages, failing or stalling \
        SMS and mail)
        """
    static let configuration =
        "its rules' checks set what only the server's console sets (test numbers, rate limits, enabled providers)"
    static let oauth =
        "generic OAuth is not offered over HTTP (the emulator's createAuthUri with a provider answers 501)"
    static let verifier = """
        lives in the backend's own ID-token verification; a relying party verifies tokens itself, with the server's \
        published keys, and at the server's door another project's token names no user of this one
        """
    static let sdk = "the HTTP subject's client refuses it before any request, as every Firebase SDK does"
    static let message = "lives in the error's message, which the server does not send (the SDK shows its canned text)"

    static let answerLeg = """
        lives between an answer leaving the backend and the credential being marked used, inside one process: the \
        world holds that answer in process; over HTTP it holds the whole response, which the server sends after its \
        work is done (two requests at once at the server are the door's checks)
        """

    static let splitSignIn = """
        lives in a sign-in the reference's client asks its backend for in place of the one-step sign-in; the server's \
        accounts:signInWithPhoneNumber signs in in one step (two requests at once at the server are the door's checks)
        """

    static let defects: [String: String] = [
        "emptyNumberReportedAsInvalid": client, "emptyInputsReportedAsInvalid": client, "codesNeverExpire": clock,
        "codesExpireOneSecondLate": clock, "wrongAttemptsExtendCodeLifetime": clock,
        "judgesCodeExpiryAtClientStart": client, "verificationBoundToClientInstance": client,
        "ignoresLanguageCode": parties, "sendsSMSToTestNumbers": configuration,
        "testNumbersConsumeQuota": configuration, "testNumbersAcceptAnyCode": configuration,
        "acceptsAnyTestNumberConfiguration": configuration, "testNumberUsersGetUnsignedTokens": configuration,
        "skipsAppVerification": parties, "ignoresReCaptchaCancellation": parties,
        "disabledVerificationAllowsRealNumbers": configuration, "handlesEveryNotification": client,
        "handlesEveryURL": client, "handlesForgedPushWhileWaiting": client, "handlesForeignURLWhileWaiting": client,
        "noVerificationRateLimit": configuration, "rateLimitsPerDeviceOnly": configuration,
        "rateLimitsPerNumberOnly": configuration, "signOutKeepsCurrentUser": client,
        "signOutLeavesUserInKeychain": client, "writesKeychainAfterReturning": client,
        "checksCodeBeforeSigningIn": client, "refreshBringsSignedOutUserBack": client,
        "notifiesOvertakenChange": client, "waitsForOnePushAtATime": client,
        "reportsPartyFailuresAsInternalErrors": parties, "waitsForeverForTheSMSCarrier": parties,
        "waitsTwiceTheTimeout": parties, "signOutNotifiesNobody": client, "notifiesOnlyFirstListener": client,
        "acceptsOtherProjectsIDTokens": verifier, "forcedRefreshNotifiesNobody": client,
        "handsOutExpiredIDToken": client, "enrollmentKeepsOldToken": client, "enrollmentNotifiesNobody": client,
        "enrollmentNotifiesBeforeEnrolling": client, "oauthSkipsSecondFactor": oauth,
        "leaksNumberInSecondFactorError": message,

        "pendingSignInNeverExpires": clock, "pendingSignInLifetimeRestartsAtSMS": clock,
        "judgesRecentSignInAtSessionStart": clock, "ignoresDisabledEmailLink": configuration,
        "recognizesAnyActionLink": client, "readsBadEscapesLeniently": client, "linksNeverExpire": clock,
        "linksLastThroughTheirLifetime": clock, "takesEmailFromLink": client, "sendsLinksNotHandledInApp": sdk,
        "expiredCodeLaterReportedAsWrong": clock, "ignoresPushSecret": parties, "unenrollmentNotifiesNobody": client,
        "phoneCodeConsumedAfterAnswer": answerLeg, "emailLinkConsumedAfterAnswer": answerLeg,
        "secondFactorConsumedAfterAnswer": answerLeg, "checksCodeThenAwaitsStore": splitSignIn,
        "refreshAnsweredBeforeSignOutBringsUserBack": client, "listenerCallsOvertake": client,
        "signInNotifiesListenersAtStart": client, "writesKeychainOnListenerQueue": client,
        "callsListenersConcurrently": client, "notifiesSignInTwice": client,
    ]

    /// Listed, or caught only by rules of flows the HTTP subject does not offer.
    static func isListed(_ defect: Defect) -> Bool {
        defects[defect.rawValue] != nil
            || defect.flows.isDisjoint(with: httpSubject().0.capabilities.flows.union([.general]))
    }
}

extension ConformanceRunner.Options {
    /// A check through HTTP makes a hundred requests where the reference makes calls (PHONE-1 sends a code to
    /// every number of its fixture): a longer watchdog keeps a busy machine from passing for a hang.
    static let overHTTP = ConformanceRunner.Options(watchdog: .seconds(60))
}

func overHTTP(_ defect: Defect) -> AuditVariant {
    AuditVariant(
        name: defect.rawValue, rules: defect.rules, catches: defect.catches, summary: defect.summary,
        subject: httpSubject(defects: [defect], timeControl: true).0)
}

@Suite("ReferenceAuth's defects through HTTP", .serialized)
struct DefectsOverHTTPTests {
    @Test("every defect that lives in the backend is caught through HTTP by the check it names")
    func backendDefectsAreCaught() async throws {
        let defects = Defect.allCases.filter { !NotCaughtOverHTTP.isListed($0) }
        #expect(defects.count > 40)
        let findings = await namedChecksFindings(of: defects.map(overHTTP), options: .overHTTP)
        for (defect, finding) in zip(defects, findings) where !finding.isCaught {
            // A defect whose only catching checks are not applicable over HTTP (a flow the subject does not offer,
            // in a rule of a flow it does) is not caught through HTTP for that reason alone.
            let catching = try await Self.failingChecks(of: defect, on: ReferenceSubject(defects: [defect]))
            let notApplicable = try await Self.checks(
                of: defect, on: httpSubject(defects: [defect], timeControl: true).0, with: .notApplicable)
            #expect(
                !catching.isEmpty && catching.isSubset(of: notApplicable),
                """
                \(finding.name) was not caught through HTTP (\(finding.miss ?? "")); in process these checks fail: \
                \(catching.sorted())
                """)
        }
    }

    /// The checks of the defect's rules that fail (or warn) against `subject`.
    static func failingChecks(of defect: Defect, on subject: any ConformanceSubject) async throws -> Set<String> {
        try await checks(of: defect, on: subject, with: .fail).union(
            try await checks(of: defect, on: subject, with: .warn))
    }

    static func checks(
        of defect: Defect, on subject: any ConformanceSubject, with status: ConformanceStatus
    ) async throws -> Set<String> {
        let report = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(
            RuleCatalogue.rules(defect.rules))
        return Set(
            report.results.flatMap { result in result.checks.filter { $0.status == status }.map(\.id.description) })
    }

    /// The Auth Emulator's holes at the server's own door, copied into the in-process server: each fails its rule
    /// through HTTP alone, the request the SDK sends.
    @Test(
        "the emulator's holes at the server's own door fail their rules through HTTP",
        arguments: [
            Defect.accountCallsTrustUnverifiedTokens, .refreshSurvivesPasswordChange,
            .honoursRefreshTokensBuiltFromUserID, .honoursForgedPendingCredentials, .enrollsWithAnyVerification,
        ])
    func emulatorHolesFailOverHTTP(_ defect: Defect) async throws {
        let failing = try await Self.failingChecks(of: defect, on: httpSubject(defects: [defect], timeControl: true).0)
        #expect(!failing.isEmpty, "\(defect) passes \(defect.rules) through HTTP")
        let clean = try await Self.failingChecks(of: defect, on: httpSubject(timeControl: true).0)
        #expect(clean.isEmpty, "without \(defect) these checks fail through HTTP: \(clean.sorted())")
    }

    /// Production ends sessions by whole seconds: without a second passing between a session and the change, a
    /// session that survives the change may have begun in its second, so the check cannot tell the hole from
    /// production; a session the change ends is seen ended.
    @Test(
        """
        without the server's time control, a session that survives a password change is not judged, saying how to \
        offer it; a session the change ends passes
        """)
    func survivingSessionWithoutClockIsNotJudged() async throws {
        let check: CheckID = "AUTH-7/password-changed"
        let rules = RuleCatalogue.rules([check.rule])
        for (defects, expected) in [([Defect.refreshSurvivesPasswordChange], ConformanceStatus.notJudged), ([], .pass)]
        {
            let found = Mutex<[CheckResult]>([])
            await (try ConformanceRunner(subject: httpSubject(defects: Set(defects)).0, options: .overHTTP)).run(
                rules, only: [check]
            ) { _, result in found.withLock { $0.append(result) } }
            let result = found.withLock { $0.first }
            #expect(result?.status == expected, "\(defects): \(result?.message ?? "")")
            if expected == .notJudged {
                #expect(result?.message?.contains("clock:advance") == true, "\(result?.message ?? "")")
            }
        }
    }

    @Test("the defects listed as not caught through HTTP are exactly those, each with its reason")
    func listedDefectsAreNotCaught() async throws {
        #expect(NotCaughtOverHTTP.defects.keys.allSatisfy { Defect(rawValue: $0) != nil })
        let listed = Defect.allCases.filter(NotCaughtOverHTTP.isListed)
        let findings = await namedChecksFindings(of: listed.map(overHTTP), options: .overHTTP)
        for finding in findings {
            #expect(
                !finding.isCaught,
                "\(finding.name) is caught through HTTP by \(finding.caughtBy): remove it from the list")
        }
    }
}
