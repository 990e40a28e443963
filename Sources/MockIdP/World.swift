import Foundation

/// Everything the subject talks to that is not itself, in process: one per check, never shared.
///
/// The suite makes the world and hands it to the subject's backend; the backend and its clients reach the outside
/// only through it, and keep time on its clock:
///
/// ```swift
/// // A text through the world's SMS carrier, bounded by the backend's timeout on the world's clock:
/// try await world.clock.withTimeout(.seconds(30)) {
///     try await world.sms.send(to: phoneNumber, text: "\(code) is your verification code.", language: "en")
/// }
/// // The signed-in user kept where the app finds it after a restart:
/// let keychain = world.devices.keychain(of: device)
/// ```
public final class World: Sendable {
    public static let defaultEpoch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    public let clock: VirtualClock
    public let random: RandomSource
    package let transcript: Transcript
    public let devices: Devices
    package let stalls: Stalls
    public let sms: SMSCarrier
    public let mail: Mailbox
    public let push: PushChannel
    public let recaptcha: ReCaptcha
    /// The texts and emails the subject sent, to read one at a time.
    package let outbound: Outbound
    public let github: GitHubServer
    public let apple: AppleIDProvider
    /// The system browser: opens authorization pages and acts as the check scripted.
    public let browser: Browser
    /// Between each app and its own backend, for a subject that sends its requests through it.
    public let network: AppNetwork
    /// Unique to this world, and so to its check: no check run before, after or beside it has the same (its `random`
    /// is seeded alike in every check, so that checks replay; this is not).
    public let identity = UUID()

    public init(
        seed: UInt64 = 0x5EED_CAFE, epoch: Date = World.defaultEpoch, stallBudget: Swift.Duration = .seconds(3600)
    ) {
        clock = VirtualClock(epoch: epoch)
        random = RandomSource(seed: seed)
        transcript = Transcript(clock: clock)
        devices = Devices(transcript: transcript)
        stalls = Stalls(clock: clock, transcript: transcript, budget: stallBudget)
        sms = SMSCarrier(transcript: transcript, stalls: stalls)
        mail = Mailbox(transcript: transcript, stalls: stalls)
        push = PushChannel(transcript: transcript, devices: devices)
        recaptcha = ReCaptcha(transcript: transcript, random: random, devices: devices)
        outbound = Outbound(transcript: transcript)
        github = GitHubServer(transcript: transcript, clock: clock, random: random, stalls: stalls)
        apple = AppleIDProvider(transcript: transcript, clock: clock, random: random, stalls: stalls)
        network = AppNetwork(transcript: transcript)
        browser = Browser(transcript: transcript, devices: devices, github: github)
    }
}
