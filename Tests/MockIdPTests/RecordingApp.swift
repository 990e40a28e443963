import Foundation
import MockIdP
import Synchronization

/// An app that records what its device hands it and claims all of it.
final class RecordingApp: DeviceApp {
    let notifications = Mutex<[[String: String]]>([])
    let urls = Mutex<[URL]>([])

    func didReceiveRemoteNotification(_ userInfo: [String: String]) async -> Bool {
        notifications.withLock { $0.append(userInfo) }
        return true
    }

    func open(_ url: URL) async -> Bool {
        urls.withLock { $0.append(url) }
        return true
    }
}
