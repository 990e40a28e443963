import ConformanceKit

extension AuthError {
    /// Your errors, as Firebase names them (`AuthErrorCode`).
    init(_ error: VendorError) {
        switch error {
        case .badNumber: self.init(.invalidPhoneNumber, "the phone number is not in E.164 form")
        case .noNumber: self.init(.missingPhoneNumber, "the phone number is empty")
        case .wrongCode: self.init(.invalidVerificationCode, "the code is wrong")
        case .noSession: self.init(.missingVerificationID, "the verification ID is empty")
        case .unknownSession: self.init(.invalidVerificationID, "the verification ID is not known")
        case .noCode: self.init(.missingVerificationCode, "the code is empty")
        case .expired: self.init(.sessionExpired, "the code has expired")
        case .throttled: self.init(.tooManyRequests, "too many requests")
        case .appCheckFailed: self.init(.invalidAppCredential, "the app could not be verified")
        case .appCheckCancelled: self.init(.webContextCancelled, "the user cancelled the reCAPTCHA")
        case .network(let reason): self.init(.networkError, reason)
        case .notSignedIn: self.init(.nullUser, "nobody is signed in")
        case .badToken: self.init(.invalidUserToken, "the ID token is not valid")
        }
    }
}
