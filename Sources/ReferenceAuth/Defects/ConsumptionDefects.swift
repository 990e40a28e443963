import ConformanceKit

/// Defects that split checking a one-time credential from marking it used across a step of the world: the backend
/// checks the credential, answers, and marks it used only once its answer has left. Only a check that holds the
/// answer on its way back while a second use runs can catch them; the request holds of the `concurrent-sign-ins` checks
/// cannot, since both steps lie inside one backend call.
extension Defect {
    /// In catalogue order.
    static let consumptionDefects: [Defect] = [
        .phoneCodeConsumedAfterAnswer, .emailLinkConsumedAfterAnswer, .secondFactorConsumedAfterAnswer,
    ]

    package static let phoneCodeConsumedAfterAnswer = Defect(
        "phoneCodeConsumedAfterAnswer", rules: ["PHONE-7"], catches: [.assertion("PHONE-7/two-sign-ins-answer-held")],
        "checks a phone code, answers the sign-in, and marks the code used only once the answer has left"
    ) { $0.consumption.phoneCodeBeforeAnswer = false }

    package static let emailLinkConsumedAfterAnswer = Defect(
        "emailLinkConsumedAfterAnswer", rules: ["LINK-8"], catches: [.assertion("LINK-8/two-sign-ins-answer-held")],
        "checks an email link's oobCode, answers the sign-in, and marks the code used only once the answer has left"
    ) { $0.consumption.emailLinkBeforeAnswer = false }

    package static let secondFactorConsumedAfterAnswer = Defect(
        "secondFactorConsumedAfterAnswer", rules: ["MFA-11"],
        catches: [.assertion("MFA-11/two-resolutions-answer-held")],
        """
        checks a pending sign-in and its second-factor code, answers the resolution, and marks both used only once \
        the answer has left
        """
    ) { $0.consumption.secondFactorBeforeAnswer = false }
}
