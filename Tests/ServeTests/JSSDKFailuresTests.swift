import ConformanceKit
import Foundation
import IdentityToolkitSubject
import MockIdP
import Testing
import WorldProviderEndpoints

/// What the real JS SDK (12.18.0) failed on against the served server, each answered as production answers it:
/// a tenant's lookups and links, the second factor's enrollment ID in the token, a GitHub user's sign-in methods, a
/// JSON `null`, revocation by whole seconds, the iOS SDK's second-factor sign-in and a provider account whose email
/// another account has.
@Suite("The served server answers what the JS SDK failed on as production does")
struct JSSDKFailuresTests {
    static let v1 = "/identitytoolkit.googleapis.com/v1"
    static let v2 = "/identitytoolkit.googleapis.com/v2"
    static let hooks = "/emulator/v1/projects/demo-conformance"

    /// The claims of an ID token's payload.
    static func claims(_ token: String?) -> [String: Any] {
        let parts = (token ?? "").split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any] ?? [:]
    }

    @Test(
        """
        a tenant's user carries its tenantId in accounts:lookup, its action links carry tenantId= (the outbox and \
        returnOobLink), and a tenant shares the project's authorized domains
        """)
    func tenants() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let tenant = "tenant-a"
        let signedUp = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "password-1", "returnSecureToken": true, "tenantId": tenant])
        let idToken = try #require(signedUp.json?["idToken"] as? String, "\(signedUp)")
        // The JS SDK sends the lookup with the token alone and compares the user's tenantId with the auth instance's.
        let found = try await client.post("\(Self.v1)/accounts:lookup?key=k", ["idToken": idToken])
        #expect((found.json?["users"] as? [[String: Any]])?.first?["tenantId"] as? String == tenant, "\(found)")
        let byOwner = try await client.post(
            "\(Self.v1)/projects/demo-conformance/tenants/\(tenant)/accounts:lookup", ["email": ["ada@example.com"]],
            owner: true)
        #expect((byOwner.json?["users"] as? [[String: Any]])?.first?["tenantId"] as? String == tenant, "\(byOwner)")
        // The project's own user carries none.
        let own = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k", ["email": "grace@example.com", "password": "password-1"])
        let ownFound = try await client.post(
            "\(Self.v1)/accounts:lookup?key=k", ["idToken": try #require(own.json?["idToken"] as? String)])
        #expect((ownFound.json?["users"] as? [[String: Any]])?.first?["tenantId"] == nil, "\(ownFound)")

        // The project authorizes example.com; a tenant named afterwards shares it.
        let configured = try await client.send(
            "PATCH", "/v2/projects/demo-conformance/config?updateMask=authorizedDomains",
            body: Data(#"{"authorizedDomains":["localhost","example.com"]}"#.utf8),
            headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"])
        #expect(configured.status == 200)
        let other = "tenant-b"
        let mailed = try await client.post(
            "\(Self.v1)/accounts:sendOobCode?key=k",
            [
                "requestType": "EMAIL_SIGNIN", "email": "lin@example.com",
                "continueUrl": "https://example.com/t?a=1&b=2", "canHandleCodeInApp": true, "tenantId": other,
            ])
        #expect(mailed.status == 200, "\(mailed)")
        let outbox = try await client.send("GET", "\(Self.hooks)/tenants/\(other)/oobCodes")
        let link = try #require(
            (outbox.json?["oobCodes"] as? [[String: Any]])?.last?["oobLink"] as? String, "\(outbox)")
        let query = URLComponents(string: link)?.queryItems ?? []
        #expect(query.first { $0.name == "tenantId" }?.value == other, "\(link)")
        #expect(query.first { $0.name == "continueUrl" }?.value == "https://example.com/t?a=1&b=2", "\(link)")
        let projectOutbox = try await client.send("GET", "\(Self.hooks)/oobCodes")
        let projectLinks = projectOutbox.json?["oobCodes"] as? [[String: Any]] ?? []
        #expect(projectLinks.isEmpty, "the tenant's link is its own")

        let returned = try await client.post(
            "\(Self.v1)/projects/demo-conformance/tenants/\(tenant)/accounts:sendOobCode",
            ["requestType": "PASSWORD_RESET", "email": "ada@example.com", "returnOobLink": true], owner: true)
        let returnedLink = try #require(returned.json?["oobLink"] as? String, "\(returned)")
        #expect(URLComponents(string: returnedLink)?.queryItems?.first { $0.name == "tenantId" }?.value == tenant)
    }

    /// ada, her email verified, signed in, with `+16505550101` enrolled as her second factor: her enrollment ID and
    /// the token the enrollment answered.
    private func enrollAda(_ client: ServedClient) async throws -> (enrollmentID: String, idToken: String) {
        let signedUp = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "password-1", "returnSecureToken": true])
        let uid = try #require(signedUp.json?["localId"] as? String)
        _ = try await client.post(
            "\(Self.v1)/projects/demo-conformance/accounts:update", ["localId": uid, "emailVerified": true], owner: true
        )
        let session = try await client.post(
            "\(Self.v1)/accounts:signInWithPassword?key=k",
            ["email": "ada@example.com", "password": "password-1", "returnSecureToken": true])
        let idToken = try #require(session.json?["idToken"] as? String)
        let started = try await client.post(
            "\(Self.v2)/accounts/mfaEnrollment:start?key=k",
            ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": "+16505550101"]])
        let sessionInfo = try #require(
            (started.json?["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String, "\(started)")
        let enrolled = try await client.post(
            "\(Self.v2)/accounts/mfaEnrollment:finalize?key=k",
            [
                "idToken": idToken, "displayName": "phone",
                "phoneVerificationInfo": [
                    "sessionInfo": sessionInfo, "code": try await verificationCode(for: sessionInfo, client),
                ],
            ])
        let found = try await client.post("\(Self.v1)/accounts:lookup?key=k", ["idToken": idToken])
        let factors = (found.json?["users"] as? [[String: Any]])?.first?["mfaInfo"] as? [[String: Any]]
        return (
            try #require(factors?.first?["mfaEnrollmentId"] as? String, "\(found)"),
            try #require(enrolled.json?["idToken"] as? String, "\(enrolled)")
        )
    }

    private func verificationCode(for sessionInfo: String, _ client: ServedClient) async throws -> String {
        let codes = try await client.send("GET", "\(Self.hooks)/verificationCodes")
        return try #require(
            (codes.json?["verificationCodes"] as? [[String: Any]])?.last {
                $0["sessionInfo"] as? String == sessionInfo
            }?["code"] as? String)
    }

    /// A pending second-factor sign-in of ada, resolved with `start` and `finalize` as given.
    private func resolveSecondFactor(
        _ client: ServedClient, start: (String, String) -> [String: Any],
        finalize: (String, String, String) -> [String: Any]
    ) async throws -> (status: Int, json: [String: Any]?) {
        let pending = try await client.post(
            "\(Self.v1)/accounts:signInWithPassword?key=k",
            ["email": "ada@example.com", "password": "password-1", "returnSecureToken": true])
        let credential = try #require(pending.json?["mfaPendingCredential"] as? String, "\(pending)")
        let hint = try #require((pending.json?["mfaInfo"] as? [[String: Any]])?.first, "\(pending)")
        let enrollmentID = try #require(hint["mfaEnrollmentId"] as? String)
        let started = try await client.post(
            "\(Self.v2)/accounts/mfaSignIn:start?key=k", start(credential, enrollmentID))
        let sessionInfo = try #require(
            (started.json?["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String, "\(started)")
        let code = try await verificationCode(for: sessionInfo, client)
        return try await client.post(
            "\(Self.v2)/accounts/mfaSignIn:finalize?key=k", finalize(credential, sessionInfo, code))
    }

    @Test(
        """
        second-factor ID tokens carry firebase.second_factor_identifier, the enrollment ID, after enrollment, \
        second-factor sign-in and a refresh
        """)
    func secondFactorIdentifier() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let ada = try await enrollAda(client)
        let enrolled = Self.claims(ada.idToken)["firebase"] as? [String: Any]
        #expect(enrolled?["second_factor_identifier"] as? String == ada.enrollmentID, "\(enrolled ?? [:])")
        let resolved = try await resolveSecondFactor(
            client, start: { ["mfaPendingCredential": $0, "mfaEnrollmentId": $1, "phoneSignInInfo": [String: Any]()] },
            finalize: { ["mfaPendingCredential": $0, "phoneVerificationInfo": ["sessionInfo": $1, "code": $2]] })
        let firebase = Self.claims(resolved.json?["idToken"] as? String)["firebase"] as? [String: Any]
        #expect(firebase?["sign_in_second_factor"] as? String == "phone", "\(resolved)")
        #expect(firebase?["second_factor_identifier"] as? String == ada.enrollmentID, "\(firebase ?? [:])")
        let refreshed = try await client.refresh(try #require(resolved.json?["refreshToken"] as? String))
        let kept = Self.claims(refreshed.json?["id_token"] as? String)["firebase"] as? [String: Any]
        #expect(kept?["second_factor_identifier"] as? String == ada.enrollmentID, "\(kept ?? [:])")
    }

    @Test(
        """
        the iOS SDK's second-factor sign-in (the hint's masked number in phoneSignInInfo, tenantId null, the \
        enrollment ID again at finalize) is answered as production answers it
        """)
    func iOSSecondFactorForm() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let ada = try await enrollAda(client)
        // firebase-ios-sdk `PhoneAuthProvider.verifyPhoneNumber(with: multiFactorInfo)` starts with the hint's
        // phone number, which the first factor's answer masks; the emulator then could not finalize (firebase-tools
        // PR 9062), production finalizes.
        let resolved = try await resolveSecondFactor(
            client,
            start: {
                [
                    "mfaPendingCredential": $0, "mfaEnrollmentId": $1,
                    "phoneSignInInfo": ["phoneNumber": "+*******0101", "recaptchaToken": NSNull()],
                ]
            },
            finalize: {
                [
                    "mfaPendingCredential": $0, "mfaEnrollmentId": ada.enrollmentID, "tenantId": NSNull(),
                    "phoneVerificationInfo": ["sessionInfo": $1, "code": $2, "phoneNumber": "+*******0101"],
                ]
            })
        #expect(resolved.status == 200, "\(resolved)")
        #expect(resolved.json?["idToken"] is String && resolved.json?["refreshToken"] is String)
    }

    @Test("a JSON null is an absent field: updateProfile({displayName: null}) and null members of any call")
    func nullIsAbsent() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let signedUp = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k",
            [
                "email": "ada@example.com", "password": "password-1", "returnSecureToken": true,
                "displayName": NSNull(), "tenantId": NSNull(), "mfaInfo": NSNull(),
            ])
        #expect(signedUp.status == 200, "\(signedUp)")
        let idToken = try #require(signedUp.json?["idToken"] as? String)
        #expect(Self.claims(idToken)["firebase"].map { ($0 as? [String: Any])?["tenant"] == nil } == true)
        let named = try await client.post(
            "\(Self.v1)/accounts:update?key=k", ["idToken": idToken, "displayName": "Ada", "returnSecureToken": true])
        #expect(named.status == 200)
        // The JS SDK's `updateProfile({displayName: null})`, exactly as it sends it.
        let nulled = try await client.send(
            "POST", "\(Self.v1)/accounts:update?key=k",
            body: Data(#"{"idToken":"\#(idToken)","displayName":null,"returnSecureToken":true}"#.utf8))
        #expect(nulled.status == 200, "\(nulled)")
        #expect(nulled.json?["localId"] as? String == signedUp.json?["localId"] as? String)
        let both = try await client.send(
            "POST", "\(Self.v1)/accounts:update?key=k",
            body: Data(#"{"idToken":"\#(idToken)","displayName":null,"photoUrl":"https://example.com/a.png"}"#.utf8))
        #expect(both.status == 200 && both.json?["photoUrl"] as? String == "https://example.com/a.png", "\(both)")
        #expect(both.json?["displayName"] as? String == "Ada", "a null display name is absent, not cleared")
    }

    @Test(
        """
        revocation by whole seconds: a session begun in the second of a password change survives it (the JS \
        SDK's reauthentication then updatePassword), one begun a second before does not
        """)
    func wholeSecondRevocation() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let stopped = try await client.send("POST", "\(Self.hooks)/clock:advance?seconds=0")
        #expect(stopped.status == 200)
        let signIn: [String: Any] = ["email": "ada@example.com", "password": "password-1", "returnSecureToken": true]
        let first = try await client.post("\(Self.v1)/accounts:signUp?key=k", signIn)
        let earlier = try #require(first.json?["refreshToken"] as? String)
        _ = try await client.send("POST", "\(Self.hooks)/clock:advance?seconds=1")
        // reauthenticateWithCredential, then updatePassword in the same second.
        let reauthenticated = try await client.post("\(Self.v1)/accounts:signInWithPassword?key=k", signIn)
        let held = try #require(reauthenticated.json?["refreshToken"] as? String)
        let changed = try await client.post(
            "\(Self.v1)/accounts:update?key=k",
            [
                "idToken": try #require(reauthenticated.json?["idToken"] as? String), "password": "password-2",
                "returnSecureToken": true,
            ])
        #expect(changed.status == 200, "\(changed)")
        // The answer's ID token is byte-identical to the one the SDK holds, so the SDK keeps its refresh token.
        #expect(changed.json?["idToken"] as? String == reauthenticated.json?["idToken"] as? String)
        let kept = try await client.refresh(held)
        #expect(kept.status == 200, "the session begun in the second of the change survives it: \(kept)")
        let ended = try await client.refresh(earlier)
        #expect(ended.status == 400 && ended.json.errorMessage?.hasPrefix("TOKEN_EXPIRED") == true, "\(ended)")
        _ = try await client.send("POST", "\(Self.hooks)/clock:advance?seconds=1")
        let again = try await client.post(
            "\(Self.v1)/accounts:update?key=k",
            [
                "idToken": try #require(changed.json?["idToken"] as? String), "password": "password-3",
                "returnSecureToken": true,
            ])
        #expect(again.status == 200)
        #expect(try await client.refresh(held).status == 400, "a second later the change ends it")
    }

    /// A GitHub account with the primary, verified `email`, signed in through the served server with the redirect
    /// flow, as the hosted auth handler drives it.
    private func gitHubSignIn(
        email: String, login: String, client: ServedClient, world: World, endpoints: WorldProviderEndpoints
    ) async throws -> (status: Int, json: [String: Any]?) {
        let handler = ProjectConfiguration.standard.with(\.projectID, "demo-conformance").authHandlerURL
        let settings = OAuthProviderSettings.github
        world.github.register(
            app: GitHubApp(clientID: settings.clientID, clientSecret: settings.clientSecret, callbackURL: handler))
        world.github.add(
            user: GitHubUser(login: login, id: login.count, emails: [.init(email, primary: true, visibility: .public)]))
        let base = try await endpoints.endpoints(for: world)
        let pointed = try await client.post(
            "\(Self.v2)/projects/demo-conformance/defaultSupportedIdpConfigs/github.com?key=k",
            ["enabled": true, "providerEndpoints": base.absoluteString], owner: true)
        #expect(pointed.status == 200)
        let uri = try await client.post(
            "\(Self.v1)/accounts:createAuthUri?key=k",
            ["providerId": "github.com", "continueUri": "\(handler)", "oauthScope": "user:email"])
        let authURI = try #require(uri.json?["authUri"] as? String, "\(uri)")
        let served = try #require(URL(string: authURI))
        world.browser.script(.approve(as: login))
        _ = await world.browser.open(
            try #require(ProviderEndpointsLayout.providerURL(of: served, at: base)), on: .primary)
        let redirect = try #require(world.github.redirects.last)
        return try await client.post(
            "\(Self.v1)/accounts:signInWithIdp?key=k",
            [
                "requestUri": redirect.url.absoluteString, "sessionId": try #require(uri.json?["sessionId"] as? String),
                "postBody": "providerId=github.com", "returnSecureToken": true, "returnIdpCredential": true,
            ])
    }

    @Test(
        """
        createAuthUri lists a GitHub user's github.com in signinMethods and allProviders, but not with email \
        enumeration protection
        """)
    func federatedSignInMethods() async throws {
        for protected in [false, true] {
            let server = try ServedServer()
            defer { server.http.stop() }
            let endpoints = try WorldProviderEndpoints()
            defer { endpoints.stop() }
            let client = ServedClient(baseURL: server.baseURL)
            if protected {
                let configured = try await client.send(
                    "PATCH", "/v2/projects/demo-conformance/config?updateMask=emailPrivacyConfig",
                    body: Data(#"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#.utf8),
                    headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"])
                #expect(configured.status == 200)
            }
            let signedIn = try await gitHubSignIn(
                email: "octo@example.com", login: "octo", client: client, world: World(), endpoints: endpoints)
            #expect(signedIn.status == 200 && signedIn.json?["idToken"] is String, "\(signedIn)")
            let methods = try await client.post(
                "\(Self.v1)/accounts:createAuthUri?key=k",
                ["identifier": "octo@example.com", "continueUri": "http://localhost"])
            let listed = protected ? [] : ["github.com"]
            #expect(methods.json?["signinMethods"] as? [String] == listed, "protected: \(protected), \(methods)")
            #expect(methods.json?["allProviders"] as? [String] == listed, "protected: \(protected), \(methods)")
        }
    }

    @Test(
        """
        a GitHub sign-in whose email another account has answers needConfirmation with the email and that \
        account, and creates nobody (account-exists-with-different-credential)
        """)
    func emailOfAnotherAccount() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let ada = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "password-1", "returnSecureToken": true])
        let answer = try await gitHubSignIn(
            email: "Ada@example.com", login: "ada-gh", client: client, world: World(), endpoints: endpoints)
        #expect(answer.status == 200, "\(answer)")
        #expect(answer.json?["needConfirmation"] as? Bool == true, "\(answer)")
        #expect(answer.json?["email"] as? String == "ada@example.com")
        #expect(answer.json?["localId"] as? String == ada.json?["localId"] as? String)
        #expect(answer.json?["idToken"] == nil && answer.json?["refreshToken"] == nil, "no session: \(answer)")
        let methods = try await client.post(
            "\(Self.v1)/accounts:createAuthUri?key=k",
            ["identifier": "ada@example.com", "continueUri": "http://localhost"])
        #expect(methods.json?["signinMethods"] as? [String] == ["password"], "the account is unchanged: \(methods)")
    }
}
