import ConformanceKit
import Foundation
import HTTPMessages

/// Users and factors as `accounts:lookup` and the multi-factor answers write them, their times on the client's clock
/// (``IdentityToolkitHTTP/clientDate(_:)``).
enum UserDecoding {
    static func user(_ info: FixtureValue, http: IdentityToolkitHTTP) -> AuthUser {
        let providers = (info["providerUserInfo"]?.arrayValue ?? []).map { provider in
            UserInfo(
                providerID: provider["providerId"]?.stringValue ?? "", uid: provider["rawId"]?.stringValue ?? "",
                email: provider["email"]?.stringValue, phoneNumber: provider["phoneNumber"]?.stringValue,
                displayName: provider["displayName"]?.stringValue)
        }
        let email = info["email"]?.stringValue
        let phoneNumber = info["phoneNumber"]?.stringValue
        return AuthUser(
            uid: info["localId"]?.stringValue ?? "", email: email, phoneNumber: phoneNumber,
            displayName: info["displayName"]?.stringValue, isEmailVerified: info["emailVerified"]?.boolValue ?? false,
            isAnonymous: providers.isEmpty && email == nil && phoneNumber == nil, providerData: providers,
            metadata: UserMetadata(
                creationDate: http.clientDate(milliseconds(info["createdAt"])),
                lastSignInDate: http.clientDate(milliseconds(info["lastLoginAt"]))),
            enrolledFactors: (info["mfaInfo"]?.arrayValue ?? []).map { factor($0, http: http) })
    }

    static func factor(_ info: FixtureValue, http: IdentityToolkitHTTP) -> MultiFactorInfo {
        let phoneInfo = info["phoneInfo"]?.stringValue
        return MultiFactorInfo(
            uid: info["mfaEnrollmentId"]?.stringValue ?? "", displayName: info["displayName"]?.stringValue,
            enrollmentDate: http.clientDate(date(info["enrolledAt"]?.stringValue)),
            factorID: phoneInfo != nil || info["totpInfo"] == nil ? MultiFactorID.phone : MultiFactorID.totp,
            phoneNumber: phoneInfo)
    }

    /// A time in milliseconds since 1970, as text or a number; the epoch when it is none. Text a `Double` reads as NaN
    /// or an infinity (`"NaN"`, `"inf"`) is none either: a date of NaN traps when it is printed.
    private static func milliseconds(_ value: FixtureValue?) -> Date {
        guard let milliseconds = Double(value?.stringValue ?? ""), milliseconds.isFinite else {
            return Date(timeIntervalSince1970: 0)
        }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// An RFC 3339 time, with or without fractional seconds.
    private static func date(_ text: String?) -> Date { text.flatMap(RFC3339.date) ?? Date(timeIntervalSince1970: 0) }
}
