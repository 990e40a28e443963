import ConformanceKit
import Foundation
import MockIdP

/// Sign in with Apple on the app, as Firebase's guide writes it: a raw nonce kept as `currentNonce`, its
/// SHA-256 hex in the request on the system sheet, and the delegate's callback turned into an Apple credential.
extension ReferenceClient: AppleSignInFacet {
    nonisolated var apple: (any AppleSignInFacet)? { offers(.apple) ? self : nil }

    nonisolated func randomNonce(length: Int) throws(AuthError) -> String {
        guard length > 0 || !behaviour.apple.refusesEmptyNonce else {
            throw AuthError(.missingOrInvalidNonce, "a nonce needs at least one character")
        }
        guard length <= 0 || length >= behaviour.apple.shortestNonceLength else {
            throw AuthError(
                .missingOrInvalidNonce, "a nonce needs at least \(behaviour.apple.shortestNonceLength) characters")
        }
        // The world's seeded randomness, as every random value of the reference, so a run is the same run after run;
        // an app outside the world uses a cryptographically secure generator (AppleNonce.random(length:)).
        return world.random.string(length: max(length, 0), alphabet: behaviour.apple.nonceAlphabet)
    }

    func requestAuthorization() async throws(AuthError) -> AppleAuthorization {
        let apple = behaviour.apple
        let rawNonce: String
        if !apple.freshNoncePerRequest, let first = firstAppleNonce {
            rawNonce = first
        } else {
            rawNonce = try randomNonce(length: apple.nonceLength)
        }
        firstAppleNonce = firstAppleNonce ?? rawNonce
        pendingAppleNonce = rawNonce
        let request = AppleAuthorizationRequest(
            clientID: backend.configuration.apple.clientID, requestedScopes: apple.requestedScopes,
            nonce: apple.sendsHashedNonce ? AppleNonce.sha256Hex(rawNonce) : rawNonce, state: nil)
        switch await world.apple.authorize(request, on: device) {
        case .success(let authorization): return authorization
        case .failure(let error):
            pendingAppleNonce = nil
            guard case .canceled = error else {
                throw AuthError(.webSignInUserInteractionFailure, "Sign in with Apple failed: \(error)")
            }
            throw AuthError(.webContextCancelled, "the user cancelled Sign in with Apple")
        }
    }

    func credential(for authorization: AppleAuthorization) async throws(AuthError) -> AuthCredential {
        let rawNonce = pendingAppleNonce
        if behaviour.apple.forgetsNonceAfterCallback { pendingAppleNonce = nil }
        guard rawNonce != nil || !behaviour.apple.requiresPendingRequest else {
            throw AuthError(
                .missingOrInvalidNonce, "a Sign in with Apple callback came, but no sign-in request was sent")
        }
        let fullName = behaviour.apple.keepsFullName ? PersonName(of: authorization) : nil
        return .apple(idToken: authorization.identityToken, rawNonce: rawNonce, fullName: fullName)
    }

    func revokeToken(withAuthorizationCode authorizationCode: String) async throws(AuthError) {
        guard (try? signedIn()) != nil else {
            guard behaviour.apple.revokeRequiresUser else { return }
            throw AuthError(.nullUser, "nobody is signed in: revoking needs the user whose Apple tokens to revoke")
        }
        let idToken = try await getIDToken(forceRefresh: false)
        try await overNetwork(
            "revokeAppleToken", await backend.revokeAppleToken(authorizationCode: authorizationCode, idToken: idToken))
    }
}
