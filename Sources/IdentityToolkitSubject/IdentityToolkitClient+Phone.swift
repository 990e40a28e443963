import ConformanceKit
import Foundation

/// Phone sign-in over REST: `sendVerificationCode`, then the text the server sent, carried to the world.
extension IdentityToolkitClient {
    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        guard !phoneNumber.isEmpty else {
            throw AuthError(.missingPhoneNumber, "to send verification codes, provide a phone number for the recipient")
        }
        // SendVerificationCodeRequest with no app credential, as with `useEmulator` (app verification disabled).
        let answer = try await post(
            .sendVerificationCode,
            .object(["phoneNumber": .string(phoneNumber), "clientType": .string(SDKEndpoint.clientType)]))
        guard let sessionInfo = answer["sessionInfo"]?.stringValue, !sessionInfo.isEmpty else {
            throw AuthError(.invalidVerificationID, "sendVerificationCode answered no sessionInfo")
        }
        try await backend.outbox.deliverTexts(for: sessionInfo, to: phoneNumber)
        return sessionInfo
    }

    /// Without effect: the server verifies no app (the Firebase SDK turns app verification off against the emulator).
    func setAppVerificationDisabledForTesting(_ disabled: Bool) async {}
}
