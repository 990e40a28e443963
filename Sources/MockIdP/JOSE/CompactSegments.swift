import HTTPMessages

extension CompactJWS {
    /// The `.`-separated segments of a compact serialization, empty ones kept: what
    /// `compact.split(separator: ".", omittingEmptySubsequences: false)` gives, read in the bytes of an ASCII token
    /// (`split(atASCII:omittingEmpty:)`): every JWT a check signs, forges or reads is split here.
    public static func segments(of compact: String) -> [Substring] { compact.split(atASCII: ".", omittingEmpty: false) }
}
