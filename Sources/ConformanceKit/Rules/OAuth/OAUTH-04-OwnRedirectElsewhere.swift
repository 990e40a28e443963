import Foundation
import MockIdP
import Synchronization

extension Check {
    /// OAUTH-4's login-CSRF case: the app's own genuine redirect, its state the one its request waits for, opened on a
    /// second device while the request still waits (the person carries the link there, and the app's window closes
    /// with nothing coming back). A state bound to the backend rather than to the device that started the flow lets
    /// the second device take it and exchange the code.
    static let oauth4OwnRedirectOnOtherDevice = Check(
        id: "own-redirect-on-other-device",
        """
        while a request waits, its own genuine redirect opened on a second device is refused there, does not answer \
        the waiting request, and its code is never exchanged
        """
    ) { context in
        let configuration = ProjectConfiguration.standard
        context.setUpGitHub(configuration)
        let backend = try await context.makeBackend(configuration)
        let app = try await context.launch(backend, on: .primary)
        _ = try await context.launch(backend, on: .secondary)
        let handledElsewhere = Mutex<Bool?>(nil)
        let devices = context.world.devices
        context.world.browser.carryNextRedirect { redirect in
            let handled = await devices.open(redirect, on: .secondary)
            handledElsewhere.withLock { $0 = handled }
        }
        context.world.browser.script(.approve(as: "octocat"))
        let outcome: Result<AuthCredential, any Error>
        do { outcome = .success(try await app.credential(with: .github)) } catch { outcome = .failure(error) }
        let redirect = try context.lastGitHubRedirect()
        try expectEqual(
            handledElsewhere.withLock { $0 }, false,
            "canHandle(the redirect of the request waiting on \(Device.primary)) on \(Device.secondary)")
        if case .success = outcome {
            throw CheckFailure(
                """
                credential(with: github.com) on \(Device.primary) completed though its redirect was opened on \
                \(Device.secondary)
                """, expected: "a failure (nothing came back to the app)", actual: "\(outcome)")
        }
        try expectEqual(
            context.world.github.tokenRequests.filter { $0.code == redirect.code }.count, 0,
            "the number of times the code of the redirect opened on \(Device.secondary) reached GitHub's token endpoint"
        )
    }
}
