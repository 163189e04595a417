import CLineScan

/// The scan's count: whether lines in ASCII match, none of them scored (a line that cannot
/// reach the page is only counted, and most lines are such lines).
extension LineScan {
    /// Which of `bits`, the lines of a word from `firstLine` on (all in ASCII), match. Lines
    /// that hold the bits of one-letter terms match by their masks alone; a pattern of one
    /// term is matched by a loop made for its kind.
    @inline(__always)
    func countedLines(
        _ bits: UInt64, from firstLine: Int, _ bytes: UnsafePointer<UInt8>, _ ends: TextEnds.Reader, _ masks: LineMasks.Reader
    ) -> UInt64 {
        guard bits != 0, !compiled.exactByMasks else { return bits }
        if compiled.setCount == 1, compiled.setEnds[0] == 1 {
            let term = compiled.terms[0]
            let inverse = term.inverse
            if term.text.count == 1, term.kind == .fuzzy || term.kind == .exact, let byte = soleEdge {
                return matching(bits, from: firstLine, bytes, ends, inverse: inverse) { ASCIIMatch.containsByte(byte, bytes + $1, $2) }
            }
            switch term.kind {
            case .fuzzy:
                if let found = fuzzyLines(0, bits, from: firstLine, bytes, ends) { return inverse ? bits & ~found : found }
                let lastReadable = lastReadable(bytes)
                return matching(bits, from: firstLine, bytes, ends, inverse: inverse) {
                    fuzzy32(0, bytes + $1, $2, lastReadable: lastReadable) ?? ASCIIMatch.fuzzy(term, bytes + $1, $2)
                }
            case .exact: return matching(bits, from: firstLine, bytes, ends, inverse: inverse) { ASCIIMatch.exact(term, bytes + $1, $2) }
            case .prefix:
                if let head = soleEdge {
                    if term.text.count <= 8 { return edges(bits, from: firstLine, bytes, ends, term, head, atEnd: false) }
                    return matching(bits, from: firstLine, bytes, ends, inverse: inverse) { ASCIIMatch.prefix(term, head: head, bytes + $1, $2) }
                }
                return matching(bits, from: firstLine, bytes, ends, inverse: inverse) { ASCIIMatch.prefix(term, bytes + $1, $2) }
            case .suffix:
                if let tail = soleEdge {
                    if term.text.count <= 8 { return edges(bits, from: firstLine, bytes, ends, term, tail, atEnd: true) }
                    return matching(bits, from: firstLine, bytes, ends, inverse: inverse) { ASCIIMatch.suffix(term, tail: tail, bytes + $1, $2) }
                }
                return matching(bits, from: firstLine, bytes, ends, inverse: inverse) { ASCIIMatch.suffix(term, bytes + $1, $2) }
            case .equal: return matching(bits, from: firstLine, bytes, ends, inverse: inverse) { ASCIIMatch.equal(term, bytes + $1, $2) }
            case .exactBoundary: break
            }
        }
        let lastReadable = lastReadable(bytes)
        guard compiled.alternativeByMask else {
            return matching(bits, from: firstLine, bytes, ends, inverse: false) { line, start, count in
                matchesAll(
                    UnsafeBufferPointer(start: bytes + start, count: count), mask: lineMask(line, masks), lastReadable: lastReadable)
            }
        }
        // A set with a one-letter term among others: set by set over the word's lines, each
        // term over the lines its set has not matched yet, one-letter terms first, whose lines
        // the masks tell (all of the word's at once when there are many). The others' text is
        // read only in the lines left: `zoe | c` reads the few lines with a `z` and no `c`,
        // where matching line by line passed each of the lines with a `c` through the
        // loop. Line by line stays for the other patterns: set by set, `mary 1` took longer.
        let word = firstLine / LineSet.wordLines
        var matched = bits
        for set in 0..<compiled.setCount where matched != 0 {
            var inSet: UInt64 = 0
            for pass in 0..<2 {
                let byMask = pass == 0
                for index in compiled.terms(ofSet: set) where compiled.termByMask[index] == byMask && matched & ~inSet != 0 {
                    let open = matched & ~inSet
                    let holding = masks.holding(compiled.termMasks[index], word: word) & open
                    if byMask {
                        inSet |= holding
                        continue
                    }
                    let term = compiled.terms[index]
                    let found =
                        fuzzyLines(index, holding, from: firstLine, bytes, ends)
                        ?? matching(holding, from: firstLine, bytes, ends, inverse: false) { _, start, count in
                            contains(index, term, UnsafeBufferPointer(start: bytes + start, count: count), lastReadable)
                        }
                    inSet |= term.inverse ? open & ~found : found
                }
            }
            matched &= inSet
        }
        return matched
    }

