import Foundation

/// Firebase `AdditionalUserInfo` (`providerID`, `isNewUser`, `username`, `profile`), with Firebase's names and types,
/// for ``AdditionalUserInfo/init(firebaseInfo:)``: Firebase's own class satisfies every requirement as it is.
///
/// On conforming Firebase's types: a conformance of a type of FirebaseAuth to a protocol of this package is
/// retroactive (SE-0364) wherever it is written, since neither module declares it, and Swift 6 asks for
/// `extension AdditionalUserInfo: @retroactive FirebaseAdditionalUserInfoShape {}`. That is harmless here (neither
/// Firebase nor this package will ever declare the conformance), and avoidable in two ways: conform a type of the
/// adapter's own module (a port's own user type, or a thin wrapper), or conform nothing and map the values
/// (``AdditionalUserInfo/init(providerID:isNewUser:username:profile:)``, ``AuthUser``'s memberwise initializer).
/// So that no conformance needs more than it must, the shapes ask for Firebase's names and types wherever Firebase's
/// own properties can answer, and give defaults for what a small SDK lacks. Firebase's names clash with the
/// boundary's (`AuthDataResult`, `AdditionalUserInfo`, `UserInfo`, `MultiFactorInfo`, `ActionCodeSettings`,
/// `AuthErrorCode`): in a file that imports both, name the boundary's by module, `ConformanceKit.AuthDataResult`.
public protocol FirebaseAdditionalUserInfoShape {
    var providerID: String { get }
    var isNewUser: Bool { get }
    var username: String? { get }
    /// The provider's profile of the user, as the SDK decoded it.
    var profile: [String: Any]? { get }
}

extension FirebaseAdditionalUserInfoShape {
    public var username: String? { nil }
    public var profile: [String: Any]? { nil }
}

extension AdditionalUserInfo {
    /// The boundary's additional information for Firebase's: the same fields, each value of `profile` as text.
    public init(firebaseInfo info: some FirebaseAdditionalUserInfoShape) {
        self.init(
            providerID: info.providerID, isNewUser: info.isNewUser, username: info.username,
            profile: info.profile?.mapValues(Self.text))
    }

    /// A string as it is; anything else as JSON writes it (`true`, `42`, `{"login":"octocat"}`), so that a Boolean
    /// is not a number on any platform.
    private static func text(_ value: Any) -> String {
        if let string = value as? String { return string }
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
        else { return "\(value)" }
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}

extension AuthDataResult {
    /// Firebase `AuthDataResult` (its `user` and `additionalUserInfo`) as the boundary's.
    public init(firebaseUser user: some FirebaseUserShape, additionalUserInfo: (some FirebaseAdditionalUserInfoShape)?)
    {
        self.init(
            user: AuthUser(firebaseUser: user),
            additionalUserInfo: additionalUserInfo.map { AdditionalUserInfo(firebaseInfo: $0) })
    }

    /// A sign-in's result for an SDK that tells only whether the call created the user: `providerID` is the
    /// credential's (`AuthCredential.providerID`).
    public init(firebaseUser user: some FirebaseUserShape, providerID: String, isNewUser: Bool) {
        self.init(
            user: AuthUser(firebaseUser: user),
            additionalUserInfo: AdditionalUserInfo(providerID: providerID, isNewUser: isNewUser))
    }
}

extension ActionCodeSettings {
    /// The settings as the Identity Toolkit's `accounts:sendOobCode` takes them, each field only when set, as the
    /// iOS SDK sends them (`GetOOBConfirmationCodeRequest.swift`): `continueUrl`, `canHandleCodeInApp`,
    /// `iOSBundleId`, `androidPackageName`, `androidInstallApp`, `androidMinimumVersion`, `linkDomain`.
    public var requestFields: [String: any Sendable] {
        let fields: [String: (any Sendable)?] = [
            "continueUrl": url, "canHandleCodeInApp": handleCodeInApp ? true : nil, "iOSBundleId": iOSBundleID,
            "androidPackageName": androidPackageName, "androidInstallApp": androidInstallIfNotAvailable ? true : nil,
            "androidMinimumVersion": androidMinimumVersion, "linkDomain": linkDomain,
        ]
        return fields.compactMapValues { $0 }
    }
}
