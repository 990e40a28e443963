/// A phone number in E.164 form: `+`, a country calling code that does not start with 0, then ASCII digits
/// only, 7 to 15 digits in all (PHONE-1, MFA-4).
///
/// This validates *form* only. Whether a well-formed number is assigned in its country is beyond E.164's
/// syntax, and PHONE-1 lets an implementation choose (``Capabilities/acceptsUnassignedPhoneNumbers``).
/// The shortest numbers in service (Niue, Tokelau: `+683 7012`) have 7 digits.
public struct E164Number: Sendable, Hashable, CustomStringConvertible {
    public static let maximumDigits = 15
    public static let minimumDigits = 7

    /// Why a string is not an E.164 number. The raw values are the `reason`s of `Fixtures/phone/e164.json`.
    public enum Problem: String, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case empty
        case whitespace
        /// Starts with the `00` international prefix instead of `+`.
        case internationalPrefix
        /// A `+` that is not the first character, or more than one.
        case misplacedPlus
        case missingPlus
        case punctuation
        case letter
        /// A digit outside `0`…`9` (Arabic-Indic, full-width, …).
        case nonASCIIDigit
        case countryCodeStartsWithZero
        case tooLong
        case tooShort

        public var description: String {
            switch self {
            case .empty: "it is empty"
            case .whitespace: "it contains whitespace"
            case .internationalPrefix: "it starts with the 00 prefix instead of +"
            case .misplacedPlus: "its + is not the single first character"
            case .missingPlus: "it does not start with +"
            case .punctuation: "it contains punctuation"
            case .letter: "it contains letters"
            case .nonASCIIDigit: "it contains digits other than 0-9"
            case .countryCodeStartsWithZero: "its country calling code starts with 0"
            case .tooLong: "it has more than \(E164Number.maximumDigits) digits"
            case .tooShort: "it has fewer than \(E164Number.minimumDigits) digits"
            }
        }
    }

    /// The number as written, e.g. `+16505550101`.
    public let rawValue: String

    public init(_ string: String) throws(Problem) {
        if let problem = Self.problem(in: string) { throw problem }
        rawValue = string
    }

    /// The digits after the `+`.
    public var digits: Substring { rawValue.dropFirst() }

    public var description: String { rawValue }

    public static func isValid(_ string: String) -> Bool { problem(in: string) == nil }

    /// The first problem that makes `string` not E.164, in a fixed order, or nil when it is E.164.
    public static func problem(in string: String) -> Problem? {
        if string.isEmpty { return .empty }
        if string.contains(where: \.isWhitespace) { return .whitespace }
        if string.hasPrefix("00") { return .internationalPrefix }
        if string.dropFirst().contains("+") { return .misplacedPlus }
        guard string.first == "+" else { return .missingPlus }
        let body = string.dropFirst()
        if body.contains(where: { !$0.isLetter && !$0.isNumber }) { return .punctuation }
        if body.contains(where: \.isLetter) { return .letter }
        if body.contains(where: { !$0.isASCII }) { return .nonASCIIDigit }
        if body.first == "0" { return .countryCodeStartsWithZero }
        if body.count > maximumDigits { return .tooLong }
        if body.count < minimumDigits { return .tooShort }
        return nil
    }
}
