import Foundation

/// The server's door as a hostile client reaches it: one Identity Toolkit operation with a JSON body sent exactly as
/// given (a field missing, empty or of the wrong JSON type, tokens forged or edited), answered with the HTTP status and
/// the JSON the server wrote. Unlike ``AccountsFacet`` it checks and adds nothing, so a check can send what no SDK
/// would (the suite's own client refused an empty password first and hid a server that signs in a request
/// with no password at all). Nil on a backend that does not offer it; any Identity Toolkit server offers it over HTTP,
/// the reference offers it in process.
public protocol IdentityToolkitDoor: Sendable {
    /// Sends the request as it is; throws only when no answer arrives (`networkError`), never for an error answer.
    func send(_ request: DoorRequest) async throws(AuthError) -> DoorAnswer
    /// Sends both requests so that both are in flight at the server at once (over HTTP on two connections, neither
    /// waiting for the other's answer), and returns both answers: for the pairs a rule says must not both succeed.
    /// Both carry one fresh pair marker (``DoorRequest/pair``).
    func sendAtOnce(_ first: DoorRequest, _ second: DoorRequest) async throws(AuthError) -> (DoorAnswer, DoorAnswer)
}

extension IdentityToolkitDoor {
    /// Two child tasks started together, neither awaiting the other: over HTTP each request is its own URL-session
    /// task, and the second opens its own connection while the first is in flight. Both requests are marked with one
    /// fresh pair identifier (``DoorRequest/pair``), which only the reference's race defects read.
    public func sendAtOnce(
        _ first: DoorRequest, _ second: DoorRequest
    ) async throws(AuthError) -> (DoorAnswer, DoorAnswer) {
        let pair = UUID().uuidString
        var (first, second) = (first, second)
        (first.pair, second.pair) = (pair, pair)
        async let one = outcome(of: first)
        async let other = outcome(of: second)
        let (a, b) = await (one, other)
        return (try a.get(), try b.get())
    }

    private func outcome(of request: DoorRequest) async -> Result<DoorAnswer, AuthError> {
        do { return .success(try await send(request)) } catch { return .failure(error) }
    }
}

/// The Identity Toolkit operations a door check sends, by their REST names
/// (https://cloud.google.com/identity-platform/docs/reference/rest; firebase-tools `src/emulator/auth/operations.ts`).
public enum DoorOperation: String, Sendable, Hashable, CaseIterable {
    case signUp = "accounts:signUp"
    case signInWithPassword = "accounts:signInWithPassword"
    case lookup = "accounts:lookup"
    case update = "accounts:update"
    case delete = "accounts:delete"
    /// With `sessionInfo` (the verification ID) and `code` from the text.
    case signInWithPhoneNumber = "accounts:signInWithPhoneNumber"
    /// With `email` and `oobCode` from the mailed sign-in link.
    case signInWithEmailLink = "accounts:signInWithEmailLink"
    /// With `oobCode` from the mailed password-reset link and `newPassword`.
    case resetPassword = "accounts:resetPassword"
    case startEnrollment = "mfaEnrollment:start"
    /// With `idToken` and `phoneVerificationInfo` (`sessionInfo`, `code`) of an enrollment started for the user.
    case finalizeEnrollment = "mfaEnrollment:finalize"
    /// With `mfaPendingCredential` from the first factor and `phoneVerificationInfo` (`sessionInfo`, `code`).
    case finalizeSignIn = "mfaSignIn:finalize"
    /// `securetoken.googleapis.com/v1/token`, with `grant_type` and `refresh_token`.
    case token = "securetoken:token"

    /// The path below the server's root in the emulator's layout (production serves `/v1/…` at its own host).
    public var emulatorPath: String {
        switch self {
        case .startEnrollment, .finalizeEnrollment, .finalizeSignIn:
            "/identitytoolkit.googleapis.com/v2/accounts/\(rawValue)"
        case .token: "/securetoken.googleapis.com/v1/token"
        default: "/identitytoolkit.googleapis.com/v1/\(rawValue)"
        }
    }
}

/// One request at the door: the operation and its JSON body, exactly as sent.
public struct DoorRequest: Sendable, Hashable, CustomStringConvertible {
    public var operation: DoorOperation
    public var body: FixtureValue
    /// The pair this request belongs to when it is sent at once with another (``IdentityToolkitDoor/sendAtOnce(_:_:)``
    /// sets one fresh identifier on both); nil for a request sent alone. Over HTTP it travels as the
    /// ``pairHeader`` request header, which any real server ignores. It exists for the reference's race defects
    /// only: they wait at their meeting point for the other request of the pair, so the *defect's* race window is
    /// certain whatever the load (`DoorRendezvous`). A conformant server ignores it, and the verdict on a real server
    /// never depends on it: the pair is in flight at once either way.
    public var pair: String?

    /// `X-Conformance-Pair: <pair>`, the header that carries ``pair`` over HTTP.
    public static let pairHeader = "X-Conformance-Pair"

    public init(_ operation: DoorOperation, _ body: FixtureValue) {
        self.operation = operation
        self.body = body
    }

    public var description: String { "\(operation.rawValue) \(String(decoding: body.encoded, as: UTF8.self))" }
}

/// The server's answer: its HTTP status and JSON body (`{"error": {"code", "message"}}` on an error).
public struct DoorAnswer: Sendable, Hashable, CustomStringConvertible {
    public var status: Int
    public var body: FixtureValue

    public init(status: Int, body: FixtureValue) {
        self.status = status
        self.body = body
    }

    public var succeeded: Bool { (200..<300).contains(status) }
    /// The Identity Toolkit error message (`MISSING_PASSWORD`, `INVALID_ID_TOKEN : …`), when the answer is an error.
    public var message: String? { body["error"]?["message"]?.stringValue }
    /// The session the answer hands out: `idToken` (Identity Toolkit) or `id_token` (secure token).
    public var idToken: String? { body["idToken"]?.stringValue ?? body["id_token"]?.stringValue }
    public var refreshToken: String? { body["refreshToken"]?.stringValue ?? body["refresh_token"]?.stringValue }
    public var localID: String? { body["localId"]?.stringValue ?? body["user_id"]?.stringValue }

    public var description: String {
        if let message { return "HTTP \(status) \(message)" }
        let session = idToken == nil ? "no session" : "a session (idToken)"
        return "HTTP \(status) with \(session)"
    }
}
