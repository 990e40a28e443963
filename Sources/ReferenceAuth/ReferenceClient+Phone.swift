import ConformanceKit
import Foundation
import MockIdP

/// Phone sign-in on the app: app verification (silent push, else reCAPTCHA) and the verification that texts a code.
extension ReferenceClient: PhoneAuthFacet {
    nonisolated var phone: (any PhoneAuthFacet)? { offers(.phone) ? self : nil }

    func setAppVerificationDisabledForTesting(_ disabled: Bool) async { appVerificationDisabled = disabled }

    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        let proof = try await appProof()
        nextVerification += 1
        let ticket = nextVerification
        if behaviour.phone.oneVerificationInFlight { verificationInFlight = ticket }
        let verificationID = try await overNetwork(
            "sendVerificationCode",
            await backend.sendVerificationCode(
                to: phoneNumber, proof: proof, languageCode: languageCode, device: device))
        if behaviour.phone.oneVerificationInFlight, verificationInFlight != ticket { try await waitForSlotBack() }
        if behaviour.phone.verificationsOutliveClient { return verificationID }
        let privateID = world.random.string(length: 40)
        privateVerificationIDs[privateID] = verificationID
        return privateID
    }

    /// The defect `oneVerificationInFlight`: waits for a slot nobody gives back, until the caller gives up.
    private func waitForSlotBack() async throws(AuthError) {
        let (slot, keeper) = AsyncStream<Void>.makeStream()
        slotKeepers.append(keeper)
        for await _ in slot {}
        throw AuthError(.networkError, "the verification was abandoned")
    }

    /// PHONE-14: a silent push when the device can receive one, otherwise a reCAPTCHA; nothing when disabled for
    /// testing.
    func appProof() async throws(AuthError) -> AppProof {
        if appVerificationDisabled { return .disabledForTesting }
        guard behaviour.appVerification.clientProvesApp else { return .none }
        if let deviceToken = world.push.deviceToken(for: device) {
            let receipt = await world.network.send("verifyClient", from: device) {
                await backend.verifyClient(deviceToken: deviceToken)
            }
            if !behaviour.appVerification.awaitsPushPerVerification { awaitedPushes.removeAll() }
            awaitedPushes.insert(receipt)
            defer {
                awaitedPushes.remove(receipt)
                pushSecrets[receipt] = nil
            }
            try? await overNetwork("sendVerificationPush", await backend.sendVerificationPush(receipt: receipt))
            if let secret = pushSecrets[receipt] { return .push(receipt: receipt, secret: secret) }
        }
        let eventID = world.random.string(length: 10, alphabet: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        awaitedRedirects.insert(eventID)
        defer {
            awaitedRedirects.remove(eventID)
            redirectTokens[eventID] = nil
        }
        do {
            try await world.recaptcha.present(
                on: device,
                callbackURL: URL(
                    string: """
                        \(callbackScheme)://firebaseauth/link?\(behaviour.appVerification.redirectEventParameter)\
                        =\(eventID)
                        """)!)
        } catch .cancelledByUser {
            guard behaviour.appVerification.reCaptchaCancellationEndsRequest else { return .none }
            throw AuthError(.webContextCancelled, "the user cancelled the reCAPTCHA")
        } catch { throw AuthError(.webNetworkRequestFailed, "the reCAPTCHA could not be shown: \(error)") }
        guard let token = redirectTokens[eventID] else {
            throw AuthError(.appVerificationUserInteractionFailure, "the reCAPTCHA did not redirect back with a token")
        }
        return .recaptcha(token: token)
    }

    func canHandleNotification(_ userInfo: [String: String]) async -> Bool {
        let claim = behaviour.appVerification.claimedPushes
        // A client that claims every push still takes its own: the defect is the claim, not a lost push.
        let unanswered = awaitedPushes.filter { pushSecrets[$0] == nil }.sorted()
        guard let payload = userInfo[pushPayloadKey],
            let fields = try? JSONDecoder().decode([String: String].self, from: Data(payload.utf8)),
            let receipt = fields["receipt"], let secret = fields["secret"],
            let awaited = unanswered.contains(receipt) ? receipt : claim == .anyWhileWaiting ? unanswered.first : nil
        else { return claim == .every }
        pushSecrets[awaited] = secret
        return true
    }

    func canHandle(_ url: URL) async -> Bool {
        if await takeOAuthRedirect(url) { return true }
        let claim = behaviour.appVerification.claimedRedirects
        let unanswered = awaitedRedirects.filter { redirectTokens[$0] == nil }.sorted()
        guard url.scheme == callbackScheme, url.host == "firebaseauth", url.path == "/link",
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
            let token = query.first(where: { $0.name == "recaptchaToken" })?.value,
            let awaited = query.first(where: { $0.name == behaviour.appVerification.redirectEventParameter }).flatMap({
                $0.value
            }).flatMap({ unanswered.contains($0) ? $0 : nil }) ?? (claim == .anyWhileWaiting ? unanswered.first : nil)
        else { return claim == .every }
        redirectTokens[awaited] = token
        return true
    }
}
