extension Rule {
    public static let auth10 = Rule(
        "AUTH-10", .must, flow: .general,
        title: "Only an administrator's credential acts on an account it names; a disabled user signs in nowhere",
        statement: """
            Only an administrator's credential acts on an account it names: a request that carries the API key alone \
            (no ID token of that user, no administrator's OAuth credential) and names a user by localId, to update, \
            delete or read it, or that sets what only an administrator sets (disableUser, emailVerified, custom \
            attributes, validSince), or asks for password hashes, is refused and changes nothing; a disabled user \
            signs in by no flow.
            """,
        sources: [
            .identityToolkitUpdate(
                section: """
                    localId, disableUser, emailVerified, customAttributes, validSince: “Specifying this field requires \
                    a Google OAuth 2.0 credential”
                    """),
            .identityToolkitDelete(
                section: "localId: “Requests from users lacking the credential should pass an ID token instead”"),
            .identityToolkitLookup(
                section: """
                    localId: “Should only be specified by authenticated requests bearing a Google OAuth 2.0 \
                    credential”
                    """), .firebaseAuthErrorCode(section: "userDisabled"),
        ],
        hint: """
            if this fails, check that accounts:update, accounts:delete and accounts:lookup act on a user named by \
            localId or email (and set disableUser, emailVerified, customAttributes or validSince) only for a request \
            with the administrator's OAuth credential, never for the API key alone, and that a disabled user's sign-in \
            answers USER_DISABLED
            """, checks: [.doorUpdateByLocalID, .doorDeleteByLocalID, .doorLookupByLocalID, .disabledUserRefused])
}
