import ConformanceKit
import Foundation
import MockIdP

/// Email-link (passwordless) sign-in: links mailed with the project's action-code settings, single use, on the
/// world's clock.
extension ReferenceBackend {
    /// Checks the request and mails `email` a sign-in link (`sendOobCode`, `EMAIL_SIGNIN`), which carries the
    /// caller's API key (`apiKey`) as production's links do.
    package func sendSignInLink(
        to email: String, settings: ActionCodeSettings, languageCode: String?, apiKey: String = ReferenceBackend.apiKey
    ) async throws(AuthError) {
        guard
            configuration.passwordSignInEnabled && configuration.emailLink.isEnabled
                || !behaviour.emailLink.requiresEnabledProviders
        else {
            throw AuthError(
                .operationNotAllowed,
                "email-link sign-in needs the email/password provider and email-link sign-in enabled")
        }
        guard settings.handleCodeInApp || !behaviour.emailLink.requiresHandleCodeInApp else {
            throw AuthError(
                .operationNotAllowed, "a sign-in link must be completed in the app: set handleCodeInApp to true")
        }
        let continueURL = try validatedContinueURL(settings.url)
        if let linkDomain = settings.linkDomain, !configuration.emailLink.linkDomains.contains(linkDomain),
            behaviour.emailLink.checksLinkDomain
        {
            throw AuthError(.invalidHostingLinkDomain, "\"\(linkDomain)\" is not one of the project's link domains")
        }
        let email = email.lowercased()
        guard email.split(separator: "@").count == 2, !email.contains(" ") else {
            throw AuthError(.invalidEmail, "\"\(email)\" is not an email address")
        }
        let code = world.random.string(length: 54)
        let lifetime = behaviour.emailLink.linksExpire ? configuration.emailLink.linkLifetime : nil
        emailLinkCodes[code] = EmailLinkCode(email: email, expiresAt: lifetime.map { world.clock.now.advanced(by: $0) })
        let link = signInLink(
            code: code, continueURL: continueURL, settings: settings, languageCode: languageCode ?? "en", apiKey: apiKey
        )
        let subject = "Sign in to \(configuration.appName)"
        let body =
            behaviour.emailPassword.verificationMailIsHTML
            ? """
            <p>Follow <a href='\(link.replacingOccurrences(of: "&", with: "&amp;"))'>this link</a> to sign in to \
            \(configuration.appName).</p>
            """
            : """
            Hello,\n\nWe received a request to sign in to \(configuration.appName) using this email address. \
            Follow this link: \(link)\n\nIf you did not request this link, you can safely ignore this email.
            """
        let mail = world.mail
        try await callOutsideParty(.mailServer) { () async throws(PartyError) in
            try await mail.send(to: email, subject: subject, body: body)
        }
    }

