import ConformanceKit

/// Defects of the server's door for what only the administrator may do (AUTH-10): the holes of a third-party server
/// that takes the API key for the administrator's credential, or lets a disabled user in.
extension Defect {
    /// In catalogue order.
    package static let administratorDefects: [Defect] = [
        .updatesAnyAccountWithAPIKey, .deletesAnyAccountWithAPIKey, .looksUpAnyAccountWithAPIKey, .signsInDisabledUsers,
    ]

    package static let updatesAnyAccountWithAPIKey = Defect(
        "updatesAnyAccountWithAPIKey", rules: ["AUTH-10"], catches: [.assertion("AUTH-10/door-update-by-local-id")],
        """
        honours accounts:update naming a user by localId with the API key alone: anyone sets another user's password \
        and signs in as them
        """
    ) { $0.administrator.honouredWithAPIKeyAlone.insert(.update) }

    package static let deletesAnyAccountWithAPIKey = Defect(
        "deletesAnyAccountWithAPIKey", rules: ["AUTH-10"], catches: [.assertion("AUTH-10/door-delete-by-local-id")],
        "honours accounts:delete naming a user by localId with the API key alone: anyone deletes another user"
    ) { $0.administrator.honouredWithAPIKeyAlone.insert(.delete) }

    package static let looksUpAnyAccountWithAPIKey = Defect(
        "looksUpAnyAccountWithAPIKey", rules: ["AUTH-10"], catches: [.assertion("AUTH-10/door-lookup-by-local-id")],
        "answers accounts:lookup naming users by localId or email with the API key alone: anyone reads another user"
    ) { $0.administrator.honouredWithAPIKeyAlone.insert(.lookup) }

    package static let signsInDisabledUsers = Defect(
        "signsInDisabledUsers", rules: ["AUTH-10"], catches: [.assertion("AUTH-10/disabled-user-refused")],
        "signs a user the administrator disabled in with the password"
    ) { $0.administrator.refusesDisabledUsers = false }
}
