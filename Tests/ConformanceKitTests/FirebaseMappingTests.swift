import ConformanceKit
import Foundation
import Testing

/// The mapping helpers an adapter of a Firebase-like SDK uses: error codes by raw value, users by field.
@Suite("Firebase error codes and users map to the boundary's")
struct FirebaseMappingTests {
    @Test(
        "a Firebase AuthErrorCode raw value maps to the case of the same raw value",
        arguments: [
            (17004, AuthErrorCode.invalidCredential), (17007, .emailAlreadyInUse), (17008, .invalidEmail),
            (17009, .wrongPassword), (17011, .userNotFound), (17020, .networkError), (17026, .weakPassword),
            (17044, .invalidVerificationCode), (17078, .secondFactorRequired), (17999, .internalError),
        ])
    func code(_ raw: Int, _ expected: AuthErrorCode) {
        #expect(AuthError(firebaseCode: raw, message: "m").code == expected)
        #expect(AuthError(firebaseCode: raw, message: "m").message == "m")
    }

    @Test("every case of the taxonomy is its own Firebase code")
    func everyCase() {
        for code in AuthErrorCode.allCases { #expect(AuthError(firebaseCode: code.rawValue).code == code) }
    }

    @Test("an unknown code, another domain and a transport error")
    func others() {
        let unknown = AuthError(firebaseCode: 17_777)
        #expect(unknown.code == .internalError && unknown.message.contains("17777"))
        let firebase = NSError(
            domain: AuthError.firebaseErrorDomain, code: 17_009,
            userInfo: [NSLocalizedDescriptionKey: "The password is invalid."])
        #expect(AuthError(firebaseError: firebase).code == .wrongPassword)
        #expect(AuthError(firebaseError: firebase).message == "The password is invalid. [FIRAuthErrorDomain 17009]")
        #expect(AuthError(firebaseError: NSError(domain: NSURLErrorDomain, code: -1001)).code == .networkError)
        #expect(AuthError(firebaseError: NSError(domain: "Other", code: 17_009)).code == .internalError)
        #expect(AuthError(firebaseError: AuthError(.nullUser, "x")).code == .nullUser)
    }

    @Test(
        "the mapped error keeps its evidence: domain, code, the SDK's name, the server's answer, the underlying chain")
    func evidence() {
        let cause = NSError(
            domain: NSCocoaErrorDomain, code: 3840, userInfo: [NSLocalizedDescriptionKey: "The data is not JSON."])
        let sdkError = NSError(
            domain: AuthError.firebaseErrorDomain, code: 17_999,
            userInfo: [
                NSLocalizedDescriptionKey: "An internal error has occurred, print and inspect the error details.",
                "FIRAuthErrorUserInfoNameKey": "ERROR_INTERNAL_ERROR",
                "FIRAuthErrorUserInfoDeserializedResponseKey": "UNSUPPORTED_REQUEST : a form",
                NSUnderlyingErrorKey: cause,
            ])
        let mapped = AuthError(firebaseError: sdkError)
        #expect(mapped.code == .internalError)
        for part in [
            "An internal error has occurred", "FIRAuthErrorDomain 17999 ERROR_INTERNAL_ERROR",
            "response: UNSUPPORTED_REQUEST : a form", "← The data is not JSON. [NSCocoaErrorDomain 3840]",
        ] { #expect(mapped.message.contains(part), "\(mapped.message)") }
    }

    /// The Firebase iOS SDK wraps what went wrong inside it as `FIRAuthErrorDomain 17999` ←
    /// `FIRAuthInternalErrorDomain` ← the Swift error it caught; on Linux that last cause does not bridge to `NSError`,
    /// and it is the one that says what happened.
    @Test("a Swift error kept as the cause is named by its type and its own description")
    func swiftCause() {
        let encoding = EncodingError.invalidValue(
            "link", EncodingError.Context(codingPath: [], debugDescription: "EmailLinkSignInRequest has no email"))
        let wrapped = NSError(
            domain: "FIRAuthInternalErrorDomain", code: 1, userInfo: [NSUnderlyingErrorKey: encoding as Any])
        let sdkError = NSError(
            domain: AuthError.firebaseErrorDomain, code: 17_999, userInfo: [NSUnderlyingErrorKey: wrapped])
        let mapped = AuthError(firebaseError: sdkError)
        #expect(mapped.code == .internalError)
        for part in ["FIRAuthErrorDomain 17999", "← ", "FIRAuthInternalErrorDomain 1", "EncodingError: "] {
            #expect(mapped.message.contains(part), "\(mapped.message)")
        }
        #expect(mapped.message.contains("EmailLinkSignInRequest has no email"), "\(mapped.message)")
        let thrown = AuthError(firebaseError: encoding)
        #expect(thrown.code == .internalError && thrown.message.contains("EmailLinkSignInRequest has no email"))
    }

    private struct Provider: FirebaseUserInfoShape {
        var providerID: String
        var uid: String
        var email: String?
        var phoneNumber: String?
        var displayName: String?
    }

    private struct Factor: FirebaseFactorShape {
        var uid = "enrollment-1"
        var displayName: String? = ""
        var enrollmentDate = Date(timeIntervalSince1970: 1_700_000_000)
        var factorID = "phone"
        var phoneNumber: String? = "+15555550100"
    }

    private struct User: FirebaseUserShape {
        var uid = "u1"
        var email: String? = "ada@example.com"
        var phoneNumber: String? = ""
        var isEmailVerified = true
        var isAnonymous = false
        var linkedProviders: [any FirebaseUserInfoShape] = [
            Provider(providerID: "password", uid: "ada@example.com", email: "ada@example.com")
        ]
        var creationDate: Date? = Date(timeIntervalSince1970: 1_600_000_000)
        var lastSignInDate: Date? = nil
        var enrolledFactors: [any FirebaseFactorShape] = [Factor()]
    }

    @Test("a Firebase-shaped user maps field by field; empty strings are nil, a missing date the epoch")
    func user() {
        let user = AuthUser(firebaseUser: User())
        #expect(user.uid == "u1" && user.email == "ada@example.com" && user.phoneNumber == nil)
        #expect(user.providerID == ProviderID.firebase && user.isEmailVerified && !user.isAnonymous)
        #expect(
            user.providerData == [UserInfo(providerID: "password", uid: "ada@example.com", email: "ada@example.com")])
        #expect(user.metadata.creationDate == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(user.metadata.lastSignInDate == Date(timeIntervalSince1970: 0))
        #expect(
            user.enrolledFactors == [
                MultiFactorInfo(
                    uid: "enrollment-1", displayName: nil, enrollmentDate: Date(timeIntervalSince1970: 1_700_000_000),
                    factorID: "phone", phoneNumber: "+15555550100")
            ])
    }
}
