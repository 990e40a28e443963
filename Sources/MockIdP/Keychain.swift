import Synchronization

/// A device's keychain: what an app stores there survives the app's restart (and is the same for every
/// client launched on the device), as Firebase keeps the signed-in user there.
public final class Keychain: Sendable {
    private let items = Mutex<[String: String]>([:])

    public subscript(key: String) -> String? {
        get { items.withLock { $0[key] } }
        set { items.withLock { $0[key] = newValue } }
    }
}
