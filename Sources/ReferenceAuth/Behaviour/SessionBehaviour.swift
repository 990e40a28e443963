extension ReferenceBehaviour {
    /// What signing out does, and who hears of a change of user or token (PHONE-18, AUTH-3).
    struct Session: Sendable {
        var signOutEndsSession = true
        /// Sign-out also forgets the user the keychain keeps for the next launch.
        var signOutClearsKeychain = true
        var signOutNotifiesListeners = true
        /// How many of the registered listeners, in registration order, a change is told to.
        var listenersNotified = Int.max
        /// Listeners are called later, on one serial queue, as Firebase calls them on the main queue.
        var listenersCalledAsynchronously = false
    }

    /// How ID tokens are signed and verified (AUTH-4).
    struct Tokens: Sendable {
        /// Each project signs with a random key of its own.
        var keyPerProject = true
        var checks = IDTokenSigner.Checks()
        /// ID tokens are stamped and verified on the system clock, as a JWT library (Firebase Admin's
        /// `verifyIdToken`) reads it, instead of the world's clock.
        var onSystemClock = false
    }
}
