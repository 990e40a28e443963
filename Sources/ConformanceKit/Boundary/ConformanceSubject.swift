import Foundation
import MockIdP

/// The implementation under test: makes a backend for a project in a given world, and says what it supports.
///
/// A backend must reach the outside world only through the world's parties (`world.sms`, `world.push`,
/// `world.recaptcha`, …), draw randomness it wants reproducible from `world.random`, and measure every
/// timeout and lifetime on `world.clock`: time in a check moves only on that clock.
public protocol ConformanceSubject: Sendable {
    /// A short name for reports.
    var name: String { get }
    var capabilities: Capabilities { get }
    /// Makes a backend serving `configuration`. Throws ``ConfigurationError`` for a configuration the
    /// product would refuse (PHONE-12).
    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend
}
