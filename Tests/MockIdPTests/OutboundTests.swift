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
        #expect(world.outbound.readEmail(to: "ada@example.com")?.subject == "s")
        #expect(world.outbound.finish().map(\.description) == [#"SMS to +16505550102 [no language]: "222222""#])
        #expect(world.outbound.finish().isEmpty)
        #expect(world.outbound.readSMS() == nil)
    }
}
