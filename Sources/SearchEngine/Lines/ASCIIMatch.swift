/// Whether a term is in a line in ASCII, read straight from its bytes: the count's inner loop
/// (`LineScan`), which meets most lines and scores none. It answers as `LineScorer.contains`
/// does for the same line (`ASCIIMatchTests` compares the two); a term at word boundaries,
/// rare and not found by position alone, is left to the scorer (nil).
enum ASCIIMatch {
    @inline(__always)
    static func contains(_ term: MatchTerm, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool? {
        switch term.kind {
        case .fuzzy: return fuzzy(term, line, count)
        case .exact: return exact(term, line, count)
        case .prefix: return prefix(term, line, count)
        case .suffix: return suffix(term, line, count)
        case .equal: return equal(term, line, count)
        case .exactBoundary: return nil
        }
    }

    /// The term's characters in order, gaps allowed.
    @inline(__always)
    static func fuzzy(_ term: MatchTerm, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        for c in term.text {
            guard let found = firstIndex(of: c, line, count, from: i, term) else { return false }
            i = found + 1
        }
        return true
    }

    /// Whether a one-character term (fuzzy or exact alike) is in the line: its eight-byte
    /// chunks tested in turn, the last one read back from the line's end, no position kept.
    /// `byte`: the term's `Word`, whose one byte is compared with every byte of a chunk.
    @inline(__always)
    static func containsByte(_ byte: Word, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count >= 8 else {
            for i in 0..<count where byte.matches(UInt64(line[i])) { return true }
            return false
        }
        let base = UnsafeRawPointer(line)
        var at = 0
        while true {
            if byte.inAnyByte(base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) { return true }
            if at == count - 8 { return false }
            at = min(at + 8, count - 8)
        }
    }

    /// The term's characters side by side, anywhere.
    @inline(__always)
    static func exact(_ term: MatchTerm, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let pattern = term.text
        guard let first = pattern.first else { return true }
        var from = 0
        while from + pattern.count <= count, let start = firstIndex(of: first, line, count, from: from, term) {
            guard start + pattern.count <= count else { return false }
            if same(term, line + start, from: 1) { return true }
            from = start + 1
        }
        return false
    }

    /// At the line's start, white space before it skipped unless the term starts with some.
    @inline(__always)
    static func prefix(_ term: MatchTerm, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var start = 0
        if !isWhite(term.text[0]) { while start < count, LineTable.isWhite(line[start]) { start += 1 } }
        return count - start >= term.text.count && same(term, line + start, from: 0)
    }

    /// `prefix`, the line's first eight bytes compared with the term's at once (`head`: its
    /// first eight) when the line has eight and does not start with white space.
    @inline(__always)
    static func prefix(_ term: MatchTerm, head: Word, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count >= 8, !LineTable.isWhite(line[0]) else { return prefix(term, line, count) }
        return count >= term.text.count && head.matches(UnsafeRawPointer(line).loadUnaligned(as: UInt64.self))
            && (term.text.count <= 8 || same(term, line, from: 8))
    }

    /// `suffix`, the line's last eight bytes compared with the term's at once (`tail`: its last
    /// eight) when the line has eight and does not end with white space.
    @inline(__always)
    static func suffix(_ term: MatchTerm, tail: Word, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count >= 8, !LineTable.isWhite(line[count - 1]) else { return suffix(term, line, count) }
        return count >= term.text.count && tail.matches(UnsafeRawPointer(line).loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            && (term.text.count <= 8 || same(term, line + count - term.text.count, from: 0))
    }

    /// Up to eight bytes of a term in ASCII as one word, to compare eight bytes of a line with
    /// in one step: the term's first eight in the word's first bytes (a prefix), or its last
    /// eight in the word's last bytes (a suffix). A letter the term matches in either case is
    /// compared with its 0x20 bit set, which folds exactly its capital onto it, as `comparable`
    /// does. None for a term outside ASCII or holding a capital it ignores the case of.
    struct Word {
        private(set) var wanted: UInt64 = 0
        private(set) var care: UInt64 = 0
        private(set) var fold: UInt64 = 0

        init?(_ term: MatchTerm, last: Bool) {
            let count = min(8, term.text.count)
            for index in 0..<count {
                let c = term.text[last ? term.text.count - count + index : index]
                guard c < 0x80, term.caseSensitive || c &- 0x41 >= 26 else { return nil }
                let shift = UInt64((last ? 8 - count + index : index) * 8)
                wanted |= UInt64(c) << shift
                care |= 0xFF << shift
                if !term.caseSensitive && c &- 0x61 < 26 { fold |= 0x20 << shift }
            }
        }

        @inline(__always) func matches(_ bytes: UInt64) -> Bool { (bytes | fold) & care == wanted }

        /// For a word of one byte: whether any of eight bytes compares equal to it (a byte
        /// XOR-ed to 0 found exactly, as in `firstIndex`).
        @inline(__always) func inAnyByte(_ bytes: UInt64) -> Bool {
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let y = (bytes | fold &* 0x0101_0101_0101_0101) ^ (wanted &* 0x0101_0101_0101_0101)
            return ~(((y & low) &+ low) | y | low) != 0
        }
    }

    /// At the line's end, white space after it skipped unless the term ends with some.
    @inline(__always)
    static func suffix(_ term: MatchTerm, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var end = count
        if !isWhite(term.text[term.text.count - 1]) { while end > 0, LineTable.isWhite(line[end - 1]) { end -= 1 } }
        return end >= term.text.count && same(term, line + end - term.text.count, from: 0)
    }

    /// The whole line, white space either side skipped.
    @inline(__always)
    static func equal(_ term: MatchTerm, _ line: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var start = 0
        var end = count
        while start < end, LineTable.isWhite(line[start]) { start += 1 }
        while end > start, LineTable.isWhite(line[end - 1]) { end -= 1 }
        return end - start == term.text.count && same(term, line + start, from: 0)
    }

    /// The byte as `term` compares it: an ASCII capital folded unless the term minds case.
    @inline(__always) private static func comparable(_ byte: UInt8, _ term: MatchTerm) -> UInt32 {
        term.caseSensitive || byte &- 0x41 >= 26 ? UInt32(byte) : UInt32(byte | 0x20)
    }

    @inline(__always) private static func isWhite(_ c: UInt32) -> Bool { c < 0x80 && LineTable.isWhite(UInt8(c)) }

    /// Whether the term's characters from `from` on are the bytes at `at + from` on (in range).
    @inline(__always)
    private static func same(_ term: MatchTerm, _ at: UnsafePointer<UInt8>, from: Int) -> Bool {
        var k = from
        while k < term.text.count {
            if comparable(at[k], term) != term.text[k] { return false }
            k += 1
        }
        return true
    }

    /// The first index from `start` on whose byte `term` compares equal to `c`, eight bytes at
    /// a time: the bytes XOR-ed with `c` in every byte, a byte that becomes 0 is found (the test
    /// is exact byte by byte: no carry crosses bytes). A letter is compared with its 0x20 bit
    /// set when the term ignores case, which folds exactly its capital onto it. The last eight
    /// bytes are read back from the line's end, never past it.
    @inline(__always)
    static func firstIndex(of c: UInt32, _ line: UnsafePointer<UInt8>, _ count: Int, from start: Int, _ term: MatchTerm) -> Int? {
        // Outside ASCII, or a capital a term ignoring case never meets: no byte compares equal.
        if c >= 0x80 || (!term.caseSensitive && c &- 0x41 < 26) { return nil }
        guard count >= 8 else {
            var i = start
            while i < count {
                if comparable(line[i], term) == c { return i }
                i += 1
            }
            return nil
        }
        let fold: UInt64 = !term.caseSensitive && c &- 0x61 < 26 ? 0x2020_2020_2020_2020 : 0
        let wanted = UInt64(c) &* 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let base = UnsafeRawPointer(line)
        var i = start
        while i < count {
            let at = min(i, count - 8)
            let y = (base.loadUnaligned(fromByteOffset: at, as: UInt64.self) | fold) ^ wanted
            let zero = ~(((y & low) &+ low) | y | low) & (UInt64.max &<< UInt64((i - at) * 8))
            if zero != 0 { return at + zero.trailingZeroBitCount / 8 }
            i = at + 8
        }
        return nil
    }
}
