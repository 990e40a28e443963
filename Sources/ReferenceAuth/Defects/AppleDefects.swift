import ConformanceKit
import Foundation

/// Defects of Sign in with Apple: the APPLE rules catch them.
extension Defect {
    /// In catalogue order.
    static let appleDefects: [Defect] = [
        .appleNonceAlphabetHasW, .appleNonceOf16Characters, .answersEmptyAppleNonce, .refusesOneCharacterAppleNonce,
        .reusesAppleNonce, .sendsRawNonceToApple, .omitsAppleEmailScope, .comparesRawNonceWithClaim,
        .acceptsRawNonceInAppleToken, .acceptsMissingAppleNonce, .skipsAppleSignatureCheck, .acceptsAppleAlgNone,
        .acceptsAppleHS256, .verifiesWithFirstAppleKey, .skipsAppleAudienceCheck, .skipsAppleIssuerCheck,
        .acceptsExpiredAppleToken, .misdeclaresAppleSystemClock, .acceptsAppleTokenAtExp,
        .readsFirstOfDuplicateAppleClaims, .acceptsNonUTF8AppleToken, .comparesAppleAudienceCanonically,
        .acceptsUnsolicitedAppleAuthorization, .dropsAppleFullName, .setsApplePhotoURL, .dropsPrivateRelayEmail,
        .readsOnlyBooleanAppleClaims, .verifiesAppleEmailWithoutClaim, .linksAppleIDOfAnotherAccount,
        .omitsUpdatedAppleCredential, .reauthenticatesAnyAppleUser, .revokesNothingAtApple, .keepsDeletedAppleUser,
        .revokesWithoutSignedInUser, .overwritesAppleNameWithNil, .acceptsReplayedAppleToken,
    ]

