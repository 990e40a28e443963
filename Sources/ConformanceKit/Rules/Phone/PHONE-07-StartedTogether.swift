import MockIdP

extension Check {
    /// PHONE-7 at once on a subject whatever way it sends its requests: two sign-ins with one code started together
    /// (`async let`) with no hold, so it needs no ``Requirement/worldNetwork``, as MFA-13's `concurrent-enrollments`.
    ///
    /// What it reaches: a check-then-consume split inside one backend call whose window is still open when the second
    /// sign-in arrives (the backend checks the code, awaits its store, a lock or another service, and only then marks
    /// the code used). What it cannot reach: a window narrower than the time between the two arrivals, which
    /// scheduling decides; the held checks (`concurrent-sign-ins`, `two-sign-ins-answer-held`) close that where the
    /// subject sends its requests through the world. The reference's defect makes its window certain, so the check
    /// catches it every run.
    static let phone7StartedTogether = Check(
        id: "sign-ins-started-together",
        """
        of two sign-ins with one code started together without a hold, on the same app and on two devices, exactly \
        one succeeds
        """
    ) { context in try await context.expectOneOfTwoSignIns(startedBy: .asyncLet) }
}

/// How PHONE-7's two sign-ins with one code are started: in lockstep through the world's network (each request held
/// until both are in flight), or together with `async let` and no hold.
package enum SignInPairStart: Sendable {
    case lockstep, asyncLet

    /// How the failure messages say the two were made.
    var made: String { self == .lockstep ? "made at once" : "started together" }
}

extension CheckContext {
    /// PHONE-7: of two sign-ins with one code, on the same app and then on two devices, exactly one succeeds and the
    /// other fails with `sessionExpired` or `invalidVerificationID`.
    package func expectOneOfTwoSignIns(startedBy start: SignInPairStart) async throws {
        let backend = try await makeBackend()
        let app = try await launch(backend, on: .primary)
        let other = try await launch(backend, on: .secondary)
        let places = [(PhoneNumbers.us, app, "the same app"), (PhoneNumbers.usOther, other, "\(Device.secondary)")]
        try await expectEveryCase(places, "pairs of sign-ins with one code \(start.made)") {
            phoneNumber, second, place in
            let verificationID = try await requestCode(phoneNumber, on: app)
            let code = try latestCode(sentTo: phoneNumber)
            let credential = AuthCredential.phone(verificationID: verificationID, verificationCode: code)
            let calls = [
                ConcurrentCall("signIn with the code of \(phoneNumber) on \(Device.primary)") {
                    try await app.signIn(with: credential)
                },
                ConcurrentCall("signIn with the same verification ID and code on \(place), \(start.made)") {
                    try await second.signIn(with: credential)
                },
            ]
            let outcomes: [Result<AuthDataResult, any Error>]
            switch start {
            case .lockstep: outcomes = try await inLockstep(calls)
            case .asyncLet:
                async let first = calls[0].outcome()
                async let again = calls[1].outcome()
                outcomes = await [first, again]
            }
            let succeeded = zip(calls, outcomes).filter { if case .success = $1 { true } else { false } }.map(\.0.name)
            try expect(
                succeeded.count == 1,
                "of two sign-ins with one code \(start.made) (\(place)), not exactly one succeeded",
                expected: "exactly one",
                actual: succeeded.isEmpty ? "none" : "\(succeeded.count): \(succeeded.joined(separator: "; "))")
            for (call, outcome) in zip(calls, outcomes) {
                guard case .failure = outcome else { continue }
                try await expectFailure(.sessionExpired, .invalidVerificationID, when: call.name) { try outcome.get() }
            }
            try await expectSuccess("signOut() on \(Device.primary)") { try await app.signOut() }
            try await expectSuccess("signOut() on \(place)") { try await second.signOut() }
        }
    }
}
