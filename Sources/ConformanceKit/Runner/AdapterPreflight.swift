import MockIdP

/// Before any rule runs: can the subject make a backend for the standard project, and does its client offer
/// the facets of every flow it declares? What is wrong is an adapter mistake, reported per flow.
struct AdapterPreflight: Sendable {
    let subject: any ConformanceSubject
    /// The runner's options: the app is launched under the same hang watch as a check.
    let options: ConformanceRunner.Options

    struct Findings: Sendable {
        /// The declared flows the adapter cannot serve, with why.
        var problems: [Flow: AdapterError] = [:]
        /// The facets the subject's client offers.
        var offered: Set<Facet> = []
    }

    func run() async -> Findings {
        let declared = subject.capabilities.flows.filter { !$0.facets.isEmpty }
        guard !declared.isEmpty else { return Findings() }
        let subject = subject
        let world = World()
        let watch = HangWatch(concurrency: subject.capabilities.concurrency, quietLimit: options.watchdog, world: world)
        let outcome = await options.slots.withSlot {
            await watch.run { () -> Result<any AuthClient, AdapterError> in
                do {
                    let backend = try await subject.makeBackend(configuration: .standard, world: world)
                    return .success(try await backend.makeClient(on: .primary))
                } catch {
                    return .failure(AdapterError("the subject cannot launch an app for the standard project: \(error)"))
                }
            }
        }
        let launched =
            switch outcome {
            case .finished(let launched): launched
            case .parked, .quiet:
                Result<any AuthClient, AdapterError>.failure(
                    AdapterError(
                        """
                        the subject did not launch an app for the standard project: \
                        \(Hang(outcome, waitingFor: "makeBackend and makeClient", world: world))
                        """))
            }
        let client: any AuthClient
        switch launched {
        case .success(let launchedClient): client = launchedClient
        case .failure(let problem):
            return Findings(problems: Dictionary(uniqueKeysWithValues: declared.map { ($0, problem) }))
        }
        var problems: [Flow: AdapterError] = [:]
        for flow in declared {
            let missing = flow.facets.filter { !$0.isOffered(by: client) }
            if !missing.isEmpty {
                problems[flow] = AdapterError(
                    """
                    the subject declares the \(flow) flow, but its client's \
                    \(missing.map { "`\($0)`" }.joined(separator: " and ")) facet is nil
                    """)
            }
        }
        return Findings(problems: problems, offered: Set(Facet.allCases.filter { $0.isOffered(by: client) }))
    }
}
