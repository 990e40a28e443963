import ConformanceFixtures
import Foundation
import _CryptoExtras

extension JSONWebKeySet {
    /// The test-only RSA keys of `Fixtures/apple/test-keys.json`, private members included: read once, so no
    /// check generates an RSA key.
    public static let appleTestKeys: JSONWebKeySet = {
        guard let url = ConformanceFixtures.url(folder: "apple", name: "test-keys"),
            let data = try? Data(contentsOf: url), let keys = try? JSONWebKeySet(json: data), keys.keys.count >= 2
        else { fatalError("Fixtures/apple/test-keys.json is missing or malformed: the package's resources are broken") }
        return keys
    }()
}

extension JSONWebKey {
    /// The test keys parsed once: building a BoringSSL key from a JWK's members costs about as much as a signature.
    static let parsedAppleTestKeys: [JSONWebKey: _RSA.Signing.PrivateKey] = Dictionary(
        uniqueKeysWithValues: JSONWebKeySet.appleTestKeys.keys.compactMap { key in
            (try? key.parsedRSAPrivateKey()).map { (key, $0) }
        })
}
