extension StringProtocol {
    /// What `split(separator: separator, omittingEmptySubsequences: omittingEmpty)` gives, for an ASCII separator.
    ///
    /// Read in the bytes when the text is ASCII, as tokens, form bodies and queries are: splitting by `Character` walks
    /// grapheme clusters, which in the debug builds `swift test` makes costs several times the work done on what is
    /// split. Any other text (a combining mark after the separator joins the two into one `Character`, which then
    /// separates nothing) is split by `Character`, so the answer is the same either way.
    package func split(atASCII separator: Unicode.Scalar, omittingEmpty: Bool) -> [SubSequence] {
        precondition(separator.isASCII, "an ASCII separator")
        let byte = UInt8(separator.value)
        var offsets: [Int] = []
        var isASCII = true
        let scan = { (units: UnsafeBufferPointer<UInt8>) in
            for offset in 0..<units.count {
                let unit = units[offset]
                if unit == byte { offsets.append(offset) } else if unit >= 0x80 { isASCII = false }
            }
        }
        if utf8.withContiguousStorageIfAvailable(scan) == nil { Array(utf8).withUnsafeBufferPointer(scan) }
        guard isASCII else { return split(separator: Character(separator), omittingEmptySubsequences: omittingEmpty) }
        var pieces: [SubSequence] = []
        pieces.reserveCapacity(offsets.count + 1)
        var start = startIndex
        for offset in offsets {
            let end = utf8.index(utf8.startIndex, offsetBy: offset)
            if !omittingEmpty || start < end { pieces.append(self[start..<end]) }
            start = utf8.index(after: end)
        }
        if !omittingEmpty || start < endIndex { pieces.append(self[start...]) }
        return pieces
    }
}
