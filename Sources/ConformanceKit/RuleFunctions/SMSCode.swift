/// Reads the verification code out of an SMS text the way a person does: the first run of at least four
/// digits. PHONE-3 then requires that run to have exactly six.
public enum SMSCode {
    public static func extract(from text: String) -> String? {
        codes(in: text).first
    }

    /// Every run of at least four ASCII digits in `text`, in order.
    public static func codes(in text: String) -> [String] {
        var runs: [String] = []
        var current = ""
        for character in text + " " {
            if character.isASCII, character.isNumber {
                current.append(character)
            } else {
                if current.count >= 4 { runs.append(current) }
                current = ""
            }
        }
        return runs
    }
}
