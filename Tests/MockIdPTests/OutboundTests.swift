import MockIdP
import Testing

@Suite("The texts and emails that crossed, read one at a time")
struct OutboundTests {
    @Test("reads take the next unread message of their kind and address; finish hands back the rest once")
    func readAndFinish() async throws {
        let world = World()
        try await world.sms.send(to: "+16505550101", text: "111111", language: nil)
        try await world.mail.send(to: "Ada@example.com", subject: "s", body: "b")
        try await world.sms.send(to: "+16505550102", text: "222222", language: nil)
        try await world.sms.send(to: "+16505550101", text: "333333", language: nil)
        #expect(world.outbound.readSMS(to: "+16505550101")?.text == "111111")
        #expect(world.outbound.readSMS(to: "+16505550101")?.text == "333333")
        #expect(world.outbound.readSMS(to: "+16505550101") == nil)
        #expect(world.outbound.latestSMS(to: "+16505550101")?.text == "333333")
        #expect(world.outbound.readEmail(to: "ada@example.com")?.subject == "s")
        #expect(world.outbound.unread.map(\.description) == [#"SMS to +16505550102 [no language]: "222222""#])
        let left = world.outbound.finish()
        #expect(left == .leftOvers([.sms(SMSMessage(to: "+16505550102", text: "222222", language: nil))]))
        #expect(left.texts.map(\.text) == ["222222"] && left.emails.isEmpty)
        #expect(world.outbound.finish() == .clean)
        #expect(world.outbound.readSMS() == nil)
    }

    @Test("readAll takes every unread message to one address, and leaves the others")
    func readAll() async throws {
        let world = World()
        try await world.sms.send(to: "+16505550101", text: "111111", language: nil)
        try await world.sms.send(to: "+16505550102", text: "222222", language: nil)
        try await world.sms.send(to: "+16505550101", text: "333333", language: nil)
        try await world.mail.send(to: "ada@example.com", subject: "one", body: "b")
        try await world.mail.send(to: "ADA@example.com", subject: "two", body: "b")
        #expect(world.outbound.readAllSMS(to: "+16505550101").map(\.text) == ["111111", "333333"])
        #expect(world.outbound.readAllSMS(to: "+16505550101").isEmpty)
        #expect(world.outbound.readAllEmails(to: "Ada@Example.com").map(\.subject) == ["one", "two"])
        #expect(world.outbound.finish().texts.map(\.to) == ["+16505550102"])
    }
}
