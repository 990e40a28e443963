/// Every rule the suite enforces, in catalogue order. The catalogue is the source of truth for rule IDs,
/// levels, statements, sources and checks; each rule's ``Rule/sources`` are where it came from.
public enum RuleCatalogue {
    public static let all: [Rule] = phone + multiFactor + emailLink + oauth + apple + general

    public static let phone: [Rule] = [
        .phone1, .phone2, .phone3, .phone4, .phone5, .phone6, .phone7, .phone8, .phone9, .phone10, .phone11, .phone12,
        .phone13, .phone14, .phone15, .phone16, .phone17, .phone18, .phone19,
    ]

    public static let multiFactor: [Rule] = [
        .mfa1, .mfa2, .mfa3, .mfa4, .mfa5, .mfa6, .mfa7, .mfa8, .mfa9, .mfa10, .mfa11, .mfa12, .mfa13, .mfa14, .mfa15,
    ]

    public static let emailLink: [Rule] = [
        .link1, .link2, .link3, .link4, .link5, .link6, .link7, .link8, .link9, .link10, .link11, .link12, .link13,
        .link14,
    ]

    public static let oauth: [Rule] = [
        .oauth1, .oauth2, .oauth3, .oauth4, .oauth5, .oauth6, .oauth7, .oauth8, .oauth9, .oauth10, .oauth11,
    ]

    public static let apple: [Rule] = [
        .apple1, .apple2, .apple3, .apple4, .apple5, .apple6, .apple7, .apple8, .apple9, .apple10, .apple11, .apple12,
        .apple13,
    ]

    public static let general: [Rule] = [
        .auth1, .auth2, .auth3, .auth4, .auth5, .auth6, .auth7, .auth8, .auth9, .auth10,
    ]

    public static func rules(in flow: Flow) -> [Rule] { all.filter { $0.flow == flow } }

    public static func rule(_ id: RuleID) -> Rule? { all.first { $0.id == id } }

    /// The rules with these IDs, in catalogue order.
    public static func rules(_ ids: some Sequence<RuleID>) -> [Rule] {
        let wanted = Set(ids)
        return all.filter { wanted.contains($0.id) }
    }
}
