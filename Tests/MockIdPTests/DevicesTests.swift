import MockIdP
import Testing

@Suite("Devices")
struct DeviceTests {
    @Test("a device's keychain outlives the apps launched on it and is not another device's")
    func keychain() {
        let world = World()
        world.devices.keychain(of: .primary)["user"] = "ada"
        #expect(world.devices.keychain(of: .primary)["user"] == "ada")
        #expect(world.devices.keychain(of: .secondary)["user"] == nil)
    }
}
