import Foundation
import MockIdP
import Synchronization
import Testing

@Suite("Seeded randomness")
struct RandomSourceTests {
    @Test("the same seed gives the same randomness")
    func seeded() {
        #expect(World(seed: 7).random.string(length: 16) == World(seed: 7).random.string(length: 16))
        #expect(World(seed: 7).random.digits(6) != World(seed: 8).random.digits(6))
    }
}
