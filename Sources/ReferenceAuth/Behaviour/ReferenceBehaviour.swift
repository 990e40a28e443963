import ConformanceKit

/// What the reference does where an implementation could do otherwise, flow by flow: values the subject, the
/// backend and the client read instead of deciding in place. Every default is the conforming choice; a
/// ``Defect`` or a ``Variation`` is a change of some of these values, declared where it is named.
package struct ReferenceBehaviour: Sendable {
    /// Whether a wrong password and an unknown email answer alike (`INVALID_LOGIN_CREDENTIALS`): Identity Platform's
    /// email enumeration protection, a project's setting (`emailPrivacyConfig.enableImprovedEmailPrivacy`).
    package var protectsEmailEnumeration: Bool {
        get { emailPassword.enumerationProtection }
        set { emailPassword.enumerationProtection = newValue }
    }

    /// How long the ID tokens last, in seconds: Firebase's hour, or a test server's shorter lifetime (a served
    /// server's `--id-token-lifetime`), short enough for a check to wait for in real time.
    package var idTokenLifetime: Double {
        get { tokens.lifetime }
        set { tokens.lifetime = newValue }
    }

    /// What the subject declares about itself.
    var capabilities = {
        var capabilities = Capabilities(flows: [.phone, .multiFactor, .emailLink, .oauth, .apple])
        capabilities.concurrency = .structured  // actors and child tasks only: a hang is found at once
        capabilities.sendsRequestsThroughWorldNetwork = true  // every client request: ReferenceClient.overNetwork
        return capabilities
    }()
    /// Dates the backend records are stamped with real time, as a server reached over HTTP stamps them,
    /// instead of the world's clock.
    package var stampsRealTime = false
    /// The served reference answers where production's own semantics are finer than a rule needs as production
    /// does: sessions end by whole seconds (``Session/revokesByWholeSeconds``), and a provider account whose email
    /// another account has asks for confirmation (``OAuth/confirmsEmailOfAnotherAccount``).
    package var answersAsProduction: Bool {
        get { session.revokesByWholeSeconds && oauth.confirmsEmailOfAnotherAccount }
        set {
            session.revokesByWholeSeconds = newValue
            oauth.confirmsEmailOfAnotherAccount = newValue
        }
    }

    var phoneNumbers = PhoneNumbers()
    var phone = Phone()
    var codes = Codes()
    var testNumbers = TestNumbers()
    package var appVerification = AppVerification()
    var session = Session()
    var tokens = Tokens()
    var outsideParties = OutsideParties()
    var emailPassword = EmailPassword()
    var multiFactor = MultiFactor()
    var emailLink = EmailLink()
    var oauth = OAuth()
    var apple = Apple()
    var consumption = Consumption()
    var administrator = Administrator()
}
