/// The verification text in the languages the reference sends, keyed by BCP-47 primary language.
enum SMSTemplate {
    static func text(code: String, appName: String, language: String?) -> (text: String, language: String) {
        let primary = language?.split(separator: "-").first.map { String($0).lowercased() } ?? "en"
        switch primary {
        case "fr": return ("\(code) est votre code de validation pour \(appName).", "fr")
        case "de": return ("\(code) ist Ihr Bestätigungscode für \(appName).", "de")
        case "es": return ("\(code) es tu código de verificación para \(appName).", "es")
        case "ja": return ("\(appName) の確認コードは \(code) です。", "ja")
        case "ko": return ("\(appName) 인증 코드는 \(code)입니다.", "ko")
        default: return ("\(code) is your verification code for \(appName).", "en")
        }
    }
}
