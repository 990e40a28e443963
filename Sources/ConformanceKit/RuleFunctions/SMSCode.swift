/// Reads the verification code out of an SMS text the way a person does (PHONE-3). A text may repeat its
/// code (Apple's domain-bound AutoFill line `@example.firebaseapp.com #123456`) or hold other numbers (a
/// year, a reference): the code is the one distinct run of exactly six digits.
public enum SMSCode {
    public static let length = 6

    /// The code of `text`: its one distinct 6-digit run; failing that, its first run of at least four digits
    /// (so a check can still show what a wrong template sent).
    public static func extract(from text: String) -> String? {
        let candidates = sixDigitCodes(in: text)
        return candidates.count == 1 ? candidates[0] : codes(in: text).first
    }

    /// The distinct runs of exactly six ASCII digits in `text`, in order of first appearance.
    public static func sixDigitCodes(in text: String) -> [String] {
        var seen = Set<String>()
        return codes(in: text).filter { $0.count == length && seen.insert($0).inserted }
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
