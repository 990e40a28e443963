/// Which unmet requirements leave a check not judged rather than not applicable (SPEC: "What a check cannot see it
/// does not judge"). A flow or facet the subject lacks is not its failure, and the rules leave production's clock,
/// outside parties and outboxes out of reach over HTTP: those checks are not applicable. A seam is different: the
/// subject has what the rule is about, and the suite only cannot hold it (a client that calls its backend directly,
/// keeps its own storage, or keeps the system's time while the server's clock moves), so the check is not judged,
/// its rule never reads PASS on it, and the report says the one way to offer the seam.
extension Requirement {
    /// Whether this requirement, unmet under `capabilities`, is a seam the suite lacks. A subject that signs nobody in
    /// the suite can follow (no declared flow whose sign-in it can read) has nothing for a seam to show: the checks
    /// are not applicable to it, as they find no user to start from.
    package func isSeam(under capabilities: Capabilities) -> Bool {
        guard capabilities.flows.contains(where: { $0.isReadable(under: capabilities) }) else { return false }
        return switch self {
        case .worldNetwork, .worldKeychain: true
        case .worldClock: capabilities.runsOnWorldClock && !capabilities.clientsRunOnWorldClock
        case .flow, .facet, .worldParties, .deliveries: false
        }
    }

    /// The way to offer this seam, said after the reason a check is not judged; nil for what is not a seam.
    package func howToOfferSeam(under capabilities: Capabilities) -> String? {
        guard isSeam(under: capabilities) else { return nil }
        switch self {
        case .worldNetwork:
            return """
                to judge it, send the client's requests to its backend through the world's network and declare \
                sendsRequestsThroughWorldNetwork: for a URLSession-based SDK, one line, its session made from \
                `configuration.throughWorldNetwork(of: world, from: device)` (MockIdP)
                """
        case .worldKeychain:
            return """
                to judge it, keep the signed-in user in the device's keychain in the world \
                (`world.devices.keychain(of: device)`) and declare persistsUserInWorldKeychain
                """
        default:
            return """
                to judge it, let the client read the world's clock (`world.clock.date`, as the check's server does) \
                and declare clientsRunOnWorldClock (IdentityToolkitClientFactory's runsOnWorldClock)
                """
        }
    }
}
