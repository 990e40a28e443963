import Foundation
import MockIdP

extension Rule {
    public static let phone19 = Rule(
        "PHONE-19", .must, flow: .phone, title: "The verification ID is opaque: the code is only in the SMS",
        statement: """
            The verification ID is opaque: the code appears only in the SMS, never in the verification ID (plain or in \
            any encoding the suite can undo: base64, base64url, hex, percent-encoding) nor anywhere else the client \
            receives.
            """,
        sources: [
            .firebasePhoneAuth(section: "Sign in the user with the verification code"),
            .identityToolkitSignInWithPhoneNumber(
                section: "sessionInfo: encrypted session information; code: the user-entered code from the SMS"),
        ],
        hint: """
            if this fails, check that the verification ID is a random or encrypted handle that holds the code in no \
            encoding, and that no error or other response echoes the right code
            """,
        checks: [
            Check(
                id: "code-not-in-id", "the code is not in the verification ID, plain or encoded, for two verifications"
            ) { context in
                let app = try await context.launchApp()
                try await expectEveryCase([PhoneNumbers.us, PhoneNumbers.usOther], "verification IDs") { number in
                    let verificationID = try await context.requestCode(number, on: app.client)
                    let code = try context.latestCode(sentTo: number)
                    if let place = OpaqueText.revealing(code, in: verificationID) {
                        throw CheckFailure(
                            "the verification ID for \(number) holds its code",
                            expected: "no trace of the code \(code)",
                            actual: "\"\(verificationID.abbreviated)\", which holds it \(place)")
                    }
                }
            },
            Check(id: "code-not-in-error", "the code is not in the error of a wrong attempt") { context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                let error = try await expectFailure(.invalidVerificationCode, when: "signIn with a wrong code") {
                    try await app.client.signIn(
                        with: .phone(verificationID: verificationID, verificationCode: wrongCode(for: code)))
                }
                if let place = OpaqueText.revealing(code, in: error.message)
                    ?? OpaqueText.revealing(code, in: error.description)
                {
                    throw CheckFailure(
                        "the error of a wrong attempt holds the right code", expected: "no trace of the code \(code)",
                        actual: "\(error), which holds it \(place)")
                }
            },
        ])
}

/// Looks for a secret in a string the client received, undoing the encodings a careless implementation uses.
enum OpaqueText {
    /// Where `secret` shows in `text` (e.g. "in its base64url-decoded segment 2"), or nil.
    static func revealing(_ secret: String, in text: String) -> String? {
        let segments = text.split(whereSeparator: { ".:|~ ".contains($0) }).map(String.init)
        for (name, candidate) in [("as written", text)]
            + segments.enumerated().map({ ("in segment \($0.offset + 1)", $0.element) })
        {
            for (encoding, decoded) in decodings(of: candidate) where decoded.contains(secret) {
                return "\(name)\(encoding)"
            }
        }
        return nil
    }

    private static func decodings(of text: String) -> [(String, String)] {
        var results = [("", text)]
        if let percent = text.removingPercentEncoding { results.append((", percent-decoded", percent)) }
        for (name, data) in [
            ("base64url", Base64URL.decodeLeniently(text)), ("base64", Data(base64Encoded: padded(text))),
            ("hex", hexDecoded(text)),
        ] { if let data { results.append((", \(name)-decoded", String(decoding: data, as: UTF8.self))) } }
        return results
    }

    private static func padded(_ text: String) -> String {
        text + String(repeating: "=", count: (4 - text.count % 4) % 4)
    }

    private static func hexDecoded(_ text: String) -> Data? {
        guard text.count.isMultiple(of: 2), !text.isEmpty, text.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return Data(bytes)
    }
}
