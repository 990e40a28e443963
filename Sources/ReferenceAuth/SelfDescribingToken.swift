import Foundation

/// A token that is its user written out, base64 of `{"localId":…,"provider":…,"nonce":…}`, as the Auth Emulator
/// writes refresh tokens and multi-factor pending credentials. Only a defect issues or honours one: anyone who
/// knows a user ID can write it.
enum SelfDescribingToken {
    static func encode(uid: String, provider: String, nonce: String) -> String {
        let fields = ["localId": uid, "provider": provider, "nonce": nonce]
        let json = (try? JSONSerialization.data(withJSONObject: fields, options: .sortedKeys)) ?? Data()
        return json.base64EncodedString()
    }

    static func decode(_ token: String) -> (uid: String, provider: String)? {
        guard let data = Data(base64Encoded: token),
            let fields = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let uid = fields["localId"] as? String, let provider = fields["provider"] as? String
        else { return nil }
        return (uid, provider)
    }
}
