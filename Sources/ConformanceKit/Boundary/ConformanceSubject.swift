import Foundation
import MockIdP

/// The implementation under test: makes a backend for a project in a given world, and says what it supports.
///
/// A backend must reach the outside world only through the world's parties (`world.sms`, `world.push`,
/// `world.recaptcha`, …), draw randomness it wants reproducible from `world.random`, and measure every
/// timeout and lifetime on `world.clock`: time in a check moves only on that clock.
///
/// Each check calls ``makeBackend(configuration:world:)`` with the project it needs and a world of its own, then
/// makes clients of that backend on the world's devices. A phone-only subject over your own SDK:
///
/// ```swift
/// struct MyAuthSubject: ConformanceSubject {
///     var name: String { "MyAuth" }
///     var capabilities: Capabilities { Capabilities(flows: [.phone]) }
///
///     func makeBackend(
///         configuration: ProjectConfiguration, world: World
///     ) async throws(ConfigurationError) -> any AuthBackend {
///         let count = configuration.phone.testPhoneNumbers.count
///         guard count <= 10 else { throw .tooManyTestPhoneNumbers(count: count, limit: 10) }  // PHONE-12
///         return MyAuthBackend(configuration: configuration, world: world)
///     }
/// }
/// ```
///
/// Then judge it rule by rule in your tests (`expectConformance(of:to:)` in ConformanceTesting), or with a
/// ``ConformanceRunner``.
public protocol ConformanceSubject: Sendable {
    /// A short name for reports.
    var name: String { get }
    /// What the subject implements and the choices it made where the rules leave one open: which rules and checks
    /// apply, and what some checks expect.
    var capabilities: Capabilities { get }
    /// Makes a backend serving `configuration`. Throws ``ConfigurationError`` for a configuration the
    /// product would refuse (PHONE-12).
    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend
    /// What the subject would need to offer for the checks that need `requirement` to apply, in words that name it
    /// (a route, an option), said after the reason such a check is not applicable; nil to say nothing more. The
    /// default says nothing.
    func howToOffer(_ requirement: Requirement) -> String?
}

extension ConformanceSubject { public func howToOffer(_ requirement: Requirement) -> String? { nil } }