    /// The last place of the text from which 32 bytes can be read (nil in a text shorter).
    @inline(__always)
    func lastReadable(_ bytes: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        table.bytes.count >= 32 ? bytes + (table.bytes.count &- 32) : nil
    }

    /// Whether term `index` is in the line of `count` bytes at `line`, when the term is a short
    /// subsequence (`CompiledPattern.termPacked`), the line at most 32 bytes long and 32 bytes
    /// readable from its start: they are compared with each character at once (`cfuzzy32`,
    /// faster than one character at a time). Else nil.
    @inline(__always)
    private func fuzzy32(_ index: Int, _ line: UnsafePointer<UInt8>, _ count: Int, lastReadable: UnsafePointer<UInt8>?) -> Bool? {
        let packed = compiled.termPacked[index]
        guard packed != 0, count <= 32, let lastReadable, line <= lastReadable else { return nil }
        let term = compiled.terms[index]
        return cfuzzy32(line, Int64(count), packed, Int32(term.text.count), term.caseSensitive ? 0 : 1) != 0
    }

    /// Which of `bits`, lines of a word from `firstLine` on, start (or with `atEnd`, end) with
    /// a term of at most eight bytes, `edge` its bytes as one word: every line from the first
    /// of `bits` to the last compared with one eight-byte load and no branch (`cedges64`): a
    /// branch a line mispredicts on every other line of `^1`. A word with a line that starts or
    /// ends with white space (skipped before comparing), or whose loads would pass either end
    /// of the text, is matched line by line, as are the lines of a text whose ends are not packed.
    /// A word of lines is a group of ends (64 lines both), so one base serves the whole word.
    @inline(__always)
    private func edges(
        _ bits: UInt64, from firstLine: Int, _ bytes: UnsafePointer<UInt8>, _ ends: TextEnds.Reader, _ term: MatchTerm,
        _ edge: ASCIIMatch.Word, atEnd: Bool
    ) -> UInt64 {
        assert(TextEnds.groupSize == LineSet.wordLines)
        let low = bits.trailingZeroBitCount
        let high = 64 &- bits.leadingZeroBitCount
        let start = ends.start(firstLine &+ low)
        guard let offsets = ends.offsets, let bases = ends.bases, start >= 8, ends.end(firstLine &+ high &- 1) &+ 8 <= table.bytes.count,
            table.words[firstLine / LineSet.wordLines].whiteStarts & LineTable.whiteEdgeBit == 0
        else {
            return matching(bits, from: firstLine, bytes, ends, inverse: term.inverse) { _, start, count in
                atEnd ? ASCIIMatch.suffix(term, tail: edge, bytes + start, count) : ASCIIMatch.prefix(term, head: edge, bytes + start, count)
            }
        }
        let lines = clines(
            text: bytes, start: Int64(start), base: bases[firstLine &>> TextEnds.groupShift], offsets: offsets + (firstLine &+ low),
            count: Int32(high &- low))
        let compared = cedge(wanted: edge.wanted, care: edge.care, fold: edge.fold, length: Int64(term.text.count))
        let matched = (atEnd ? csuffixes64(lines, compared) : cprefixes64(lines, compared)) << UInt64(low)
        return (term.inverse ? ~matched : matched) & bits
    }

    /// Which of `bits`, lines of a word from `firstLine` on, hold term `index`, a short
    /// subsequence (`CompiledPattern.termPacked`), with no branch on each line's answer
    /// (`cfuzzylines64`: a branch a line mispredicts where matches and misses mix); those longer
    /// than 32 bytes one by one. Nil when the ends are not packed or 32 bytes past the word's
    /// last line start are past the text's end.
    @inline(__always)
    func fuzzyLines(_ index: Int, _ bits: UInt64, from firstLine: Int, _ bytes: UnsafePointer<UInt8>, _ ends: TextEnds.Reader) -> UInt64? {
        let packed = compiled.termPacked[index]
        guard packed != 0, let offsets = ends.offsets, let bases = ends.bases else { return nil }
        let count = min(LineSet.wordLines, table.count &- firstLine)
        let base = Int(bases[firstLine &>> TextEnds.groupShift])
        guard base &+ Int(offsets[firstLine &+ count &- 1]) &+ 32 <= table.bytes.count else { return nil }
        let term = compiled.terms[index]
        var longer: UInt64 = 0
        let found = cfuzzylines64(
            bytes + base, offsets + firstLine, bits, packed, Int32(term.text.count), term.caseSensitive ? 0 : 1, &longer)
        guard longer != 0 else { return found }
        return found | matching(longer, from: firstLine, bytes, ends, inverse: false) { ASCIIMatch.fuzzy(term, bytes + $1, $2) }
    }

