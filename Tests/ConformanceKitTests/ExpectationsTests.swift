import ConformanceKit
import Testing

/// The expectations fill the failure's fields and name the caller's line; record-and-continue keeps every broken case.
@Suite("Expectations")
struct ExpectationsTests {
    @Test("expectEqual names what it compares in one sentence and fills expected and actual from the values")
    func equal() throws {
        var thrown: CheckFailure?
        let line = #line + 1
        do { try expectEqual(2, 1, "the number of SMS that reached +16505550101") } catch { thrown = error }
        let failure = try #require(thrown)
        #expect(failure.message == "the number of SMS that reached +16505550101 is not as expected")
        #expect(failure.expected == "1")
        #expect(failure.actual == "2")
        #expect(failure.location.filePath == #filePath)
        #expect(failure.location.line == line)
        #expect(failure.location.file == "Tests/ConformanceKitTests/ExpectationsTests.swift")
        let strings = try #require(throws: CheckFailure.self) { try expectEqual("+1 650", "+1650", "the number") }
        #expect(strings.expected == "\"+1650\"" && strings.actual == "\"+1 650\"")
        let codes = try #require(throws: CheckFailure.self) {
            try expectEqual(AuthErrorCode.internalError, .invalidPhoneNumber, "the error")
        }
        #expect(
            codes.expected == AuthErrorCode.invalidPhoneNumber.label
                && codes.actual == AuthErrorCode.internalError.label)
        try expectEqual(1, 1, "equal values")
    }

    @Test("expectEveryCase records each broken case with its own line and fails once, with all of them")
    func everyCase() async throws {
        var tried: [Int] = []
        var thrown: CheckFailure?
        let line = #line + 2  // called outside #require, whose expansion moves #line
        do {
            try await expectEveryCase([1, 2, 3, 4], "numbers") { number in
                tried.append(number)
                try expectEqual(number % 2, 1, "the parity of \(number)")
            }
        } catch { thrown = error as? CheckFailure }
        let failure = try #require(thrown)
        #expect(tried == [1, 2, 3, 4])
        #expect(failure.message == "2 of 4 numbers went wrong")
        #expect(failure.location.line == line)
        #expect(
            failure.issues.map(\.message) == [
                "the parity of 2 is not as expected", "the parity of 4 is not as expected",
            ])
        #expect(failure.issues.allSatisfy { $0.expected == "1" && $0.actual == "0" && $0.location?.line == line + 2 })
    }

    @Test("a case that throws anything else than a failure still stops the check")
    func otherErrorsStop() async throws {
        struct Stop: Error {}
        var tried: [Int] = []
        await #expect(throws: Stop.self) {
            try await expectEveryCase([1, 2], "numbers") { number in
                tried.append(number)
                throw Stop()
            }
        }
        #expect(tried == [1])
    }
}
