import ConformanceKit

/// Defects at the server's door: holes only a raw request exposes, which the suite's own client never sends (an empty
/// password, a token edited to name another user at `accounts:delete`, two sign-ups of one address at once, one code
/// used twice at once, a refresh beside a password change). The door checks catch them, in process and over HTTP
///.
extension Defect {
    /// In catalogue order.
    package static let doorDefects: [Defect] = [
        .doorDeletesForEditedToken, .signInAcceptsMissingPassword, .signUpRacesAtTheDoor, .phoneCodeRacesAtTheDoor,
        .refreshRacesRevocationAtTheDoor, .acceptsExpiredTokenAtTheDoor, .trustsPhoneTokensAtTheDoor,
        .pendingCredentialRacesAtTheDoor, .enrollmentCodeRacesAtTheDoor, .trustsEmailLinkUsersTokensAtTheDoor,
        .emailLinkRacesAtTheDoor, .resetCodeRacesAtTheDoor,
    ]

    package static let doorDeletesForEditedToken = Defect(
        "doorDeletesForEditedToken", rules: ["AUTH-4"], catches: [.assertion("AUTH-4/door-edited-token-first-step")],
        "deletes the user an ID token's payload names at accounts:delete without verifying the token"
    ) { $0.tokens.deleteVerifiesTokens = false }

    /// The hole of a third-party fake: a sign-in with no password field at all signs the user in.
    package static let signInAcceptsMissingPassword = Defect(
        "signInAcceptsMissingPassword", rules: ["AUTH-5"], catches: [.assertion("AUTH-5/door-hostile-passwords")],
        "signs a password user in when the password is missing, empty or not a string (read as empty)"
    ) { $0.emailPassword.refusesEmptyPassword = false }

    package static let signUpRacesAtTheDoor = Defect(
        "signUpRacesAtTheDoor", rules: ["AUTH-8"], catches: [.assertion("AUTH-8/door-sign-ups-at-once")],
        """
        checks that a sign-up's address is free, awaits, then creates the account: two sign-ups of one address at \
        once both create one
        """
    ) { $0.emailPassword.signUpChecksAndCreatesAtOnce = false }

    package static let phoneCodeRacesAtTheDoor = Defect(
        "phoneCodeRacesAtTheDoor", rules: ["PHONE-7"], catches: [.assertion("PHONE-7/door-code-twice-at-once")],
        """
        checks a phone sign-in's code, awaits, then signs in and marks it used: two sign-ins with one code at once at \
        the server both sign in
        """
    ) { $0.codes.doorChecksAndConsumesAtOnce = false }

    package static let refreshRacesRevocationAtTheDoor = Defect(
        "refreshRacesRevocationAtTheDoor", rules: ["AUTH-7"],
        catches: [.assertion("AUTH-7/door-refresh-beside-revocation")],
        """
        a refresh reads the session, awaits, then saves it back: a password change completed in between is undone and \
        the old refresh token goes on minting ID tokens
        """
    ) { $0.session.doorRefreshIsOneStep = false }

    package static let acceptsExpiredTokenAtTheDoor = Defect(
        "acceptsExpiredTokenAtTheDoor", rules: ["AUTH-4"],
        catches: [.assertion("AUTH-4/door-expired-token-first-step")],
        "honours a genuine ID token past its expiry at the door's account calls (signs it again for another hour)"
    ) { $0.tokens.doorChecksExpiry = false }

    package static let trustsPhoneTokensAtTheDoor = Defect(
        "trustsPhoneTokensAtTheDoor", rules: ["AUTH-4"], catches: [.assertion("AUTH-4/door-edited-token-phone-user")],
        """
        takes an ID token whose payload says its user signed in by phone as it reads at the door's account calls, \
        signature unchecked: another phone user's edited token reads, changes and deletes the victim
        """
    ) { $0.tokens.doorVerifiesPhoneTokens = false }

    package static let pendingCredentialRacesAtTheDoor = Defect(
        "pendingCredentialRacesAtTheDoor", rules: ["MFA-11"],
        catches: [.assertion("MFA-11/door-pending-twice-at-once")],
        """
        checks an mfaSignIn:finalize's pending credential and code, awaits, then signs in and uses them up: two \
        finalizes of one pending sign-in at once at the server both sign in
        """
    ) { $0.multiFactor.doorResolvesAtOnce = false }

    package static let enrollmentCodeRacesAtTheDoor = Defect(
        "enrollmentCodeRacesAtTheDoor", rules: ["MFA-13"],
        catches: [.assertion("MFA-13/door-enrollment-twice-at-once")],
        """
        checks an mfaEnrollment:finalize's code and that the number is not enrolled, awaits, then enrolls: two \
        finalizes of one enrollment at once at the server enroll the number twice
        """
    ) { $0.multiFactor.doorEnrollsAtOnce = false }

    package static let trustsEmailLinkUsersTokensAtTheDoor = Defect(
        "trustsEmailLinkUsersTokensAtTheDoor", rules: ["AUTH-4"],
        catches: [.assertion("AUTH-4/door-edited-token-link-user")],
        """
        takes an ID token whose payload names a user who signs in by email link alone as it reads at the door's \
        account calls, signature unchecked: another email-link user's edited token reads, changes and deletes the \
        victim
        """
    ) { $0.tokens.doorVerifiesEmailLinkUsersTokens = false }

    package static let emailLinkRacesAtTheDoor = Defect(
        "emailLinkRacesAtTheDoor", rules: ["LINK-8"], catches: [.assertion("LINK-8/door-link-twice-at-once")],
        """
        reads an email-link sign-in's code, awaits, then writes it back as read and uses it: two \
        accounts:signInWithEmailLink with one link at once at the server both sign in
        """
    ) { $0.emailLink.doorRedeemsAtOnce = false }

    package static let resetCodeRacesAtTheDoor = Defect(
        "resetCodeRacesAtTheDoor", rules: ["AUTH-7"], catches: [.assertion("AUTH-7/door-reset-twice-at-once")],
        """
        reads a password reset's code, awaits, then writes it back as read and uses it: two accounts:resetPassword \
        with one code at once at the server both set their password
        """
    ) { $0.session.doorResetsAtOnce = false }
}
