import ConformanceKit
import Testing

@Suite("Project configuration")
struct ProjectConfigurationTests {
    @Test("the standard configuration is valid")
    func standard() throws {
        _ = try ProjectConfiguration.standard.validated()
    }

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
    }
}
