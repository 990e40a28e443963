extension ReferenceBehaviour {
    /// What signing out does, and who hears of a change of user or token (PHONE-18, AUTH-3).
    struct Session: Sendable {
        var signOutEndsSession = true
        /// Sign-out also forgets the user the keychain keeps for the next launch.
        var signOutClearsKeychain = true
        /// A new session is written to the keychain before the call that made it returns (PHONE-18); otherwise only
        /// when the app next asks for the current user, so an app killed the instant sign-in returns comes back signed
        /// out.
        var keychainWrittenBeforeReturning = true
        /// With asynchronous listeners, the keychain is written on the listeners' queue once the listeners of the
        /// change have been called, so after the call that made the session returned (PHONE-18 forbids it).
        var keychainWrittenOnListenerQueue = false
        var signOutNotifiesListeners = true
        /// A password reset at the door checks its code and uses it up in one actor turn; otherwise it reads the code,
        /// awaits, and writes it back as read before using it (a lost update), so a second reset with the code at once
        /// finds it unused too.
        var doorResetsAtOnce = true
        /// A sign-out tells the listeners only when somebody was signed in, as the Firebase SDK's `signOut()` does
        /// (AUTH-6: a sign-out when nobody is signed in need not notify).
        var signOutNotifiesOnlyWhenSignedIn = false
        /// A sign-in that a sign-out overtook while it was in flight is dropped: its user is not made current and no
        /// listener hears of it, as the Firebase SDK does (AUTH-6 allows it); otherwise it completes after the
        /// sign-out.
        var dropsSignInsOvertakenBySignOut = false
        /// A token refresh answered after a sign-out (or another sign-in) is dropped, so it brings nobody back
        /// (AUTH-3).
        var refreshYieldsToLaterChange = true
        /// Sign-out also ends the session at the backend (its refresh token mints nothing more) before it returns, as
        /// a client that revokes its refresh token does; the Firebase SDK's does not (AUTH-3 allows either).
        var signOutEndsServerSession = false
        /// A listener notification overtaken, while it looked the user up, by a later change is dropped, so the last
        /// call names the current user (AUTH-6).
        var dropsOvertakenNotifications = true
        /// The calls of changes made in a burst reach the listeners newest first, as a concurrent queue may run them,
        /// once the subject's work has settled; otherwise in the order of the changes (AUTH-6).
        var listenerCallsOvertake = false
        /// A sign-in tells the listeners registered when it started; otherwise every listener registered when it
        /// completes, also one added while it was in flight (AUTH-6).
        var signInNotifiesListenersAtStart = false
        /// How many of the registered listeners, in registration order, a change is told to.
        var listenersNotified = Int.max
        /// Listeners are called later, on one serial queue, as Firebase calls them on the main queue.
        var listenersCalledAsynchronously = false
        /// Listeners are called later, each call on a thread of its own, as a concurrent queue calls them: a call
        /// begins once the previous one has returned, or at once while a listener holds one (AUTH-6).
        var listenersCalledConcurrently = false
        /// A sign-in tells the listeners twice, from the sign-in and again from the token change it makes (AUTH-9).
        var signInNotifiesTwice = false
        /// A forced token refresh tells the listeners, as every other token change does (AUTH-6).
        var forcedRefreshNotifiesListeners = true
        /// The client renews its ID token from five minutes before its expiry; otherwise only once it is past it
        /// (AUTH-7).
        var renewsBeforeExpiry = true
        /// Changing the password or the email ends the user's other sessions (AUTH-7).
        var passwordChangeEndsSessions = true
        /// A password reset stores the new password; otherwise it ends the sessions and keeps the old one (AUTH-7).
        var resetStoresNewPassword = true
        var emailChangeEndsSessions = true
        /// A change that ends the user's sessions (a new password or email, a reset, the administrator's revocation)
        /// ends those begun before its whole second, as production's `validSince` (seconds since 1970) does: a
        /// session begun in the second of the change survives it. The in-process reference ends every session.
        var revokesByWholeSeconds = false
        /// A refreshed ID token keeps the session's second-factor claim (AUTH-7).
        var refreshKeepsSecondFactor = true
        /// Refresh tokens are the session's user written out (base64 JSON, as the Auth Emulator writes them), and any
        /// such token is honoured: a refresh token built from a user ID mints that user's tokens (AUTH-7).
        var refreshTokensNameTheirUser = false
        /// A refresh at the door reads and mints in one actor turn; otherwise it reads the session, awaits, and saves
        /// the session back before minting, so a password change completed in between is undone (AUTH-7).
        var doorRefreshIsOneStep = true
    }

    /// How ID tokens are signed and verified (AUTH-4).
    struct Tokens: Sendable {
        /// Each project signs with a random key of its own.
        var keyPerProject = true
        var checks = IDTokenSigner.Checks()
        /// ID tokens are stamped and verified on the system clock, as a JWT library (Firebase Admin's
        /// `verifyIdToken`) reads it, instead of the world's clock.
        var onSystemClock = false
        /// The account calls (look-up, update, enrollment) verify the ID token as `verifyIDToken` does; otherwise they
        /// read its payload unverified (AUTH-4).
        var accountCallsVerifyTokens = true
        /// `accounts:delete` verifies the ID token too; otherwise it deletes the user the payload names (AUTH-4).
        var deleteVerifiesTokens = true
        /// The door's account calls refuse an expired ID token; otherwise a genuine token past its expiry is signed
        /// again for another hour first, as a server that leaves `exp` to the client would (AUTH-4).
        var doorChecksExpiry = true
        /// The door's account calls verify a phone user's ID token like any other; otherwise a token whose payload
        /// says it was signed in by phone is taken as it reads, signature unchecked (AUTH-4).
        var doorVerifiesPhoneTokens = true
        /// The door's account calls verify the ID token of a user who signs in by email link alone like any other;
        /// otherwise a token whose payload names such a user is taken as it reads, signature unchecked (AUTH-4).
        var doorVerifiesEmailLinkUsersTokens = true
        /// How long an ID token lasts: Firebase's hour, or a test server's shorter lifetime (`conformance serve
        /// --id-token-lifetime`), which a check can wait for in real time.
        var lifetime = IDTokenSigner.firebaseLifetime
    }
}
