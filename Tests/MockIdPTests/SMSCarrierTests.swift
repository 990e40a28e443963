import Foundation
import MockIdP
import Synchronization
import Testing

@Suite("The SMS carrier")
struct SMSCarrierTests {
    @Test("the SMS carrier delivers to an inbox, fails on demand, and records both")
    func sms() async throws {
        let world = World()
        try await world.sms.send(to: "+16505550101", text: "123456 is your code", language: "en")
        #expect(world.outbound.readAllSMS(to: "+16505550101").map(\.text) == ["123456 is your code"])
        world.sms.set(.failing)
        await #expect(throws: PartyError.failed(reason: "carrier error 503")) {
            try await world.sms.send(to: "+16505550101", text: "x", language: nil)
        }
        #expect(world.outbound.finish().isClean)
        #expect(world.transcript.all.count == 2)
    }
}
