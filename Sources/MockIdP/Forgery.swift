import Foundation

/// What every forge of the world keeps to: a forged artifact differs from the genuine
/// one in the bytes the forgery names, every run. A non-canonical spelling of the same bytes is the genuine artifact,
/// not a forgery: base64url's last character carries unused low bits when the bytes do not fill it, so changing `A`
/// to `B` there may change no byte at all.
///
/// The forges check what they make when they make it. Where the forge itself makes the difference (a character it
/// changes), a forgery that changes nothing is its own mistake and stops the run (a precondition). Where the difference
/// lies in artifacts the subject gave (a token already unsigned, two requests with one state), a forge that makes a
/// list leaves that forgery out, and one that makes a single artifact throws ``NotAForgery``.
public enum Forgery {
    /// A forgery asked of an artifact it would leave as it is (the genuine redirect has no state to remove, another
    /// request's state is this one's).
    public struct NotAForgery: Error, Sendable, Hashable, CustomStringConvertible {
        public let reason: String

        public init(_ reason: String) { self.reason = reason }

        public var description: String { "not a forgery: \(reason)" }
    }

    /// `text` with its character at `offset` changed so that the bytes it stands for change too. A base64 or
    /// base64url digit gets its highest bit flipped, or its second highest where that would give one of the two
    /// digits the alphabets spell differently (`+` `/`, `-` `_`): both bits are used at every position, the last
    /// one too. Any other character (a `.` between a JWS's segments, a `=`) becomes `A`. An empty text (an artifact a
    /// server answered empty) has no character to change: it becomes `A`.
    public static func changingCharacter(at offset: Int, of text: String) -> String {
        guard !text.isEmpty else { return "A" }
        var characters = Array(text)
        precondition(characters.indices.contains(offset), "no character \(offset) in a text of \(characters.count)")
        characters[offset] = changed(characters[offset])
        let forged = String(characters)
        requireChanged(forged, from: text, "the text with its character \(offset) changed")
        return forged
    }

    /// The base64 digit whose value differs from `character`'s in a bit every position uses, or `A` for a character
    /// that is no base64 digit.
    static func changed(_ character: Character) -> Character {
        guard let value = digits.firstIndex(of: character) ?? urlDigits.firstIndex(of: character) else {
            return character == "A" ? "B" : "A"
        }
        let flipped = value ^ 0b10_0000 < 62 ? value ^ 0b10_0000 : value ^ 0b01_0000
        return digits[flipped]
    }

    private static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    private static let urlDigits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// Whether `forged` differs from `genuine` as an opaque artifact: as text, and, where both decode as base64 or
    /// base64url (padded or not, as a lenient decoder reads them), as the bytes they decode to.
    public static func differs(_ forged: String, from genuine: String) -> Bool {
        guard forged != genuine else { return false }
        guard let genuineBytes = Base64URL.decodeLeniently(genuine), let forgedBytes = Base64URL.decodeLeniently(forged)
        else { return true }
        return genuineBytes != forgedBytes
    }

    /// Stops the run unless `forged` differs from `genuine` (``differs(_:from:)``): `what` names the forgery.
    public static func requireChanged(
        _ forged: String, from genuine: String, _ what: @autoclosure () -> String, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        precondition(
            differs(forged, from: genuine), "a forgery that changes nothing: \(what()) is the genuine artifact",
            file: file, line: line)
    }

    /// The segments of a compact JWS a forgery changes.
    public enum Segment: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case header
        case payload
        case signature

        public var description: String {
            switch self {
            case .header: "header"
            case .payload: "payload"
            case .signature: "signature"
            }
        }

        /// The segment of a compact serialization that holds the character at `offset` (a `.` belongs to the segment
        /// it ends), or nil past the third.
        public static func holding(offset: Int, of compact: String) -> Segment? {
            Segment(rawValue: compact.prefix(offset).filter { $0 == "." }.count)
        }
    }

    /// Whether the compact JWS `forged` differs from `genuine` in one of `segments`, as the bytes they decode to: or
    /// in its shape (another number of segments), which changes every segment.
    public static func differs(_ forged: String, from genuine: String, in segments: Set<Segment>) -> Bool {
        let forgedParts = CompactJWS.segments(of: forged)
        let genuineParts = CompactJWS.segments(of: genuine)
        guard forgedParts.count == genuineParts.count, genuineParts.count == 3 else { return forged != genuine }
        return segments.contains { segment in
            let (forgedPart, genuinePart) = (forgedParts[segment.rawValue], genuineParts[segment.rawValue])
            guard forgedPart != genuinePart else { return false }
            // Segments that are not both base64url (a server's token may be so) differ as text, as `differs(_:from:)`.
            guard let forgedBytes = Base64URL.decodeLeniently(forgedPart),
                let genuineBytes = Base64URL.decodeLeniently(genuinePart)
            else { return true }
            return forgedBytes != genuineBytes
        }
    }

    /// Stops the run unless the compact JWS `forged` differs from `genuine` in one of `segments` (see
    /// ``differs(_:from:in:)``): `what` names the forgery.
    public static func requireChanged(
        _ segments: Set<Segment>, of forged: String, from genuine: String, _ what: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        precondition(
            differs(forged, from: genuine, in: segments),
            "a forgery that changes nothing: \(what()) has the genuine token's \(segments.map(\.description).sorted())",
            file: file, line: line)
    }
}
