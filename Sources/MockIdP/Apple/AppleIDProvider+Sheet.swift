import Foundation

extension AppleIDProvider {
    private static let relayAlphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    /// The system sheet (`ASAuthorizationController` performing an `ASAuthorizationAppleIDRequest`): the person
    /// answers as the check scripted. A failing Apple fails the sheet; a stalling one keeps it open until the
    /// caller's task is cancelled, and the scripted decision stays queued.
    public func authorize(
        _ request: AppleAuthorizationRequest, on device: Device
    ) async -> Result<AppleAuthorization, AppleAuthorizationError> {
        transcript.record(.apple(.authorizationRequested(request, on: device)))
        do {
            try await courier.deliver(
                nil, refused: { .apple(.refused(path: "sheet", reason: $0)) }, stalled: .apple(.stalled(path: "sheet")))
        } catch .failed { return .failure(.failed) } catch { return .failure(.canceled) }
        guard let app = state.withLock({ $0.apps[request.clientID] }) else {
            return fail("no app with client ID \(request.clientID)", on: device)
        }
        guard let decision = state.withLock({ $0.script.isEmpty ? nil : $0.script.removeFirst() }) else {
            transcript.record(.apple(.sheetUnscripted(on: device)))
            return .failure(.canceled)
        }
        transcript.record(.apple(.sheetDecided(decision, on: device)))
        switch decision {
        case .cancel: return .failure(.canceled)
        case .fail: return .failure(.failed)
        case .approve(let userID, let choice):
            guard let account = state.withLock({ $0.accounts[userID] }) else {
                return fail("no Apple ID \(userID)", on: device)
            }
            return .success(approve(request, as: account, choosing: choice, app: app, on: device))
        }
    }

    private func fail(_ reason: String, on device: Device) -> Result<AppleAuthorization, AppleAuthorizationError> {
        transcript.record(.apple(.sheetFailed(reason: reason, on: device)))
        return .failure(.failed)
    }

    private func approve(
        _ request: AppleAuthorizationRequest, as account: AppleIDAccount, choosing choice: AppleEmailChoice,
        app: AppleDeveloperApp, on device: Device
    ) -> AppleAuthorization {
        let key = GrantKey(userID: account.id, clientID: app.clientID)
        let relayKey = relayKey(account.id, team: app.teamID)
        let code = "c" + random.string(length: 32, alphabet: Self.hex) + ".0.mrsq." + random.string(length: 22)
        let authTime = unixNow
        let issuedAt = clock.now
        let (grant, first, relay) = state.withLock { state in
            let relay =
                state.relays[relayKey]
                ?? "\(random.string(length: 10, alphabet: Self.relayAlphabet))@\(Self.relayDomain)"
            state.relays[relayKey] = relay
            let existing = state.grants[key]
            let grant = existing ?? Grant(emailChoice: choice, scopes: request.requestedScopes)
            state.grants[key] = grant
            state.codes[code] = IssuedCode(grant: key, nonce: request.nonce, authTime: authTime, issuedAt: issuedAt)
            return (grant, existing == nil, relay)
        }
        transcript.record(.apple(.authorized(user: account.id, clientID: app.clientID, first: first, on: device)))
        let token = mintIdentityToken(
            identityClaims(for: key, nonce: request.nonce, authTime: authTime, realUserStatus: true))
        let shares = { (scope: AppleScope) in first && grant.scopes.contains(scope) }
        return AppleAuthorization(
            user: account.id, identityToken: token, authorizationCode: code,
            givenName: shares(.fullName) ? account.givenName : nil,
            familyName: shares(.fullName) ? account.familyName : nil,
            email: shares(.email) ? (grant.emailChoice == .hide ? relay : account.email) : nil,
            realUserStatus: account.realUserStatus, state: request.state, authorizedScopes: grant.scopes)
    }
}
