import ConformanceKit
import Foundation
import Testing

@Suite("Project configuration")
struct ProjectConfigurationTests {
    @Test("the standard configuration is valid")
    func standard() throws { _ = try ProjectConfiguration.standard.validated() }

    @Test("impossible values are refused with the field named")
    func impossible() {
        var configuration = ProjectConfiguration.standard
        configuration.projectID = ""
        #expect { try configuration.validated() } throws: { "\($0)".contains("projectID") }
        configuration = .standard
        configuration.networkTimeout = .zero
        #expect { try configuration.validated() } throws: { "\($0)".contains("networkTimeout") }
        configuration = .standard
        configuration.phone.verificationLimit.maxRequests = 0
        #expect { try configuration.validated() } throws: { "\($0)".contains("maxRequests") }
        configuration = .standard
        configuration.multiFactor.totpAdjacentIntervals = 11
        #expect { try configuration.validated() } throws: { "\($0)".contains("totpAdjacentIntervals") }
        configuration = .standard.with(\.passwordPolicy, PasswordPolicy(maximumLength: 5))
        #expect { try configuration.validated() } throws: { "\($0)".contains("maximumLength") }
    }
}

@Suite("Password policy")
struct PasswordPolicyTests {
    @Test("a policy names each requirement a password misses, and none of one it allows")
    func unmetRequirements() {
        let policy = PasswordPolicy(
            maximumLength: 12, requiresLowercase: true, requiresUppercase: true, requiresNumeric: true,
            requiresNonAlphanumeric: true)
        #expect(policy.unmetRequirements(of: "Abcdef1!", minimumLength: 8).isEmpty)
        #expect(policy.unmetRequirements(of: "abcdefgh", minimumLength: 8).count == 3)
        #expect(
            policy.unmetRequirements(of: "Ab1!", minimumLength: 8) == ["Password must contain at least 8 characters"])
        #expect(policy.unmetRequirements(of: "Abcdefghijk1!", minimumLength: 8).count == 1, "over the maximum")
        #expect(policy.unmetRequirements(of: "Abcdefg1+", minimumLength: 8).count == 1, "+ is not in the list")
    }
}