    public static let appleNonceAlphabetHasW = Defect(
        "appleNonceAlphabetHasW", rules: ["APPLE-1"],
        catches: [
            .assertion(
                "APPLE-1",
                """
                64 nonces of randomNonce(length: 32) are distinct, 32 characters each, and use the whole alphabet and \
                nothing else
                """),
            .assertion(
                "APPLE-1",
                """
                every length from 1 (the shortest) to 100, and 1,000, gives a nonce of exactly that length from the \
                alphabet
                """),
        ], "draws nonces from 0-9, A-Z with W, a-z, - and ."
    ) { $0.apple.nonceAlphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-.") }

    public static let appleNonceOf16Characters = Defect(
        "appleNonceOf16Characters", rules: ["APPLE-1"],
        catches: [
            .assertion("APPLE-1", "two sign-in requests carry two fresh 32-character raw nonces of the alphabet")
        ], "makes 16-character raw nonces for its requests"
    ) { $0.apple.nonceLength = 16 }

    public static let answersEmptyAppleNonce = Defect(
        "answersEmptyAppleNonce", rules: ["APPLE-1"],
        catches: [.assertion("APPLE-1", "randomNonce(length: 0) is refused")],
        "answers an empty nonce for a length of 0"
    ) { $0.apple.refusesEmptyNonce = false }

    public static let refusesOneCharacterAppleNonce = Defect(
        "refusesOneCharacterAppleNonce", rules: ["APPLE-1"],
        catches: [
            .assertion(
                "APPLE-1",
                """
                every length from 1 (the shortest) to 100, and 1,000, gives a nonce of exactly that length from the \
                alphabet
                """)
        ], "refuses randomNonce(length: 1), taking 1 for too short as well as 0"
    ) { $0.apple.shortestNonceLength = 2 }

    public static let reusesAppleNonce = Defect(
        "reusesAppleNonce", rules: ["APPLE-1"],
        catches: [
            .assertion("APPLE-1", "two sign-in requests carry two fresh 32-character raw nonces of the alphabet")
        ], "sends every request of a client with its first raw nonce"
    ) { $0.apple.freshNoncePerRequest = false }

    public static let sendsRawNonceToApple = Defect(
        "sendsRawNonceToApple", rules: ["APPLE-2"],
        catches: [
            .assertion(
                "APPLE-2",
                """
                the request that reached Apple carries sha256 hex of the credential's raw nonce, asks for name and \
                email, and the raw nonce never left the app
                """)
        ], "puts the raw nonce in the request to Apple and compares the claim with it"
    ) {
        $0.apple.sendsHashedNonce = false
        $0.apple.nonceComparison = .raw
    }

    public static let omitsAppleEmailScope = Defect(
        "omitsAppleEmailScope", rules: ["APPLE-2"],
        catches: [
            .assertion(
                "APPLE-2",
                """
                the request that reached Apple carries sha256 hex of the credential's raw nonce, asks for name and \
                email, and the raw nonce never left the app
                """)
        ], "asks Apple for the full name only"
    ) { $0.apple.requestedScopes = [.fullName] }

    public static let comparesRawNonceWithClaim = Defect(
        "comparesRawNonceWithClaim", rules: ["APPLE-3"],
        catches: [
            .assertion("APPLE-3", "Alice signs in on one device and Bob on another, each as a new apple.com user")
        ], "compares the token's nonce claim with the raw nonce instead of its hash"
    ) { $0.apple.nonceComparison = .raw }

    public static let acceptsRawNonceInAppleToken = Defect(
        "acceptsRawNonceInAppleToken", rules: ["APPLE-4"],
        catches: [
            .assertion(
                "APPLE-4",
                """
                the raw nonce in the token, another nonce's hash, no raw nonce and no nonce claim each fail; nobody is \
                signed in
                """)
        ], "accepts a nonce claim equal to the raw nonce as well as its hash"
    ) { $0.apple.nonceComparison = .either }

    public static let acceptsMissingAppleNonce = Defect(
        "acceptsMissingAppleNonce", rules: ["APPLE-4"],
        catches: [
            .assertion(
                "APPLE-4",
                """
                the raw nonce in the token, another nonce's hash, no raw nonce and no nonce claim each fail; nobody is \
                signed in
                """)
        ], "signs in when the raw nonce or the token's nonce claim is missing"
    ) { $0.apple.requiresNonce = false }

    public static let skipsAppleSignatureCheck = Defect(
        "skipsAppleSignatureCheck", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                """
                a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and \
                an expired token are refused
                """)
        ], "reads the identity token's claims without verifying its signature"
    ) { $0.apple.checksSignature = false }

    public static let acceptsAppleAlgNone = Defect(
        "acceptsAppleAlgNone", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                """
                a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and \
                an expired token are refused
                """)
        ], "accepts an identity token whose header says alg: none"
    ) { $0.apple.extraAlgorithms = ["none"] }

    public static let acceptsAppleHS256 = Defect(
        "acceptsAppleHS256", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                """
                a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and \
                an expired token are refused
                """)
        ], "accepts an HS256 identity token without checking its MAC"
    ) { $0.apple.extraAlgorithms = ["HS256"] }

    public static let verifiesWithFirstAppleKey = Defect(
        "verifiesWithFirstAppleKey", rules: ["APPLE-5"],
        catches: [.assertion("APPLE-5", "after Apple rotates its keys, a token signed by the new key signs in")],
        "verifies every token with the first key of Apple's set, whatever its kid"
    ) { $0.apple.selectsKeyByKid = false }

    public static let skipsAppleAudienceCheck = Defect(
        "skipsAppleAudienceCheck", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                """
                a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and \
                an expired token are refused
                """),
            .assertion(
                "APPLE-5",
                """
                an aud equal to the client ID only after normalisation (Kelvin sign for K, fullwidth K) and a \
                fullwidth iss are refused
                """),
        ], "accepts identity tokens issued for another app's client ID"
    ) { $0.apple.checksAudience = false }

    public static let skipsAppleIssuerCheck = Defect(
        "skipsAppleIssuerCheck", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                """
                a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and \
                an expired token are refused
                """)
        ], "accepts identity tokens whose iss is not https://appleid.apple.com"
    ) { $0.apple.checksIssuer = false }

    public static let acceptsExpiredAppleToken = Defect(
        "acceptsExpiredAppleToken", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                """
                a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and \
                an expired token are refused
                """), .assertion("APPLE-5", "a token is accepted a second before its exp and refused at its exp"),
        ], "accepts identity tokens after their exp"
    ) { $0.apple.checksExpiry = false }

    public static let acceptsAppleTokenAtExp = Defect(
        "acceptsAppleTokenAtExp", rules: ["APPLE-5"],
        catches: [.assertion("APPLE-5", "a token is accepted a second before its exp and refused at its exp")],
        "allows a minute of clock skew, taking an identity token at its exp and just after"
    ) { $0.apple.expiryLeeway = 60 }

    public static let readsFirstOfDuplicateAppleClaims = Defect(
        "readsFirstOfDuplicateAppleClaims", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                "a token naming iss, aud, exp or alg a second time, wrongly, or with JSON in UTF-16, is refused")
        ], "reads the first of two iss, exp or alg members as Foundation does, instead of refusing or reading the last"
    ) { $0.apple.duplicateMembers = .firstRead }

    public static let acceptsNonUTF8AppleToken = Defect(
        "acceptsNonUTF8AppleToken", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                "a token naming iss, aud, exp or alg a second time, wrongly, or with JSON in UTF-16, is refused")
        ], "takes an identity token whose header or payload is JSON in UTF-16"
    ) { $0.apple.requiresUTF8 = false }

    public static let comparesAppleAudienceCanonically = Defect(
        "comparesAppleAudienceCanonically", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                """
                an aud equal to the client ID only after normalisation (Kelvin sign for K, fullwidth K) and a \
                fullwidth iss are refused
                """)
        ], "compares aud with Swift's ==, so a client ID with U+212A KELVIN SIGN for K passes"
    ) { $0.apple.comparesCodePoints = false }

    public static let misdeclaresAppleSystemClock = Defect(
        "misdeclaresAppleSystemClock", rules: ["APPLE-5"],
        catches: [
            .assertion(
                "APPLE-5",
                """
                a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and \
                an expired token are refused
                """)
        ], "declares that it verifies Apple's tokens on the system clock, then judges their exp on the world's"
    ) { $0.capabilities.verifiesAppleTokensOnSystemClock = true }

    public static let acceptsUnsolicitedAppleAuthorization = Defect(
        "acceptsUnsolicitedAppleAuthorization", rules: ["APPLE-6"],
        catches: [
            .assertion(
                "APPLE-6", "an authorization another app obtained, delivered to an app that sent no request, is refused"
            ),
            .assertion(
                "APPLE-6",
                """
                an authorization for a request sent on another device is refused by the app that sent none
                """),
            .assertion(
                "APPLE-6", "an authorization that arrives after the app restarted, its request lost with it, is refused"
            ),
        ],
        """
        signs in with a callback no request of its own asked for: the app makes the credential without a pending \
        request and the backend takes it without a nonce
        """
    ) {
        $0.apple.requiresPendingRequest = false
        $0.apple.requiresNonce = false
    }

    public static let dropsAppleFullName = Defect(
        "dropsAppleFullName", rules: ["APPLE-7"],
        catches: [
            .assertion(
                "APPLE-7",
                "Alice's first sign-in gives a display name with her given and family names, and no photo URL")
        ], "leaves the first authorization's name out of the credential, so the user has no display name"
    ) { $0.apple.keepsFullName = false }

    public static let setsApplePhotoURL = Defect(
        "setsApplePhotoURL", rules: ["APPLE-7"],
        catches: [
            .assertion(
                "APPLE-7",
                "Alice's first sign-in gives a display name with her given and family names, and no photo URL")
        ], "gives new Apple users a placeholder photo URL"
    ) { $0.apple.photoURL = URL(string: "https://appleid.apple.com/photo/placeholder.png") }

    public static let dropsPrivateRelayEmail = Defect(
        "dropsPrivateRelayEmail", rules: ["APPLE-8"],
        catches: [.assertion("APPLE-8", "Alice hiding her email signs in with her relay address, verified")],
        "leaves a private relay address out of the user's email"
    ) { $0.apple.keepsRelayEmail = false }

    public static let readsOnlyBooleanAppleClaims = Defect(
        "readsOnlyBooleanAppleClaims", rules: ["APPLE-8"],
        catches: [.assertion("APPLE-8", "Bob, whose token says \"true\" as strings, signs in with his email verified")],
        "takes email_verified sent as the string \"true\" for unverified"
    ) { $0.apple.readsStringBooleans = false }

    public static let verifiesAppleEmailWithoutClaim = Defect(
        "verifiesAppleEmailWithoutClaim", rules: ["APPLE-8"],
        catches: [
            .assertion(
                "APPLE-8", "Alice's token with her email but no email_verified claim leaves her email unverified")
        ], "marks the token's email verified when the token has no email_verified claim"
    ) { $0.apple.emailWithoutClaimIsVerified = true }

    public static let linksAppleIDOfAnotherAccount = Defect(
        "linksAppleIDOfAnotherAccount", rules: ["APPLE-9"],
        catches: [
            .assertion(
                "APPLE-9",
                """
                linking Alice's Apple ID, another user's, fails with credentialAlreadyInUse whose updated credential \
                signs her in
                """)
        ], "moves an Apple ID that another account has to the current user"
    ) { $0.apple.linkChecksOtherAccounts = false }

    public static let omitsUpdatedAppleCredential = Defect(
        "omitsUpdatedAppleCredential", rules: ["APPLE-9"],
        catches: [
            .assertion(
                "APPLE-9",
                """
                linking Alice's Apple ID, another user's, fails with credentialAlreadyInUse whose updated credential \
                signs her in
                """)
        ], "fails with credentialAlreadyInUse without the updated credential"
    ) { $0.apple.offersUpdatedCredential = false }

    public static let reauthenticatesAnyAppleUser = Defect(
        "reauthenticatesAnyAppleUser", rules: ["APPLE-10"],
        catches: [
            .assertion(
                "APPLE-10",
                "re-authenticating Alice with Bob's Apple credential fails with userMismatch; Alice stays signed in")
        ], "re-authenticates the current user with another person's Apple credential"
    ) { $0.apple.reauthenticateChecksUser = false }

    public static let revokesNothingAtApple = Defect(
        "revokesNothingAtApple", rules: ["APPLE-11"],
        catches: [
            .assertion(
                "APPLE-11",
                """
                Alice revokes with a fresh code: Apple revokes the token issued for it, then she is deleted and comes \
                back as a new user
                """)
        ], "answers revokeToken(withAuthorizationCode:) with success without calling Apple"
    ) { $0.apple.revokesAtApple = false }

    public static let keepsDeletedAppleUser = Defect(
        "keepsDeletedAppleUser", rules: ["APPLE-11"],
        catches: [
            .assertion(
                "APPLE-11",
                """
                Alice revokes with a fresh code: Apple revokes the token issued for it, then she is deleted and comes \
                back as a new user
                """)
        ], "ends a deleted Apple user's sessions but keeps the account, so the Apple ID signs in to the old uid"
    ) { $0.apple.deletesAppleUsers = false }

    public static let revokesWithoutSignedInUser = Defect(
        "revokesWithoutSignedInUser", rules: ["APPLE-11"],
        catches: [.assertion("APPLE-11", "with nobody signed in, revokeToken fails and nothing reaches Apple")],
        "answers revokeToken(withAuthorizationCode:) with success when nobody is signed in"
    ) { $0.apple.revokeRequiresUser = false }

    public static let overwritesAppleNameWithNil = Defect(
        "overwritesAppleNameWithNil", rules: ["APPLE-12"],
        catches: [
            .assertion(
                "APPLE-12", "Alice signs in again, on the same and on another device, and keeps her name and email")
        ], "replaces the stored display name with the later authorizations' missing name"
    ) { $0.apple.keepsStoredName = false }

    public static let acceptsReplayedAppleToken = Defect(
        "acceptsReplayedAppleToken", rules: ["APPLE-13"],
        catches: [
            .assertion(
                "APPLE-13",
                """
                Alice's credential signs in once; presented again before its exp, on the same device or another, it is \
                refused
                """)
        ], "signs in again with an identity token and raw nonce pair already used"
    ) { $0.apple.refusesReplay = false }
}
