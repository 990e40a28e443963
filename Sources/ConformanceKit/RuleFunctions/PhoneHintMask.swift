/// How a multi-factor hint may show a phone number (MFA-7): every digit but the last four masked with `*`,
/// one `*` per digit; the whole country calling code may stay visible. For `+15105551234` both
/// `+*******1234` (the Firebase Auth Emulator's style) and `+1******1234` (the iOS SDK's) conform.
public enum PhoneHintMask {
    public static let visibleTrailingDigits = 4

    /// Why a hint does not conform. The raw values are the `reason`s of `Fixtures/mfa/phone-hint-mask.json`.
    public enum Problem: String, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case missingPlus
        /// Not one character per digit.
        case wrongLength
        case unexpectedCharacter
        case lastFourDigitsWrong
        case wrongVisibleDigits
        /// A digit after a `*`.
        case revealsMaskedDigit
        case revealsMoreThanCountryCode
        case partialCountryCode
        /// Nothing is masked.
        case revealsFullNumber

        public var description: String {
            switch self {
            case .missingPlus: "it does not start with +"
            case .wrongLength: "it does not have one character per digit"
            case .unexpectedCharacter: "it has characters other than digits and *"
            case .lastFourDigitsWrong: "its last four characters are not the number's last four digits"
            case .wrongVisibleDigits: "its visible leading digits are not the number's"
            case .revealsMaskedDigit: "it shows a digit between masked ones"
            case .revealsMoreThanCountryCode: "it shows more leading digits than the country calling code"
            case .partialCountryCode: "it shows part of the country calling code"
            case .revealsFullNumber: "it masks nothing"
            }
        }
    }

    /// The hint for `number`, masked in one of the two accepted styles.
    public static func mask(_ number: E164Number, showingCountryCode: Bool) -> String {
        let digits = number.digits
        let visible = showingCountryCode ? CountryCallingCode.of(number).count : 0
        let masked = digits.count - visibleTrailingDigits - visible
        guard masked > 0 else { return mask(number, showingCountryCode: false) }
        return "+" + digits.prefix(visible) + String(repeating: "*", count: masked)
            + digits.suffix(visibleTrailingDigits)
    }

    /// The first problem of `hint` as a hint for `number`, or nil when it conforms.
    public static func problem(in hint: String, for number: E164Number) -> Problem? {
        let digits = Array(number.digits)
        guard hint.first == "+" else { return .missingPlus }
        let body = Array(hint.dropFirst())
        guard body.count == digits.count else { return .wrongLength }
        guard body.allSatisfy({ $0 == "*" || ($0.isASCII && $0.isNumber) }) else { return .unexpectedCharacter }
        let split = digits.count - visibleTrailingDigits
        guard body[split...] == digits[split...] else { return .lastFourDigitsWrong }
        let prefix = body[..<split]
        let visible = prefix.prefix { $0 != "*" }.count
        guard prefix.prefix(visible) == digits.prefix(visible) else { return .wrongVisibleDigits }
        guard prefix.dropFirst(visible).allSatisfy({ $0 == "*" }) else { return .revealsMaskedDigit }
        let countryCode = CountryCallingCode.of(number).count
        if visible > countryCode { return .revealsMoreThanCountryCode }
        if visible > 0, visible < countryCode { return .partialCountryCode }
        if !prefix.contains("*") { return .revealsFullNumber }
        return nil
    }
}