@Suite("Differences between project configurations")
struct ConfigurationDifferenceTests {
    @Test(
        """
        every changed field is named with both values, at any depth and in dictionaries; the same configuration has \
        none
        """)
    func namedAtAnyDepth() {
        #expect(ProjectConfiguration.standard.differences(from: .standard).isEmpty)
        var asked = ProjectConfiguration.standard
        asked.phone.codeLifetime = .seconds(120)
        asked.phone.verificationLimit.window = .seconds(60)
        asked.oauthProviders["github.com"]?.clientSecret = "other"
        asked.oauthProviders["gitlab.com"] = OAuthProviderSettings(clientID: "gl", clientSecret: "s")
        asked.apple.privateKey = Data(repeating: 1, count: 32)
        asked.phone.testPhoneNumbers = [TestPhoneNumber("+16505550188", code: "654321")]
        let differences = asked.differences(from: .standard)
        #expect(
            differences.map(\.field) == [
                "phone.testPhoneNumbers", "phone.codeLifetime", "phone.verificationLimit.window",
                #"oauthProviders["github.com"].clientSecret"#, #"oauthProviders["gitlab.com"]"#, "apple.privateKey",
            ])
        #expect(differences[1].description == "phone.codeLifetime: asked 120s, kept 300s")
        #expect(
            differences[0].asked == #"[(phoneNumber: "+16505550188", verificationCode: "654321")]"#
                && differences[0].kept == "[]")
        #expect(
            differences[4].asked == #"(isEnabled: true, clientID: "gl", clientSecret: "s")"#
                && differences[4].kept == "none")
        #expect(differences[5].asked == "another 32 bytes")
    }

    /// Every field of the configuration, at its leaves, is compared: changing any one of them is one difference
    /// named after it. The mutations below reach every leaf the reflection finds, so a field added later and
    /// missing here fails this test until it is listed, and a field the comparison skipped would fail it too.
    @Test("changing any one leaf field of the configuration is exactly one difference, named after that field")
    func everyLeaf() {
        let mutations: [String: (inout ProjectConfiguration) -> Void] = [
            "projectID": { $0.projectID = "other" }, "appName": { $0.appName = "Other" },
            "bundleID": { $0.bundleID = "com.other" }, "phone.isEnabled": { $0.phone.isEnabled = false },
            "phone.testPhoneNumbers": { $0.phone.testPhoneNumbers = [TestPhoneNumber("+16505550188", code: "654321")] },
            "phone.codeLifetime": { $0.phone.codeLifetime = .seconds(1) },
            "phone.verificationLimit.maxRequests": { $0.phone.verificationLimit.maxRequests = 1 },
            "phone.verificationLimit.window": { $0.phone.verificationLimit.window = .seconds(1) },
            "multiFactor.isEnabled": { $0.multiFactor.isEnabled = false },
            "multiFactor.pendingSignInLifetime": { $0.multiFactor.pendingSignInLifetime = .seconds(1) },
            "multiFactor.recentSignInWindow": { $0.multiFactor.recentSignInWindow = .seconds(1) },
            "emailLink.isEnabled": { $0.emailLink.isEnabled = false },
            "emailLink.authorizedDomains": { $0.emailLink.authorizedDomains = [] },
            "emailLink.linkDomains": { $0.emailLink.linkDomains = [] },
            "emailLink.linkLifetime": { $0.emailLink.linkLifetime = .seconds(1) },
            "passwordSignInEnabled": { $0.passwordSignInEnabled = false },
            #"oauthProviders["github.com"].isEnabled"#: { $0.oauthProviders["github.com"]?.isEnabled = false },
            #"oauthProviders["github.com"].clientID"#: { $0.oauthProviders["github.com"]?.clientID = "other" },
            #"oauthProviders["github.com"].clientSecret"#: { $0.oauthProviders["github.com"]?.clientSecret = "other" },
            "apple.isEnabled": { $0.apple.isEnabled = false }, "apple.clientID": { $0.apple.clientID = "other" },
            "apple.teamID": { $0.apple.teamID = "other" }, "apple.keyID": { $0.apple.keyID = "other" },
            "apple.privateKey": { $0.apple.privateKey = Data() }, "networkTimeout": { $0.networkTimeout = .seconds(1) },
            "passwordMinimumLength": { $0.passwordMinimumLength = 8 },
            "multiFactor.totpAdjacentIntervals": { $0.multiFactor.totpAdjacentIntervals = 1 },
            "passwordPolicy": { $0.passwordPolicy = PasswordPolicy(requiresUppercase: true) },
        ]
        for (field, mutate) in mutations {
            var asked = ProjectConfiguration.standard
            mutate(&asked)
            #expect(asked.differences(from: .standard).map(\.field) == [field])
        }
        #expect(
            Set(mutations.keys) == Set(Self.leafFields(of: ProjectConfiguration.standard)),
            "a field of ProjectConfiguration has no mutation here")
    }

    /// The leaf fields as the reflection sees them, independently of the comparison.
    static func leafFields(of value: Any, at path: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .dictionary {
            return mirror.children.flatMap { entry -> [String] in
                let pair = Array(Mirror(reflecting: entry.value).children)
                return leafFields(of: pair[1].value, at: "\(path)[\"\(pair[0].value)\"]")
            }
        }
        guard mirror.displayStyle == .struct, String(reflecting: type(of: value)).hasPrefix("ConformanceKit.") else {
            return [path]
        }
        return mirror.children.flatMap {
            leafFields(of: $0.value, at: path.isEmpty ? $0.label! : "\(path).\($0.label!)")
        }
    }
}
