/// Subjects that do not declare a flow need not implement its calls: these answer `operationNotAllowed`.
extension AuthClient {
    public func sendEmailVerification() async throws { throw AuthError.notImplemented("sendEmailVerification") }
    public func applyActionCode(_ code: String) async throws { throw AuthError.notImplemented("applyActionCode") }
    public func reload() async throws {}
    public func signInAnonymously() async throws -> AuthDataResult { throw AuthError.notImplemented("signInAnonymously") }
    public func reauthenticate(with credential: AuthCredential) async throws -> AuthDataResult { throw AuthError.notImplemented("reauthenticate") }
    public func multiFactorSession() async throws -> MultiFactorSession { throw AuthError.notImplemented("multiFactorSession") }
    public func verifyPhoneNumber(_ phoneNumber: String, multiFactorSession: MultiFactorSession) async throws -> String {
        throw AuthError.notImplemented("verifyPhoneNumber(_:multiFactorSession:)")
    }
    public func verifyPhoneNumber(with hint: MultiFactorInfo, multiFactorSession: MultiFactorSession) async throws -> String {
        throw AuthError.notImplemented("verifyPhoneNumber(with:multiFactorSession:)")
    }
    public func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws { throw AuthError.notImplemented("enroll") }
    public func unenroll(factorUID: String) async throws { throw AuthError.notImplemented("unenroll") }
}

extension AuthError {
    static func notImplemented(_ call: String) -> AuthError {
        AuthError(.operationNotAllowed, "\(call) is not implemented by this subject; declare only the flows it implements")
    }
}
