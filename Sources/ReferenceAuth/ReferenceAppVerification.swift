import ConformanceKit
import Foundation
import MockIdP

/// The reference backend's door for app verification by silent push (``AppVerificationFacet``): `verifyClient`, the
/// push it sends the device, and `sendVerificationCode` with whatever proof the caller presents.
struct ReferenceAppVerification: AppVerificationFacet {
    let backend: ReferenceBackend

    func pushProof(on device: Device) async throws(AuthError) -> PushProof {
        let push = backend.world.push
        guard let deviceToken = push.deviceToken(for: device) else {
            throw AuthError(.notificationNotForwarded, "no silent push reaches \(device)")
        }
        let receipt = await backend.verifyClient(deviceToken: deviceToken)
        let before = push.deliveries.count
        try await backend.sendVerificationPush(receipt: receipt)
        // The push as the device received it, read as the reference's client reads it.
        let received = push.deliveries.dropFirst(before).last { $0.device == device }
        guard let payload = received?.userInfo[pushPayloadKey],
            let fields = try? JSONDecoder().decode([String: String].self, from: Data(payload.utf8)),
            fields["receipt"] == receipt, let secret = fields["secret"]
        else { throw AuthError(.notificationNotForwarded, "\(device) received no push for the receipt") }
        return PushProof(receipt: receipt, secret: secret)
    }

    func sendVerificationCode(to phoneNumber: String, proof: PushProof) async throws(AuthError) -> String {
        try await backend.sendVerificationCode(
            to: phoneNumber, proof: .push(receipt: proof.receipt, secret: proof.secret), languageCode: nil,
            device: ReferenceAccounts.device)
    }
}

extension ReferenceBackend {
    package nonisolated var appVerification: (any AppVerificationFacet)? { ReferenceAppVerification(backend: self) }
}
