import ConformanceKit
import Foundation
import MockIdP
import ReferenceTestSupport
import Testing

@testable import ReferenceAuth

/// The reference reads its choices from a ``ReferenceBehaviour``; a defect or a variation is declared once, as a
/// change of it, and no code of the reference branches on one.
@Suite("Defects and variations are values the reference reads")
struct ReferenceBehaviourTests {
    @Test("a subject without defects or variations reads the default behaviour")
    func defaultBehaviour() { #expect(changes(from: ReferenceBehaviour(), to: ReferenceSubject().behaviour) == []) }

    @Test("every defect changes the behaviour, and no two change it alike")
    func defectsChangeBehaviour() {
        let changed = Defect.allCases.map {
            changes(from: ReferenceBehaviour(), to: ReferenceBehaviour(defects: [$0], variations: []))
        }
        for (defect, changes) in zip(Defect.allCases, changed) {
            #expect(!changes.isEmpty, "\(defect) changes nothing")
        }
        #expect(Set(changed).count == Defect.allCases.count)
    }

    @Test("every variation changes the behaviour and declares what it does; the misdeclaring defects do not")
    func declarations() {
        for variation in Variation.allCases {
            let behaviour = ReferenceBehaviour(defects: [], variations: [variation])
            #expect(!changes(from: ReferenceBehaviour(), to: behaviour).isEmpty, "\(variation) changes nothing")
            #expect(declaresWhatItDoes(behaviour), "\(variation)")
        }
        #expect(declaresWhatItDoes(ReferenceBehaviour()))
        #expect(!declaresWhatItDoes(ReferenceBehaviour(defects: [.misdeclaresAppleSystemClock], variations: [])))
    }

    @Test("every defect and variation is declared once, as a static property of its own name")
    func declaredOnce() throws {
        let defects = try declarations(of: "Defect", in: sources().filter { $0.path.hasPrefix("Defects/") })
        #expect(defects.map(\.property) == defects.map(\.name))
        #expect(defects.count == Defect.allCases.count)
        #expect(Set(defects.map(\.name)) == Set(Defect.allCases.map(\.name)))
        let variations = try declarations(of: "Variation", in: sources())
        #expect(variations.map(\.property) == variations.map(\.name))
        #expect(
            Set(variations.map(\.name)) == Set(Variation.allCases.map(\.name))
                && variations.count == Variation.allCases.count)
    }

    @Test("no code of the reference outside Defects/ names a defect or branches on one")
    func noBranches() throws {
        let branch =
            /(defects|variations)\.contains|\b(defect|variation)\s*[!=]=|switch\s+(self\.)?(defects?|variations?)\b/
        let name = /\bDefect\b|\bVariation\b/
        let declaring: Set = ["ReferenceSubject.swift", "Variation.swift"]
        let reference = try sources().filter { !$0.path.hasPrefix("Defects/") }
        #expect(reference.count > 10)
        let branches = reference.flatMap { file in
            file.code.filter { $0.contains(branch) }.map { "\(file.path): \($0)" }
        }
        let names = reference.filter { !declaring.contains($0.path) }.flatMap { file in
            file.code.filter { $0.contains(name) }.map { "\(file.path): \($0)" }
        }
        #expect(branches == [])
        #expect(names == [])
    }

    // MARK: Helpers

    /// Whether the subject's declared capabilities say what its behaviour does.
    private func declaresWhatItDoes(_ behaviour: ReferenceBehaviour) -> Bool {
        behaviour.capabilities.verifiesAppleTokensOnSystemClock == behaviour.apple.usesSystemClock
            && behaviour.capabilities.emailEnumerationProtection == behaviour.emailPassword.enumerationProtection
            && behaviour.capabilities.runsOnWorldClock == !behaviour.stampsRealTime
    }

    /// What `behaviour` does differently from `original`.
    private func changes(from original: ReferenceBehaviour, to behaviour: ReferenceBehaviour) -> [String] {
        zip(fingerprint(original), fingerprint(behaviour)).filter { $0 != $1 }.map(\.1)
    }

    /// What a behaviour does, as text: every value, and every function applied to sample inputs.
    private func fingerprint(_ behaviour: ReferenceBehaviour) -> [String] {
        let number = "+16505550101"
        var factors = [("a", number), ("b", "+16505550102")].map {
            EnrolledFactor(uid: $0, displayName: nil, phoneNumber: $1, enrolledAt: Date())
        }
        behaviour.multiFactor.unenroll(&factors, "b")
        let links = [
            "https://p.firebaseapp.com/__/auth/action?mode=signIn&oobCode=C",
            "https://p.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=C",
            "https://p.firebaseapp.com/__/auth/action?mode=signIn&oobCode=C%ZZ",
            "https://example.page.link/?link=https%3A%2F%2Fapp.example.com%2F%23%2F%3Fmode%3DsignIn%26oobCode%3DC",
        ]
        let codes = [
            ("123456", "123456"), ("123", "123456"), ("123450", "123456"), ("", "123456"), ("654321", "123456"),
        ]
        let emails = ["ada@example.com", "ada@@example.com", "ada@", "adaexample.com"]
        return values(of: behaviour, at: "behaviour") + [
            "phone.smsRecipient: \(behaviour.phone.smsRecipient(number))",
            "phone.storedNumber: \(behaviour.phone.storedNumber(number))",
            "phone.verificationID: \(behaviour.phone.verificationID("random", "123456"))",
            "codes.matches: \(codes.map { behaviour.codes.matches($0, $1) })",
            "codes.wrongCodeMessage: \(behaviour.codes.wrongCodeMessage("123456"))",
            "outsideParties.failure: \(behaviour.outsideParties.failure("the SMS carrier failed"))",
            "emailPassword.comparablePassword: \(behaviour.emailPassword.comparablePassword("Secret"))",
            "emailPassword.isWellFormedEmail: \(emails.map(behaviour.emailPassword.isWellFormedEmail))",
            "emailPassword.comparableSignUpEmail: \(behaviour.emailPassword.comparableSignUpEmail("Ada@Example.com"))",
            "multiFactor.hintMask: \((try? E164Number(number)).map(behaviour.multiFactor.hintMask) ?? "")",
            "multiFactor.secondFactorRequiredMessage: \(behaviour.multiFactor.secondFactorRequiredMessage([number]))",
            "multiFactor.unenroll: \(factors.map(\.uid))",
            "emailLink.recognizesLink: \(links.map(behaviour.emailLink.recognizesLink))",
        ]
    }

