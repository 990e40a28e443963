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

    @Test("one source does not repeat itself: a constant generator fails this")
    func varies() {
        let random = World(seed: 7).random
        let draws = (0..<20).map { _ in random.string(length: 16) }
        #expect(Set(draws).count == draws.count)
        let digits = (0..<20).map { _ in random.digits(6) }
        #expect(Set(digits).count > 15, "20 six-digit draws with \(Set(digits).count) distinct values")
    }
}
