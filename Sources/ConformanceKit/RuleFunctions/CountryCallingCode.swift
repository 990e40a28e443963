/// ITU-T E.164 country calling codes are prefix-free: `1` and `7` are the one-digit codes, a fixed list has
/// two digits, and every other code has three. That is all a mask needs to know where the code ends.
public enum CountryCallingCode {
    static let twoDigitCodes: Set<String> = [
        "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
        "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84",
        "86", "90", "91", "92", "93", "94", "95", "98",
    ]

    /// The country calling code of `number`, e.g. `44` for `+447700900123`.
    public static func of(_ number: E164Number) -> Substring { number.digits.prefix(length(ofDigits: number.digits)) }

    /// How many of the leading `digits` (those after the `+`) form the country calling code.
    public static func length(ofDigits digits: Substring) -> Int {
        if digits.hasPrefix("1") || digits.hasPrefix("7") { return 1 }
        return twoDigitCodes.contains(String(digits.prefix(2))) ? 2 : 3
    }
}