    /// Asks the processor for lines `bits` of the word from `firstLine` on, to be read soon:
    /// the first bytes of each when they are few and far apart (they would each wait on memory
    /// otherwise); in a `narrowed` scan, every cache line from the first to the last when they
    /// are many (the processor's own fetching ahead left `ma` 5–10% slower at 10M lines; it
    /// keeps up with a scan of every line, which the extra requests slowed: `^1` by 7%).
    @inline(__always)
    func prefetch(_ bits: UInt64, from firstLine: Int, _ bytes: UnsafePointer<UInt8>, _ ends: TextEnds.Reader, narrowed: Bool) {
        guard bits.nonzeroBitCount < 16 else {
            guard narrowed else { return }
            var at = ends.start(firstLine &+ bits.trailingZeroBitCount)
            let end = ends.end(firstLine &+ 63 &- bits.leadingZeroBitCount)
            while at < end {
                cprefetch(bytes + at)
                at &+= 64
            }
            return
        }
        var rest = bits
        while rest != 0 {
            let line = firstLine &+ rest.trailingZeroBitCount
            rest &= rest &- 1
            cprefetch(bytes + ends.start(line))
        }
    }

    /// Asks the processor for what reading candidates `bits` of word `word` starts with, when
    /// they are few: the word's summary, its masks' words for the pattern's characters and its
    /// ends (the text is asked for later, from the ends). Many candidates in a word are read in
    /// order, which the processor foresees itself.
    @inline(__always)
    func fetch(_ bits: UInt64, of word: Int, _ masks: LineMasks.Reader, _ ends: TextEnds.Reader, _ summaries: UnsafeBufferPointer<LineTable.Word>) {
        guard bits != 0, bits.nonzeroBitCount < 16 else { return }
        cprefetch(summaries.baseAddress! + word)
        masks.prefetch(compiled.patternBits, word: word)
        // A line starts where the one before it ends: the word's ends from the line before its first.
        let firstLine = word &* LineSet.wordLines
        ends.prefetch(max(0, firstLine &- 1))
        ends.prefetch(firstLine &+ 31)
        ends.prefetch(min(table.count &- 1, firstLine &+ 63))
    }

    /// The lines of `bits` for which `matches(line, start, count)` differs from `inverse`.
    @inline(__always)
    private func matching(
        _ bits: UInt64, from firstLine: Int, _ bytes: UnsafePointer<UInt8>, _ ends: TextEnds.Reader, inverse: Bool,
        _ matches: (Int, Int, Int) -> Bool
    ) -> UInt64 {
        var found: UInt64 = 0
        var rest = bits
        while rest != 0 {
            let bit = rest.trailingZeroBitCount
            rest &= rest &- 1
            let line = firstLine &+ bit
            let start = ends.start(line)
            if matches(line, start, ends.end(line) &- start) != inverse { found |= 1 &<< UInt64(bit) }
        }
        return found
    }

    /// Whether every set matches a line in ASCII, nothing scored (see `ASCIIMatch`).
    @inline(__always)
    func matchesAll(_ line: UnsafeBufferPointer<UInt8>, mask: UInt32, lastReadable: UnsafePointer<UInt8>?) -> Bool {
        let terms = compiled.terms
        var index = 0
        for set in 0..<compiled.setCount {
            let setEnd = compiled.setEnds[set]
            var matched = false
            while index < setEnd {
                let term = terms[index]
                index += 1
                // A one-letter term is there exactly when the mask holds its bit.
                let found = !absent(index - 1, mask) && (compiled.termByMask[index - 1] || contains(index - 1, term, line, lastReadable))
                if found != term.inverse {
                    matched = true
                    break
                }
            }
            if !matched { return false }
            index = setEnd
        }
        return true
    }

    @inline(__always)
    private func contains(_ index: Int, _ term: MatchTerm, _ line: UnsafeBufferPointer<UInt8>, _ lastReadable: UnsafePointer<UInt8>?) -> Bool {
        guard let bytes = line.baseAddress else { return scorer.contains(term, in: ByteLine(bytes: line)) }
        return fuzzy32(index, bytes, line.count, lastReadable: lastReadable) ?? ASCIIMatch.contains(term, bytes, line.count)
            ?? scorer.contains(term, in: ByteLine(bytes: line))
    }
}
