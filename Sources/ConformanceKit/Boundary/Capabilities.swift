/// What a subject declares about itself. Rules of a flow it does not support are reported as not applicable;
/// where the documentation lets an implementation choose, the declaration says which choice it made.
///
/// ```swift
/// var capabilities = Capabilities(flows: [.phone, .multiFactor, .emailLink])
/// capabilities.concurrency = .structured                // all its work runs in the check's tasks
/// capabilities.sendsRequestsThroughWorldNetwork = true  // every request goes through world.network
/// ```
///
/// A declaration never makes a check pass: it decides which checks apply, and which of the documented choices a
/// check expects.
public struct Capabilities: Sendable, Hashable {
    /// The flows the subject implements. (Well-formed phone numbers that are unassigned or too short to be in service
    /// need no declaration: PHONE-1 lets them go either way, number by number.)
    public var flows: Set<Flow>
    /// Email enumeration protection: a wrong password and an unknown email both fail with
    /// `invalidCredential` instead of `wrongPassword` and `userNotFound` (AUTH-5).
    public var emailEnumerationProtection: Bool
    /// Whether the subject keeps time on the world's clock (every in-process implementation should). A
    /// backend reached over HTTP keeps real time: timestamps it reports are compared with real time, and
    /// checks that need time to move are not applicable to it (the rules' sources
    /// describe production, whose time no check can move).
    public var runsOnWorldClock: Bool
    /// Whether the subject's clients read the world's clock too (an in-process client, or a vendor's client given
    /// `world.clock`), so that they see the time a check moves on the server. A client that keeps the system's time
    /// (as the Firebase SDKs do) declares false: the checks that move time (``Requirement/worldClock``) are then not
    /// judged, saying how to offer the clock, rather than failed for a token the client never saw expire.
    public var clientsRunOnWorldClock: Bool = true
    /// What `credential(with:)` does with custom parameters that name a reserved OAuth parameter (OAUTH-1).
    public var reservedOAuthParameters: OAuthCustomParameters.ReservedParameterHandling
    /// Whether the backend reaches the outside world through the world's parties. A server reached over HTTP
    /// has its own SMS provider, mail server and push service: the suite sees what it sent only through a test
    /// hook, cannot make those parties fail or stall, and cannot read a text's language. Checks that need that
    /// (``Requirement/worldParties``) are not applicable to it.
    public var reachesWorldParties: Bool = true
    /// Whether the runner must run one check at a time: the subject cannot give each check a project of its own
    /// (the Auth Emulator serves one project per API key) and resets the project between checks instead.
    public var runsOneCheckAtATime: Bool = false
    /// Whether the accounts a check makes outlive it: a server's shared project that the suite cannot empty between
    /// checks (no reset route). Each check then signs up and signs in with addresses of its own
    /// (`ada.k7q2m9@example.com` rather than `ada@example.com`), and GitHub and Apple accounts of its own, so that no
    /// check meets another's accounts.
    public var keepsAccountsBetweenChecks: Bool = false
    /// Where the subject does its work, which decides how a hang is found. The default is the safe one for a
    /// subject that uses queues, threads or unstructured tasks; a subject whose work stays in the check's tasks
    /// declares ``SubjectConcurrency/structured`` and is found hung at once, with no real time counted.
    public var concurrency: SubjectConcurrency = .unstructured
    /// Whether the subject verifies Apple's identity tokens (and signs its Apple client secret) against the system
    /// clock, as a server-side JWT library does (vapor/jwt-kit's `AppleIdentityToken`), instead of the world's clock.
    /// The world's Apple then keeps real time, so that its tokens are valid when they are verified; the Apple checks
    /// that need Apple's time to move are not applicable.
    public var verifiesAppleTokensOnSystemClock: Bool = false
    /// Whether the backend stamps and verifies its own ID tokens on the system clock, as a JWT library does
    /// (Firebase Admin's `verifyIdToken`), instead of the world's clock: AUTH-4's check of an expired token, which
    /// needs the tokens' time to move, is not applicable.
    public var verifiesIDTokensOnSystemClock: Bool = false
    /// The lifetime of the subject's ID tokens when it is shorter than Firebase's hour (a test server's, e.g. three
    /// seconds), including any leeway its verification allows: where time cannot be made to pass
    /// (``runsOnWorldClock`` is false, or ``verifiesIDTokensOnSystemClock``), AUTH-4's checks of expired tokens wait
    /// for it in real time instead of being not applicable, when it is at most a minute and the subject's work is not
    /// ``SubjectConcurrency/structured``. nil: Firebase's hour, which only the world's clock lets pass.
    public var shortIDTokenLifetime: Duration?
    /// Phone numbers whose verification codes reach the world's SMS carrier although the suite cannot read what the
    /// backend texts (``readsTexts`` false): a server's test numbers with their fixed codes, declared
    /// (`--test-phone-number`). The checks that read only the codes of their texts, and text only the numbers the
    /// multi-factor checks use (`+16505550101`, `+16505550102`, `+442079460123`, `+353850123456`, `+5511961234567`),
    /// apply when every one of those is here.
    public var fixedCodeNumbers: Set<String> = []
    /// The continue URL of the links the checks ask for (LINK-2), on a domain the backend authorizes, or nil for the
    /// standard project's `https://example.com/finishSignIn?cartId=1234` (`example.com` is among its authorized
    /// domains). A server whose authorized domains the suite cannot set (it has no config API) authorizes its own:
    /// those it answers in `getProjectConfig`, or by default the project's `PROJECT.firebaseapp.com`. The checks of
    /// unauthorized continue URLs use domains beside this one.
    public var continueURL: String?
    /// The project a server already serves, whose own hosting domains (`<project>.firebaseapp.com`, `.web.app`) are
    /// authorized continue-URL domains (LINK-2); nil when the backend serves the configuration's `projectID`.
    public var servedProjectID: String?
    /// Whether every request a client sends its own backend goes through the world's network
    /// (`world.network.send`), so a check can hold one in flight and make another call meet it there: the checks of
    /// calls made at the same time inside the subject (PHONE-7, AUTH-3, AUTH-6) need it (``Requirement/worldNetwork``).
    public var sendsRequestsThroughWorldNetwork: Bool = false
    /// Whether a client keeps its signed-in user in the world's keychain of its device
    /// (`world.devices.keychain(of: device)`), so the app launched again on that device finds that user and an app on
    /// another device does not. A closed SDK that keeps its own storage (the system keychain, shared by every client
    /// in the process) declares false: the checks that relaunch the app to see what persisted (PHONE-18, AUTH-3)
    /// need it (``Requirement/worldKeychain``) and are not applicable, saying so.
    public var persistsUserInWorldKeychain: Bool = true
    /// Whether the suite can read what the backend texts (the world's SMS carrier in process, a server's text outbox
    /// over HTTP). Without it the rules whose flows need a text (phone, multi-factor) are not applicable, saying so.
    public var readsTexts: Bool = true
    /// Whether the suite can read what the backend mails (the world's mailbox in process, a server's email outbox or
    /// its administrator's link route over HTTP). Without it the rules whose flows need a mail (email link) and the
    /// checks that need one (a password reset's link) are not applicable, saying so.
    public var readsMails: Bool = true
    /// Whether the suite can read both what the backend texts and what it mails (``readsTexts`` and ``readsMails``);
    /// setting it sets both. A server with neither is still judged: the rules whose flows need a text or a mail are
    /// not applicable (``Requirement/deliveries``).
    public var readsDeliveries: Bool {
        get { readsTexts && readsMails }
        set { (readsTexts, readsMails) = (newValue, newValue) }
    }

