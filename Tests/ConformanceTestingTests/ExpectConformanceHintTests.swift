import ConformanceTesting
import ReferenceAuth
import Testing

@Suite("A failure recorded by expectConformance")
struct ExpectConformanceHintTests {
    @Test("ends with the rule's hint")
    func endsWithHint() async throws {
        try await withKnownIssue {
            try await expectConformance(of: ReferenceSubject(defects: [.sendsFourDigitCodes]), to: .phone3)
        } matching: { issue in
            issue.comments.last?.rawValue.hasSuffix("\n" + Rule.phone3.hint) == true
        }
    }
}
