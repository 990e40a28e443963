import ConformanceKit
import Foundation

/// Defects of Sign in with Apple: the APPLE rules catch them.
extension Defect {
    /// In catalogue order.
    static let appleDefects: [Defect] = [
        .appleNonceAlphabetHasW, .appleNonceOf16Characters, .answersEmptyAppleNonce, .refusesOneCharacterAppleNonce,
        .reusesAppleNonce, .sendsRawNonceToApple, .omitsAppleEmailScope, .comparesRawNonceWithClaim,
        .acceptsRawNonceInAppleToken, .acceptsMissingAppleNonce, .comparesAppleNonceHashIgnoringCase,
        .skipsAppleSignatureCheck, .acceptsAppleAlgNone, .acceptsAppleHS256, .skipsAppleAlgorithmCheck,
        .verifiesWithFirstAppleKey, .skipsAppleAudienceCheck, .skipsAppleIssuerCheck, .acceptsExpiredAppleToken,
        .misdeclaresAppleSystemClock, .acceptsAppleTokenAtExp, .readsFirstOfDuplicateAppleClaims,
        .acceptsNonUTF8AppleToken, .comparesAppleAudienceCanonically, .acceptsUnsolicitedAppleAuthorization,
        .dropsAppleFullName, .setsApplePhotoURL, .dropsPrivateRelayEmail, .readsOnlyBooleanAppleClaims,
        .verifiesAppleEmailWithoutClaim, .linksAppleIDOfAnotherAccount, .omitsUpdatedAppleCredential,
        .reauthenticatesAnyAppleUser, .revokesNothingAtApple, .keepsDeletedAppleUser, .revokesWithoutSignedInUser,
        .overwritesAppleNameWithNil, .acceptsReplayedAppleToken,
    ]