    /// LINK-2: a continue URL that is present, absolute and on an authorized domain (the project's own hosting
    /// domains are authorized too).
    private func validatedContinueURL(_ url: String?) throws(AuthError) -> String {
        guard let url, !url.isEmpty else {
            throw AuthError(.missingContinueURI, "a continue URL must be provided in the request")
        }
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme?.lowercased()),
            let host = components.host?.lowercased(), !host.isEmpty
        else { throw AuthError(.invalidContinueURI, "the continue URL \"\(url)\" is not a valid absolute URL") }
        let authorized =
            configuration.emailLink.authorizedDomains + [
                "\(configuration.projectID).firebaseapp.com", "\(configuration.projectID).web.app",
            ]
        guard authorized.contains(host) || !behaviour.emailLink.checksContinueDomain else {
            throw AuthError(
                .unauthorizedDomain, "the domain of the continue URL \"\(host)\" is not authorized for this project")
        }
        return url
    }

    private func signInLink(
        code: String, continueURL: String, settings: ActionCodeSettings, languageCode: String, apiKey: String
    ) -> String {
        var components = URLComponents()
        components.scheme = "https"
        components.host = settings.linkDomain ?? "\(configuration.projectID).firebaseapp.com"
        components.path = "/__/auth/action"
        var items = [
            URLQueryItem(name: "apiKey", value: apiKey), URLQueryItem(name: "mode", value: "signIn"),
            URLQueryItem(name: "oobCode", value: code), URLQueryItem(name: "continueUrl", value: continueURL),
            URLQueryItem(name: "lang", value: languageCode),
        ]
        if let bundleID = settings.iOSBundleID, behaviour.emailLink.carriesAppIdentifiers {
            items.append(URLQueryItem(name: "ibi", value: bundleID))
        }
        if let package = settings.androidPackageName, behaviour.emailLink.carriesAppIdentifiers {
            items.append(URLQueryItem(name: "apn", value: package))
            if settings.androidInstallIfNotAvailable || behaviour.emailLink.alwaysAsksToInstall {
                items.append(URLQueryItem(name: "androidInstallApp", value: "true"))
            }
            if let version = settings.androidMinimumVersion { items.append(URLQueryItem(name: "amv", value: version)) }
        }
        components.percentEncodedQueryItems = items.map {
            URLQueryItem(
                name: $0.name, value: $0.value?.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed))
        }
        return components.string ?? ""
    }

    /// Signs `email` in with a link's code (`emailLinkSignin`): the code must be the email's, unused and unexpired.
    /// An account whose email was unverified loses its password and its sessions (LINK-10).
    package func signInWithEmailLink(
        email: String, oobCode: String, creatingUser: Bool = true
    ) throws(AuthError) -> SignInOutcome {
        guard
            configuration.passwordSignInEnabled && configuration.emailLink.isEnabled
                || !behaviour.emailLink.requiresEnabledProviders
        else { throw AuthError(.operationNotAllowed, "email-link sign-in is not enabled") }
        let email = try consumeEmailLinkCode(oobCode, for: email)
        if var user = users.values.first(where: { $0.email == email }) {
            if !user.isEmailVerified {
                if behaviour.emailLink.removesUnverifiedPassword { user.password = nil }
                if behaviour.emailLink.endsUnverifiedSessions {
                    refreshTokens = refreshTokens.filter { $0.value.uid != user.uid }
                }
            }
            user.isEmailVerified = behaviour.emailLink.verifiesEmail || user.isEmailVerified
            user.usedEmailLink = true
            users[user.uid] = user
            return firstFactorSucceeded(for: user, provider: ProviderID.password)
        }
        guard creatingUser else { throw AuthError(.userMismatch, "no user has this email address") }
        var user = UserRecord(uid: newUID(), email: email, createdAt: stampedNow, lastSignInAt: stampedNow)
        user.isEmailVerified = behaviour.emailLink.verifiesEmail
        user.usedEmailLink = true
        return .signedIn(startSession(for: user, provider: ProviderID.password, isNewUser: true))
    }

    /// The address a link's code was sent to, once checked against `email`; the code is used up only then.
    func consumeEmailLinkCode(
        _ oobCode: String, for email: String, checkingEmail: Bool = true
    ) throws(AuthError) -> String {
        guard var code = emailLinkCodes[oobCode], !code.isUsed || !behaviour.emailLink.linksAreSingleUse else {
            throw AuthError(
                .invalidActionCode, "the action code is invalid: it is malformed, expired, or has already been used")
        }
        guard !isExpired(code.expiresAt, atDeadline: behaviour.emailLink.expiresAtLifetime) else {
            throw AuthError(.expiredActionCode, "the action code has expired")
        }
        let supplied = email.isEmpty && !behaviour.emailLink.requiresEmail ? code.email : email.lowercased()
        guard code.email == supplied || !behaviour.emailLink.matchesEmail || !checkingEmail else {
            if !behaviour.emailLink.keepsCodeOnMismatch { emailLinkCodes[oobCode]?.isUsed = true }
            throw AuthError(.invalidEmail, "the email provided does not match the sign-in email address")
        }
        code.isUsed = true
        consume(beforeAnswer: behaviour.consumption.emailLinkBeforeAnswer) { [code] in $0.emailLinkCodes[oobCode] = code
        }
        return code.email
    }

    /// `fetchSignInMethods(forEmail:)` (`createAuthUri`'s `signinMethods`): `password`, `emailLink`, and each
    /// federated provider of the account (`github.com`, `apple.com`), as production lists them; with email enumeration
    /// protection no provider is listed beside the email's own methods.
    package func signInMethods(for email: String) -> [String] {
        guard let user = users.values.first(where: { $0.email == email.lowercased() }) else { return [] }
        return (user.password == nil ? [] : [SignInMethod.password])
            + (user.usedEmailLink && behaviour.emailLink.reportsEmailLinkMethod ? [SignInMethod.emailLink] : [])
            + (behaviour.protectsEmailEnumeration ? [] : user.oauthIdentities.keys.sorted())
    }
}

/// A sign-in link's code: the address it was sent to, and until when it works.
struct EmailLinkCode: Sendable {
    let email: String
    let expiresAt: VirtualClock.Instant?
    var isUsed = false
}

extension CharacterSet {
    /// What a query value may hold unescaped: a continue URL's own `&`, `=`, `?` and `+` are escaped.
    fileprivate static let urlQueryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(
        CharacterSet(charactersIn: "&=?+"))
}
