import ConformanceKit
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The phone checks that loop over cases record every broken case and go on: a subject that breaks all of them
/// learns of each in one run, with its own expected and actual.
@Suite("PHONE checks report every broken case")
struct PhoneEveryCaseTests {
    @Test("a subject that takes any test-number configuration gets an issue per malformed number and code")
    func everyMalformedConfiguration() async throws {
        let subject = ReferenceSubject(defects: [.acceptsAnyTestNumberConfiguration])
        let result = await (try ConformanceRunner(subject: subject)).run(Rule.phone12)
        let numbers = try #require(result.checks.first { $0.id == "PHONE-12/non-e164-numbers-refused" })
        #expect(numbers.message == "PHONE-12: 3 of 3 test numbers that are not E.164 went wrong")
        #expect(
            numbers.failure?.issues.first?.message
                == #"the subject accepted a configuration in which test number "+1 650-555-0188" is not E.164"#)
        let codes = try #require(result.checks.first { $0.id == "PHONE-12/non-6-digit-codes-refused" })
        #expect(codes.message == "PHONE-12: 4 of 4 test codes that are not 6 digits went wrong")
        for issue in (numbers.failure?.issues ?? []) + (codes.failure?.issues ?? []) {
            #expect(issue.expected == "a ConfigurationError" && issue.actual == "a backend made with it")
            #expect(issue.location?.file.hasSuffix("/PHONE-12-TestNumberConfiguration.swift") == true)
        }
    }

    @Test("a reused code is reported on both devices")
    func reusedCodeOnBothDevices() async throws {
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.codesAreReusable]))).run(.phone7)
        let check = try #require(result.checks.first { $0.id == "PHONE-7/used-code-refused" })
        #expect(check.message == "PHONE-7: 2 of 2 devices reusing the code went wrong")
        let issues = try #require(check.failure?.issues)
        #expect(issues.map { $0.message.contains("on device-1") } == [true, false])
        #expect(issues.allSatisfy { $0.expected == "sessionExpired [17051] or invalidVerificationID [17046]" })
        #expect(issues.allSatisfy { $0.actual?.hasPrefix("success") == true })
    }
}
