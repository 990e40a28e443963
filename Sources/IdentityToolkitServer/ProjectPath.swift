/// A path below `{prefix}{project}[/tenants/{tenant}]/`, as the administrator's and the configuration's calls name
/// their project and tenant: the one reading of that prefix for every such route.
struct ProjectPath {
    let projectID: String
    let tenant: String?
    /// The segments after the project and tenant.
    let rest: [String]

    init?(_ path: String, below prefix: String) {
        guard path.hasPrefix(prefix) else { return nil }
        var parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false).map(
            String.init)
        guard parts.count >= 2, !parts[0].isEmpty else { return nil }
        projectID = parts.removeFirst()
        if parts.count >= 3, parts[0] == "tenants" {
            tenant = parts[1]
            parts.removeFirst(2)
        } else {
            tenant = nil
        }
        rest = parts
    }
}
