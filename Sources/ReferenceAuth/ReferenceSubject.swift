import ConformanceKit
import MockIdP

/// The reference implementation as a subject: conforming when `defects` is empty.
public struct ReferenceSubject: ConformanceSubject {
    public static let maximumTestPhoneNumbers = 10

    public let defects: Set<Defect>

    public init(defects: Set<Defect> = []) { self.defects = defects }

    public var name: String {
        defects.isEmpty ? "ReferenceAuth" : "ReferenceAuth with \(defects.sorted().map(\.rawValue).joined(separator: ", "))"
    }

    public var capabilities: Capabilities {
        Capabilities(flows: [.phone, .multiFactor], acceptsUnassignedPhoneNumbers: !defects.contains(.misdeclaresUnassignedNumbers))
    }

    public func makeBackend(configuration: ProjectConfiguration, world: World) async throws -> any AuthBackend {
        if !defects.contains(.acceptsAnyTestNumberConfiguration) {
            try validateTestPhoneNumbers(configuration.phone.testPhoneNumbers)
        }
        return ReferenceBackend(configuration: configuration, world: world, defects: defects)
    }

    /// PHONE-12: the same E.164 validation as real numbers, 6-digit codes, at most ten numbers.
    private func validateTestPhoneNumbers(_ testNumbers: [TestPhoneNumber]) throws(ConfigurationError) {
        guard testNumbers.count <= Self.maximumTestPhoneNumbers else {
            throw .tooManyTestPhoneNumbers(count: testNumbers.count, limit: Self.maximumTestPhoneNumbers)
        }
        for testNumber in testNumbers {
            guard E164Number.isValid(testNumber.phoneNumber) else { throw .invalidTestPhoneNumber(testNumber.phoneNumber) }
            let code = testNumber.verificationCode
            guard code.count == 6, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .invalidTestVerificationCode(phoneNumber: testNumber.phoneNumber, code: code)
            }
        }
    }
}
