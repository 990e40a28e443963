import ConformanceKit
import Foundation
import MockIdP

extension ReferenceBehaviour {
    /// Sign in with Apple (APPLE-1…13).
    struct Apple: Sendable {
        /// The characters raw nonces are drawn from: the guide's 64, without `W`.
        var nonceAlphabet = Array(AppleNonce.alphabet)
        var nonceLength = AppleNonce.defaultLength
        /// `randomNonce(length: 0)` fails instead of answering an empty nonce.
        var refusesEmptyNonce = true
        /// The shortest length `randomNonce(length:)` answers; shorter positive lengths are refused.
        var shortestNonceLength = 1
        /// Each authorization request gets a new raw nonce; otherwise the client's first is used again.
        var freshNoncePerRequest = true
        /// The request carries the SHA-256 hex of the raw nonce; otherwise the raw nonce itself.
        var sendsHashedNonce = true
        var requestedScopes: [AppleScope] = [.fullName, .email]
        /// What the backend compares the token's `nonce` claim with.
        var nonceComparison: NonceComparison = .sha256Hex
        /// A missing raw nonce or a missing `nonce` claim fails the sign-in.
        var requiresNonce = true
        var checksSignature = true
        /// The header's `alg` must be RS256; otherwise the signature is checked as RS256 whatever `alg` says.
        var checksAlgorithm = true
        /// The key is the one the token's `kid` names; otherwise the key set's first.
        var selectsKeyByKid = true
        /// Signature algorithms the backend takes besides RS256.
        var extraAlgorithms: Set<String> = []
        var checksIssuer = true
        var checksAudience = true
        var checksExpiry = true
        /// Seconds after `exp` that a token is still taken (APPLE-5 allows none).
        var expiryLeeway: TimeInterval = 0
        /// The token's header and payload must be UTF-8 (APPLE-5).
        var requiresUTF8 = true
        /// What a header or payload that names a member twice gives (APPLE-5, RFC 7515 §4).
        var duplicateMembers = DuplicateMembers.refused
        /// `aud` is compared code point by code point; otherwise with Swift's `==` (canonical equivalence).
        var comparesCodePoints = true
        /// Apple's tokens are verified, and the client secret signed, against the system clock instead of the world's,
        /// as a server-side JWT library (vapor/jwt-kit's `AppleIdentityToken`) does.
        var usesSystemClock = false
        /// The delegate's callback is refused when no request is pending (APPLE-6).
        var requiresPendingRequest = true
        /// The pending request's nonce is forgotten once its callback came; the guide's sample keeps `currentNonce`.
        var forgetsNonceAfterCallback = true
        /// The first authorization's name goes with the credential and becomes the display name.
        var keepsFullName = true
        /// The display name puts the family name first, as `PersonNameComponentsFormatter` does in some locales.
        var familyNameFirst = false
        var photoURL: URL?
        /// A relay address (`@privaterelay.appleid.com`) is kept as the user's email.
        var keepsRelayEmail = true
        /// `email_verified` sent as the string `"true"` counts as verified.
        var readsStringBooleans = true
        /// An email whose token has no `email_verified` claim counts as verified.
        var emailWithoutClaimIsVerified = false
        var linkChecksOtherAccounts = true
        /// `credentialAlreadyInUse` carries the credential that signs in to the other account.
        var offersUpdatedCredential = true
        var reauthenticateChecksUser = true
        /// A later sign-in without a name leaves the stored display name; otherwise it clears it.
        var keepsStoredName = true
        var revokesAtApple = true
        /// `delete()` removes a user with an Apple ID; otherwise it only ends its sessions, and the Apple ID signs in
        /// to it again.
        var deletesAppleUsers = true
        /// `revokeToken` with nobody signed in fails; otherwise it quietly succeeds.
        var revokeRequiresUser = true
        /// An identity token and raw nonce pair that signed someone in is refused when presented again.
        var refusesReplay = true
        /// An Apple sign-in of a multi-factor user stops at the second factor (MFA-6).
        var asksForSecondFactor = true
    }

    enum NonceComparison: Sendable {
        case sha256Hex
        /// The claim is compared with the raw nonce itself.
        case raw
        /// Either the hash or the raw nonce passes.
        case either
        /// The hash, its hex letters compared ignoring case (APPLE-4 compares exactly).
        case sha256HexIgnoringCase
    }

    /// How the verifier reads a header or claims set that names a member twice.
    enum DuplicateMembers: Sendable {
        /// The token is refused.
        case refused
        /// The lexically last member is read, as RFC 7515 §4 allows.
        case lastRead
        /// The first member is read, as Foundation's decoders read it (APPLE-5 forbids it).
        case firstRead
    }
}