    package static let appleNonceAlphabetHasW = Defect(
        "appleNonceAlphabetHasW", rules: ["APPLE-1"],
        catches: [.assertion("APPLE-1/distinct-full-alphabet"), .assertion("APPLE-1/every-length-exact")],
        "draws nonces from 0-9, A-Z with W, a-z, - and ."
    ) { $0.apple.nonceAlphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-.") }

    package static let appleNonceOf16Characters = Defect(
        "appleNonceOf16Characters", rules: ["APPLE-1"], catches: [.assertion("APPLE-1/fresh-nonce-per-request")],
        "makes 16-character raw nonces for its requests"
    ) { $0.apple.nonceLength = 16 }

    package static let answersEmptyAppleNonce = Defect(
        "answersEmptyAppleNonce", rules: ["APPLE-1"], catches: [.assertion("APPLE-1/zero-length-refused")],
        "answers an empty nonce for a length of 0"
    ) { $0.apple.refusesEmptyNonce = false }

    package static let refusesOneCharacterAppleNonce = Defect(
        "refusesOneCharacterAppleNonce", rules: ["APPLE-1"], catches: [.assertion("APPLE-1/every-length-exact")],
        "refuses randomNonce(length: 1), taking 1 for too short as well as 0"
    ) { $0.apple.shortestNonceLength = 2 }

    package static let reusesAppleNonce = Defect(
        "reusesAppleNonce", rules: ["APPLE-1"], catches: [.assertion("APPLE-1/fresh-nonce-per-request")],
        "sends every request of a client with its first raw nonce"
    ) { $0.apple.freshNoncePerRequest = false }

    package static let sendsRawNonceToApple = Defect(
        "sendsRawNonceToApple", rules: ["APPLE-2"], catches: [.assertion("APPLE-2/hashed-nonce-reaches-apple")],
        "puts the raw nonce in the request to Apple and compares the claim with it"
    ) {
        $0.apple.sendsHashedNonce = false
        $0.apple.nonceComparison = .raw
    }

    package static let omitsAppleEmailScope = Defect(
        "omitsAppleEmailScope", rules: ["APPLE-2"], catches: [.assertion("APPLE-2/hashed-nonce-reaches-apple")],
        "asks Apple for the full name only"
    ) { $0.apple.requestedScopes = [.fullName] }

    package static let comparesRawNonceWithClaim = Defect(
        "comparesRawNonceWithClaim", rules: ["APPLE-3"], catches: [.assertion("APPLE-3/new-user-per-apple-id")],
        "compares the token's nonce claim with the raw nonce instead of its hash"
    ) { $0.apple.nonceComparison = .raw }

    package static let acceptsRawNonceInAppleToken = Defect(
        "acceptsRawNonceInAppleToken", rules: ["APPLE-4"], catches: [.assertion("APPLE-4/mismatched-nonces-refused")],
        "accepts a nonce claim equal to the raw nonce as well as its hash"
    ) { $0.apple.nonceComparison = .either }

    package static let acceptsMissingAppleNonce = Defect(
        "acceptsMissingAppleNonce", rules: ["APPLE-4"], catches: [.assertion("APPLE-4/mismatched-nonces-refused")],
        "signs in when the raw nonce or the token's nonce claim is missing"
    ) { $0.apple.requiresNonce = false }

    package static let comparesAppleNonceHashIgnoringCase = Defect(
        "comparesAppleNonceHashIgnoringCase", rules: ["APPLE-4"],
        catches: [.assertion("APPLE-4/uppercase-hash-refused")],
        "compares the token's nonce claim with the raw nonce's SHA-256 hex ignoring case, taking it in uppercase hex"
    ) { $0.apple.nonceComparison = .sha256HexIgnoringCase }

    package static let skipsAppleSignatureCheck = Defect(
        "skipsAppleSignatureCheck", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/forged-tokens-refused")],
        "reads the identity token's claims without verifying its signature"
    ) { $0.apple.checksSignature = false }

    package static let acceptsAppleAlgNone = Defect(
        "acceptsAppleAlgNone", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/forged-tokens-refused")],
        "accepts an identity token whose header says alg: none"
    ) { $0.apple.extraAlgorithms = ["none"] }

    package static let acceptsAppleHS256 = Defect(
        "acceptsAppleHS256", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/forged-tokens-refused")],
        "accepts an HS256 identity token without checking its MAC"
    ) { $0.apple.extraAlgorithms = ["HS256"] }

    package static let skipsAppleAlgorithmCheck = Defect(
        "skipsAppleAlgorithmCheck", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/mislabelled-alg-refused")],
        """
        checks the RS256 signature by the key kid names but never reads alg, taking a token whose alg says none, \
        RS512 or HS256
        """
    ) { $0.apple.checksAlgorithm = false }

    package static let verifiesWithFirstAppleKey = Defect(
        "verifiesWithFirstAppleKey", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/rotated-key-accepted")],
        "verifies every token with the first key of Apple's set, whatever its kid"
    ) { $0.apple.selectsKeyByKid = false }

    package static let skipsAppleAudienceCheck = Defect(
        "skipsAppleAudienceCheck", rules: ["APPLE-5"],
        catches: [.assertion("APPLE-5/forged-tokens-refused"), .assertion("APPLE-5/normalised-lookalikes-refused")],
        "accepts identity tokens issued for another app's client ID"
    ) { $0.apple.checksAudience = false }

    package static let skipsAppleIssuerCheck = Defect(
        "skipsAppleIssuerCheck", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/forged-tokens-refused")],
        "accepts identity tokens whose iss is not https://appleid.apple.com"
    ) { $0.apple.checksIssuer = false }

    package static let acceptsExpiredAppleToken = Defect(
        "acceptsExpiredAppleToken", rules: ["APPLE-5"],
        catches: [.assertion("APPLE-5/forged-tokens-refused"), .assertion("APPLE-5/exact-expiry")],
        "accepts identity tokens after their exp"
    ) { $0.apple.checksExpiry = false }

    package static let acceptsAppleTokenAtExp = Defect(
        "acceptsAppleTokenAtExp", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/exact-expiry")],
        "allows a minute of clock skew, taking an identity token at its exp and just after"
    ) { $0.apple.expiryLeeway = 60 }

    package static let readsFirstOfDuplicateAppleClaims = Defect(
        "readsFirstOfDuplicateAppleClaims", rules: ["APPLE-5"],
        catches: [.assertion("APPLE-5/duplicate-claims-refused")],
        "reads the first of two iss, exp or alg members as Foundation does, instead of refusing or reading the last"
    ) { $0.apple.duplicateMembers = .firstRead }

    package static let acceptsNonUTF8AppleToken = Defect(
        "acceptsNonUTF8AppleToken", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/duplicate-claims-refused")],
        "takes an identity token whose header or payload is JSON in UTF-16"
    ) { $0.apple.requiresUTF8 = false }

    package static let comparesAppleAudienceCanonically = Defect(
        "comparesAppleAudienceCanonically", rules: ["APPLE-5"],
        catches: [.assertion("APPLE-5/normalised-lookalikes-refused")],
        "compares aud with Swift's ==, so a client ID with U+212A KELVIN SIGN for K passes"
    ) { $0.apple.comparesCodePoints = false }

    package static let misdeclaresAppleSystemClock = Defect(
        "misdeclaresAppleSystemClock", rules: ["APPLE-5"], catches: [.assertion("APPLE-5/forged-tokens-refused")],
        "declares that it verifies Apple's tokens on the system clock, then judges their exp on the world's"
    ) { $0.capabilities.verifiesAppleTokensOnSystemClock = true }

    package static let acceptsUnsolicitedAppleAuthorization = Defect(
        "acceptsUnsolicitedAppleAuthorization", rules: ["APPLE-6"],
        catches: [
            .assertion("APPLE-6/other-app-authorization-refused"), .assertion("APPLE-6/other-device-request-refused"),
            .assertion("APPLE-6/after-restart-refused"),
        ],
        """
        signs in with a callback no request of its own asked for: the app makes the credential without a pending \
        request and the backend takes it without a nonce
        """
    ) {
        $0.apple.requiresPendingRequest = false
        $0.apple.requiresNonce = false
    }

    package static let dropsAppleFullName = Defect(
        "dropsAppleFullName", rules: ["APPLE-7"], catches: [.assertion("APPLE-7/display-name-no-photo")],
        "leaves the first authorization's name out of the credential, so the user has no display name"
    ) { $0.apple.keepsFullName = false }

    package static let setsApplePhotoURL = Defect(
        "setsApplePhotoURL", rules: ["APPLE-7"], catches: [.assertion("APPLE-7/display-name-no-photo")],
        "gives new Apple users a placeholder photo URL"
    ) { $0.apple.photoURL = URL(string: "https://appleid.apple.com/photo/placeholder.png") }

    package static let dropsPrivateRelayEmail = Defect(
        "dropsPrivateRelayEmail", rules: ["APPLE-8"], catches: [.assertion("APPLE-8/relay-address-verified")],
        "leaves a private relay address out of the user's email"
    ) { $0.apple.keepsRelayEmail = false }

    package static let readsOnlyBooleanAppleClaims = Defect(
        "readsOnlyBooleanAppleClaims", rules: ["APPLE-8"], catches: [.assertion("APPLE-8/string-true-verified")],
        "takes email_verified sent as the string \"true\" for unverified"
    ) { $0.apple.readsStringBooleans = false }

    package static let verifiesAppleEmailWithoutClaim = Defect(
        "verifiesAppleEmailWithoutClaim", rules: ["APPLE-8"], catches: [.assertion("APPLE-8/missing-claim-unverified")],
        "marks the token's email verified when the token has no email_verified claim"
    ) { $0.apple.emailWithoutClaimIsVerified = true }

    package static let linksAppleIDOfAnotherAccount = Defect(
        "linksAppleIDOfAnotherAccount", rules: ["APPLE-9"], catches: [.assertion("APPLE-9/in-use-updated-credential")],
        "moves an Apple ID that another account has to the current user"
    ) { $0.apple.linkChecksOtherAccounts = false }

    package static let omitsUpdatedAppleCredential = Defect(
        "omitsUpdatedAppleCredential", rules: ["APPLE-9"], catches: [.assertion("APPLE-9/in-use-updated-credential")],
        "fails with credentialAlreadyInUse without the updated credential"
    ) { $0.apple.offersUpdatedCredential = false }

    package static let reauthenticatesAnyAppleUser = Defect(
        "reauthenticatesAnyAppleUser", rules: ["APPLE-10"], catches: [.assertion("APPLE-10/other-user-mismatch")],
        "re-authenticates the current user with another person's Apple credential"
    ) { $0.apple.reauthenticateChecksUser = false }

    package static let revokesNothingAtApple = Defect(
        "revokesNothingAtApple", rules: ["APPLE-11"], catches: [.assertion("APPLE-11/revoke-then-new-user")],
        "answers revokeToken(withAuthorizationCode:) with success without calling Apple"
    ) { $0.apple.revokesAtApple = false }

    package static let keepsDeletedAppleUser = Defect(
        "keepsDeletedAppleUser", rules: ["APPLE-11"], catches: [.assertion("APPLE-11/revoke-then-new-user")],
        "ends a deleted Apple user's sessions but keeps the account, so the Apple ID signs in to the old uid"
    ) { $0.apple.deletesAppleUsers = false }

    package static let revokesWithoutSignedInUser = Defect(
        "revokesWithoutSignedInUser", rules: ["APPLE-11"], catches: [.assertion("APPLE-11/signed-out-revoke-fails")],
        "answers revokeToken(withAuthorizationCode:) with success when nobody is signed in"
    ) { $0.apple.revokeRequiresUser = false }

    package static let overwritesAppleNameWithNil = Defect(
        "overwritesAppleNameWithNil", rules: ["APPLE-12"], catches: [.assertion("APPLE-12/name-and-email-kept")],
        "replaces the stored display name with the later authorizations' missing name"
    ) { $0.apple.keepsStoredName = false }

    package static let acceptsReplayedAppleToken = Defect(
        "acceptsReplayedAppleToken", rules: ["APPLE-13"], catches: [.assertion("APPLE-13/credential-single-use")],
        "signs in again with an identity token and raw nonce pair already used"
    ) { $0.apple.refusesReplay = false }
}
