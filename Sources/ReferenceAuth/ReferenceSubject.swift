import ConformanceKit
import MockIdP

/// The reference implementation as a subject: conforming when `defects` is empty, whatever its `variations`.
public struct ReferenceSubject: ConformanceSubject {
    public static let maximumTestPhoneNumbers = 10

    /// Its defects and variations are this package's own: its audit and its tests (vendors audit variants of their
    /// own implementation through `AuditVariant`).
    package let defects: Set<Defect>
    package let variations: Set<Variation>
    package let behaviour: ReferenceBehaviour

    /// The conforming reference.
    public init() { self.init(defects: [], variations: []) }

    package init(defects: Set<Defect> = [], variations: Set<Variation> = []) {
        self.defects = defects
        self.variations = variations
        behaviour = ReferenceBehaviour(defects: defects, variations: variations)
    }

    public var name: String {
        let changes = defects.sorted().map(\.rawValue) + variations.map(\.rawValue).sorted()
        return changes.isEmpty ? "ReferenceAuth" : "ReferenceAuth with \(changes.joined(separator: ", "))"
    }

    public var capabilities: Capabilities { behaviour.capabilities }

    public func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        if behaviour.testNumbers.configurationValidated {
            try validateTestPhoneNumbers(configuration.phone.testPhoneNumbers)
        }
        return ReferenceBackend(configuration: configuration, world: world, behaviour: behaviour)
    }

    /// PHONE-12: the same E.164 validation as real numbers, 6-digit codes, at most ten numbers.
    private func validateTestPhoneNumbers(_ testNumbers: [TestPhoneNumber]) throws(ConfigurationError) {
        guard testNumbers.count <= Self.maximumTestPhoneNumbers else {
            throw .tooManyTestPhoneNumbers(count: testNumbers.count, limit: Self.maximumTestPhoneNumbers)
        }
        for testNumber in testNumbers {
            guard
                behaviour.phoneNumbers.validator?(testNumber.phoneNumber) ?? E164Number.isValid(testNumber.phoneNumber)
            else { throw .invalidTestPhoneNumber(testNumber.phoneNumber) }
            let code = testNumber.verificationCode
            guard code.count == 6, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .invalidTestVerificationCode(phoneNumber: testNumber.phoneNumber, code: code)
            }
        }
    }
}
