/// What a vendor's test target needs, in the one product it links: the boundary, the rules and the runner
/// (`ConformanceKit`), and the world its adapter makes backends in (`MockIdP`: `World`, `Device`, the parties).
@_exported import ConformanceKit
@_exported import MockIdP
