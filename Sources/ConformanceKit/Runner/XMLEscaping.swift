/// Text made safe for XML 1.0, which cannot hold most control characters at all, not even as character
/// references: those are written as `\u{1B}`, so the report still shows them.
enum XMLEscaping {
    /// For element content.
    static func text(_ string: String) -> String { escaped(string, inAttribute: false) }

    /// For an attribute value in double quotes; line breaks and tabs survive attribute normalization.
    static func attribute(_ string: String) -> String { escaped(string, inAttribute: true) }

    private static func escaped(_ string: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where inAttribute: result += "&quot;"
            case "'" where inAttribute: result += "&apos;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t" where inAttribute: result += "&#9;"
            case "\r": result += "&#13;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