    public init(
        flows: Set<Flow>, emailEnumerationProtection: Bool = false, runsOnWorldClock: Bool = true,
        reservedOAuthParameters: OAuthCustomParameters.ReservedParameterHandling = .rejected
    ) {
        self.reservedOAuthParameters = reservedOAuthParameters
        self.flows = flows
        self.emailEnumerationProtection = emailEnumerationProtection
        self.runsOnWorldClock = runsOnWorldClock
    }
}

/// The areas of the rule catalogue. `general` rules apply to every subject. A flow's raw value is its one spelling
/// wherever a user reads it: the command line (`--flow mfa`), every report (JSON, JUnit, Markdown, the page), the
/// preflight's line and the benchmark's table.
public enum Flow: String, Sendable, Hashable, CaseIterable, Codable {
    case phone
    case multiFactor = "mfa"
    case emailLink = "email-link"
    case oauth
    case apple
    /// Email and password sign-in (`accounts:signUp`, `accounts:signInWithPassword`): AUTH-5, AUTH-7, AUTH-8.
    case password
    case general

    /// The client facets a subject that declares this flow must offer.
    public var facets: [Facet] {
        switch self {
        case .phone: [.phone]
        case .multiFactor: [.emailPassword, .multiFactor]
        case .emailLink: [.emailPassword, .emailLink]
        case .oauth: [.oauth]
        case .apple: [.apple]
        case .password: [.emailPassword]
        case .general: []
        }
    }

    /// Whether signing in through the flow needs a text or a mail the suite reads (an SMS code, an SMS second factor,
    /// a sign-in link): its checks need ``Requirement/deliveries``.
    public var needsDeliveries: Bool { needsTexts || needsMails }
    /// Whether signing in through the flow needs a text the suite reads (an SMS code, an SMS second factor).
    public var needsTexts: Bool { [.phone, .multiFactor].contains(self) }
    /// Whether signing in through the flow needs a mail the suite reads (a sign-in link).
    public var needsMails: Bool { self == .emailLink }

    /// Whether the suite reads what signing in through the flow needs, as `capabilities` declare.
    public func isReadable(under capabilities: Capabilities) -> Bool {
        (!needsTexts || capabilities.readsTexts) && (!needsMails || capabilities.readsMails)
    }
}

/// A facet of ``AuthClient``: the calls of one flow.
public enum Facet: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case phone
    case emailPassword
    case anonymous
    case multiFactor
    case emailLink
    case oauth
    case apple

    /// Whether `client` offers this facet.
    public func isOffered(by client: any AuthClient) -> Bool {
        switch self {
        case .phone: client.phone != nil
        case .emailPassword: client.emailPassword != nil
        case .anonymous: client.anonymous != nil
        case .multiFactor: client.multiFactor != nil
        case .emailLink: client.emailLink != nil
        case .oauth: client.oauth != nil
        case .apple: client.apple != nil
        }
    }

    public var description: String { rawValue }
}
