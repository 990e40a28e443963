import ConformanceKit
import Testing

@Suite("Reading codes out of texts")
struct SMSCodeTests {
    @Test
    func codes() {
        #expect(SMSCode.extract(from: "123456 is your code") == "123456")
        #expect(SMSCode.codes(in: "Code 1234, valid 10 minutes") == ["1234"])
        #expect(SMSCode.extract(from: "no code here 12") == nil)
        #expect(SMSCode.extract(from: "© 2026: 123456 is your code\n\n@demo.firebaseapp.com #123456") == "123456")
        #expect(SMSCode.sixDigitCodes(in: "123456 then 654321") == ["123456", "654321"])
    }
}
