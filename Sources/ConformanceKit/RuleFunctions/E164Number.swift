/// A phone number in E.164 form: `+`, a whole country calling code that does not start with 0, then ASCII
/// digits only, 15 digits at most in all (PHONE-1, MFA-4). A country calling code with nothing after it (`+44`) is
/// well-formed but shorter than any number in service: implementation-defined, as every number under 7 digits.
///
/// This validates *form* only. Whether a well-formed number is assigned in its country, and whether one
/// shorter than any number in service (``isShorterThanAnyInService``) is accepted, PHONE-1 leaves to the
/// implementation, number by number, with no declaration.
public struct E164Number: Sendable, Hashable, CustomStringConvertible {
    public static let maximumDigits = 15
    /// The shortest numbers in service (Niue, Tokelau: `+683 7012`) have 7 digits.
    public static let shortestInService = 7

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
            case .tooShort: "it has no whole country calling code"
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

    /// Fewer digits than any number in service: well-formed, and implementation-defined under PHONE-1.
    public var isShorterThanAnyInService: Bool { digits.count < Self.shortestInService }

    public static func isValid(_ string: String) -> Bool { problem(in: string) == nil }

    /// Whether `string` is `+` then ASCII digits only, read in its bytes: what almost every number a check sends is,
    /// and what the checks by `Character` in ``problem(in:)`` (each a walk over grapheme clusters) would all pass.
    private static func isPlusThenASCIIDigits(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            guard bytes.count > 1, bytes[0] == 0x2B else { return false }  // "+"
            for index in 1..<bytes.count where bytes[index] < 0x30 || bytes[index] > 0x39 { return false }  // 0-9
            return true
        }
    }

    /// The first problem that makes `string` not E.164, in a fixed order, or nil when it is E.164.
    public static func problem(in string: String) -> Problem? {
        if string.isEmpty { return .empty }
        let body = string.dropFirst()
        if !isPlusThenASCIIDigits(string) {
            if string.contains(where: \.isWhitespace) { return .whitespace }
            if string.hasPrefix("00") { return .internationalPrefix }
            if body.contains("+") { return .misplacedPlus }
            guard string.first == "+" else { return .missingPlus }
            if body.contains(where: { !$0.isLetter && !$0.isNumber }) { return .punctuation }
            if body.contains(where: \.isLetter) { return .letter }
            if body.contains(where: { !$0.isASCII }) { return .nonASCIIDigit }
        }
        if body.first == "0" { return .countryCodeStartsWithZero }
        if body.count > maximumDigits { return .tooLong }
        if body.isEmpty || body.count < CountryCallingCode.length(ofDigits: body) { return .tooShort }
        return nil
    }
}
