import ConformanceKit
import ReferenceAuth
import Testing

/// Each defect names the check that must catch it: a check of its own rules that the catalogue has, failing as an
/// assertion, or by hanging only for a defect whose sentence says something never happens.
@Suite("Every defect names the check meant to catch it")
struct DefectCatchesTests {
    /// The defects whose fault is that something never happens: a listener never called, a party waited for forever.
    private static let hangs: Set<String> = [
        "waitsForeverForTheSMSCarrier", "signOutNotifiesNobody", "notifiesOnlyFirstListener",
        "forcedRefreshNotifiesNobody", "enrollmentNotifiesNobody", "secondVerificationStrandsFirst",
        "unenrollmentNotifiesNobody", "enrollmentNotifiesBeforeEnrolling",
    ]

    @Test("each named check is a check of one of the defect's own rules", arguments: Defect.allCases)
    func namedChecksExist(_ defect: Defect) {
        #expect(!defect.catches.isEmpty, "\(defect) names no check")
        for expected in defect.catches {
            #expect(
                defect.rules.contains(expected.rule), "\(defect) names \(expected), outside its rules \(defect.rules)")
            let ids = RuleCatalogue.rules([expected.rule]).flatMap { $0.checks.map(\.id) }
            #expect(ids.contains(expected.check), "\(defect) names \(expected), which \(expected.rule) does not have")
        }
    }

    @Test("a hang is the catch only of a defect whose fault is one", arguments: Defect.allCases)
    func hangOnlyWhenMeant(_ defect: Defect) {
        let kinds = Set(defect.catches.map(\.kind))
        #expect(kinds == (Self.hangs.contains(defect.name) ? [.hang] : [.assertion]), "\(defect) expects \(kinds)")
    }
}
