import ConformanceFixtures
import Foundation

extension JSONWebKeySet {
    /// The test-only RSA keys of `Fixtures/apple/test-keys.json`, private members included: read once, so no
    /// check generates an RSA key.
    public static let appleTestKeys: JSONWebKeySet = {
        guard let url = ConformanceFixtures.url(folder: "apple", name: "test-keys"), let data = try? Data(contentsOf: url),
            let keys = try? JSONWebKeySet(json: data), keys.keys.count >= 2
        else { fatalError("Fixtures/apple/test-keys.json is missing or malformed: the package's resources are broken") }
        return keys
    }()
}