    private func values(of value: Any, at path: String) -> [String] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct: return mirror.children.flatMap { values(of: $0.value, at: path + "." + ($0.label ?? "?")) }
        case .set: return ["\(path): " + mirror.children.map { "\($0.value)" }.sorted().joined(separator: ", ")]
        default: return ["\(path): \(value)"]
        }
    }

    /// The `static let property = Type("name"` declarations of `type` in `files`.
    private func declarations(of type: String, in files: [SourceFile]) throws -> [(property: String, name: String)] {
        let declaration = try Regex(#"static let (\w+) = "# + type + #"\(\s*"(\w+)""#)
        return files.flatMap { file in
            file.text.matches(of: declaration).map { match in
                (String(match.output[1].substring ?? ""), String(match.output[2].substring ?? ""))
            }
        }
    }

    private struct SourceFile {
        /// The path under `Sources/ReferenceAuth`.
        let path: String
        let text: String

        /// The lines that are not comments.
        var code: [Substring] {
            text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        }
    }

    private func sources() throws -> [SourceFile] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ReferenceAuth")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        return try paths.sorted().map {
            SourceFile(path: $0, text: try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }
}

@Suite("The reference's ID tokens")
struct IDTokenEncodingTests {
    @Test(
        """
        a token's claims are the bytes JSONEncoder writes with sorted keys: absent optionals left out, escapes, times \
        far and near
        """)
    func claimsAsJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let signer = IDTokenSigner(projectID: "demo-project", secret: Data(repeating: 7, count: 32))
        let times = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_764_000_000.75), .distantFuture]
        for date in times {
            for (phone, email, secondFactor) in [
                (String?.none, String?.none, String?.none), ("+16505550101", "a/b\"c@example.com", "phone"),
                (nil, "é\n@x", nil),
            ] {
                let user = UserRecord(
                    uid: "uid/1", phoneNumber: phone, email: email, displayName: email.map { "\($0) /ü" },
                    createdAt: date, lastSignInAt: date)
                let claims = signer.claims(
                    uid: "uid/1", signInProvider: "password", user: user, authTime: date, secondFactor: secondFactor,
                    at: date)
                #expect(IDTokenSigner.encode(claims) == Base64URL.encode(try encoder.encode(claims)))
            }
        }
    }

    @Test("a token's claims are read as JSONDecoder reads them: the same claims, or nil where it throws")
    func claimsAsJSONDecoder() throws {
        let signer = IDTokenSigner(projectID: "demo-project", secret: Data(repeating: 7, count: 32))
        let user = UserRecord(
            uid: "uid/1", phoneNumber: "+16505550101", email: "a\"b@example.com", displayName: "Ada",
            createdAt: Date(timeIntervalSince1970: 1_764_000_000), lastSignInAt: Date(timeIntervalSince1970: 0))
        let claims = signer.claims(
            uid: "uid/1", signInProvider: "phone", user: user, authTime: Date(timeIntervalSince1970: 1_764_000_000),
            secondFactor: "phone", at: Date(timeIntervalSince1970: 1_764_000_100))
        let genuine = try #require(Base64URL.decode(IDTokenSigner.encode(claims)))
        let base = #"{"iss":"i","aud":"a","sub":"s","iat":1,"exp":2,"auth_time":3,"firebase":{"sign_in_provider":"p"}"#
        var payloads = [genuine, Data((base + "}").utf8)]
        for member in [
            #","email":null"#, #","email":7"#, #","phone_number":"+1""#, #","iat":1.5"#, #","extra":[1,{"a":null}]"#,
            #","exp":"2""#, #","auth_time":-3"#, #","auth_time":1e3"#, #","firebase":{"sign_in_second_factor":"x"}"#,
            #","firebase":{"sign_in_provider":"p","sign_in_second_factor":null}"#, #","sub":null"#,
            #","email_verified":"true""#, #","email_verified":false,"user_id":"u""#, #","name":1"#,
            #","firebase":{"sign_in_provider":"p","identities":{"email":["a"],"phone":[]}}"#,
            #","firebase":{"sign_in_provider":"p","identities":{"email":"a"}}"#,
            #","firebase":{"sign_in_provider":"p","identities":null}"#,
        ] { payloads.append(Data((base + member + "}").utf8)) }
        payloads += ["[]", "null", #"{"iss":"i"}"#, "{", ""].map { Data($0.utf8) }
        for payload in payloads {
            let expected = try? JSONDecoder().decode(IDTokenSigner.Claims.self, from: payload)
            let read = IDTokenSigner.decode(payload)
            let text = String(decoding: payload, as: UTF8.self)
            #expect((read == nil) == (expected == nil), "\(text)")
            if let read, let expected {
                #expect(IDTokenSigner.encode(read) == IDTokenSigner.encode(expected), "\(text)")
            }
        }
    }
}
