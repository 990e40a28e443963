extension CompactJWS {
    /// The `.`-separated segments of a compact serialization, empty ones kept: what
    /// `compact.split(separator: ".", omittingEmptySubsequences: false)` gives.
    ///
    /// Read in the string's bytes when it is ASCII, as every compact JWS is: splitting by `Character` walks grapheme
    /// clusters, which in the debug builds `swift test` makes cost several times a check's own work on a token. Any
    /// other string (a forgery with a combining mark after a dot, say) is split by `Character` as before.
    public static func segments(of compact: String) -> [Substring] {
        var dots: [Int] = []
        var isASCII = true
        var bytes = compact
        bytes.withUTF8 { buffer in
            for offset in 0..<buffer.count {
                let byte = buffer[offset]
                if byte == 0x2E { dots.append(offset) } else if byte >= 0x80 { isASCII = false }  // 0x2E: "."
            }
        }
        guard isASCII else { return compact.split(separator: ".", omittingEmptySubsequences: false) }
        let utf8 = compact.utf8
        var segments: [Substring] = []
        segments.reserveCapacity(dots.count + 1)
        var start = utf8.startIndex
        for offset in dots {
            let dot = utf8.index(utf8.startIndex, offsetBy: offset)
            segments.append(compact[start..<dot])
            start = utf8.index(after: dot)
        }
        segments.append(compact[start...])
        return segments
    }
}
