import InstantSearchCore

/// One pass of a pattern over lines (all of them, or the matches of a shorter query): the lines
/// that match each set of terms, and the best of them by ranking key — the score (higher
/// first), the first tie-break, the line number (or, with `--no-sort`, the line number alone).
struct LineScan {
    let table: LineTable
    let pattern: LinePattern
    let options: LineMatchOptions
    let scorer: LineScorer
    /// Read by the mask prefilter (`LineScan+Masks.swift`) too.
    let compiled: CompiledPattern
    /// What the inner loop reads of the options, read once (`rankingTiebreaks` is an array).
    let firstTiebreak: LineMatchOptions.Tiebreak?
    let wholeLine: Bool
    /// For a pattern of one term: its first eight bytes (a suffix's last eight) as one word,
    /// when it is in ASCII (`countedLines` compares lines with it).
    let soleEdge: ASCIIMatch.Word?
    /// Whether the pattern is one prefix or suffix of at most eight bytes, which `cedges64`
    /// compares with every line of a word, those the masks rule out too: a word's lines are
    /// then taken by the word's masks OR-ed, their own not read (see `mayHold`).
    let comparesWholeWords: Bool
    /// Whether every match has a place in the line: a set of the pattern has no negation. A
    /// line matched by negations alone has none, and fzf's tie-breaks then leave it in input order.
    let alwaysLocated: Bool
    /// Whether a line that holds the pattern only with a gap, and may reach the page, is scored
    /// after the scan (`LineScan+Gaps.swift`): the pattern is one subsequence of two
    /// characters or more, ranked.
    let defersGaps: Bool
    /// The most parts the scan is split into (one: a chunk of a streamed filter, already on a core of its own).
    let cores: Int

    /// A scan's answer: every matching line (what a longer query narrows), and the smallest
    /// keys asked for, sorted.
    struct Matches {
        var lines: LineSet
        var best: [UInt64]
    }

    /// One part's answer: the bits of its words of lines, how many are set, its best keys.
    private struct Part {
        var words: [UInt64] = []
        var found = 0
        var best: [UInt64] = []
        var gapped = GappedLines()
    }

    init(table: LineTable, pattern: LinePattern, options: LineMatchOptions, cores: Int = Parallel.cores) {
        self.table = table
        self.cores = cores
        self.pattern = pattern
        self.options = options
        scorer = LineScorer(scheme: options.scheme, forward: options.searchesForward, algorithm: options.algorithm)
        compiled = CompiledPattern(pattern, scorer: scorer)
        firstTiebreak = options.rankingTiebreaks.first
        wholeLine = options.nth == nil
        let sole = compiled.setCount == 1 && compiled.setEnds[0] == 1 ? compiled.terms[0] : nil
        soleEdge = sole.flatMap { ASCIIMatch.Word($0, last: $0.kind == .suffix) }
        alwaysLocated = pattern.sets.contains { $0.allSatisfy { !$0.inverse } }
        comparesWholeWords = soleEdge != nil && sole.map { ($0.kind == .prefix || $0.kind == .suffix) && !$0.inverse && $0.text.count <= 8 } == true
        defersGaps = options.sort && wholeLine && sole.map { $0.kind == .fuzzy && !$0.inverse && $0.text.count >= 2 } == true
    }

    /// Lines scanned between two looks at cancellation (and split over the cores): at least
    /// this many, and a 32nd of the lines. Each block's parts wake another thread, and on a
    /// long list a block of this size alone spent a quarter of a keystroke on the wake-ups;
    /// 32 looks still stop a stale scan within a few milliseconds.
    static let blockLines = 1 << 16
    /// How many words of lines ahead of the one read their text is fetched from memory: two
    /// left the lines waiting on it, eight fetched what was evicted before it was read.
    static let wordsAhead = 4
    /// In a narrowed scan, counted in words read: how far ahead the masks, ends and summary of
    /// a word with few candidates are asked for; when it visits only the words that hold
    /// candidates, how far ahead their text is (its ends are known by then).
    static let farAhead = 16
    static let nearAhead = 8

    /// The lines among `candidates` (the lines of an earlier scan with the same options, nil
    /// for every line) that match, and the `best` smallest keys. Only the page's keys are
    /// kept, each part of the scan holding its own best. Checks for cancellation between
    /// blocks and throws `CancellationError`.
    func matches(candidates: LineSet?, best count: Int) throws -> Matches {
        try run(candidates: candidates, best: count, first: false)
    }

    /// Whether any line matches: the scan stops at the first.
    func anyMatch() throws -> Bool {
        try !run(candidates: nil, best: 0, first: true).lines.isEmpty
    }

    private func run(candidates: LineSet?, best count: Int, first: Bool) throws -> Matches {
        // Narrowed from no line: none, without a pass over the words.
        if let candidates, candidates.isEmpty { return Matches(lines: candidates, best: []) }
        let wordCount = (table.count + LineSet.wordLines - 1) / LineSet.wordLines
        var words: [UInt64] = []
        words.reserveCapacity(first ? 0 : wordCount)
        let ceiling = first ? nil : seedCeiling(candidates: candidates, best: count)
        var best = TopKeys.Best<UInt64>(count: count, below: ceiling)
        var gapped = GappedLines()
        let blockLines = max(Self.blockLines, table.count / 32)
        var start = 0
        while start < wordCount {
            if Task.isCancelled { throw CancellationError() }
            // A block holds about `blockLines` lines to read: few candidates make wide blocks.
            var end = start
            var lines = 0
            if let candidateWords = candidates?.words {
                while end < wordCount, lines < blockLines {
                    lines += candidateWords[end].nonzeroBitCount
                    end += 1
                }
            } else {
                end = min(wordCount, start + (blockLines + LineSet.wordLines - 1) / LineSet.wordLines)
                lines = (end - start) * LineSet.wordLines
            }
            let parts = Parallel.map(Parallel.ranges(end - start, minimum: 128, parts: lines < Self.blockLines / 8 ? 1 : cores)) {
                range in
                self.scan(
                    words: (start + range.lowerBound)..<(start + range.upperBound), candidates: candidates,
                    best: TopKeys.Best(count: count, below: best.worst ?? ceiling), first: first)
            }
            for part in parts {
                words += part.words
                best.offer(part.best)
                gapped.take(part.gapped, admitted: best)
            }
            if gapped.bounds.count > GappedLines.flushed {
                try score(gapped, into: &best)
                gapped = GappedLines()
            }
            // Looking for one: the words so far are enough to say there is one.
            if first && parts.contains(where: { $0.found > 0 }) { break }
            start = end
        }
        if !gapped.isEmpty { try score(gapped, into: &best) }
        return Matches(lines: LineSet(words: words), best: best.sorted())
    }

    /// The key of one line, nil when it does not match.
    func key(of line: Int) -> UInt64? {
        let mask = table.masks[line]
        guard mayMatch(mask) else { return nil }
        var scalars: [UInt32] = []
        return table.bytes.withUnsafeBufferPointer { bytes in
            let slice = UnsafeBufferPointer(rebasing: bytes[table.range(of: line)])
            if wholeLine && mask & LineTable.nonASCIIBit == 0 { return key(line, ByteLine(bytes: slice), mask: mask) }
            return scalarKey(of: line, slice, scalars: &scalars)
        }
    }

    /// The lines of words `range` (each word 64 lines), those of `candidates` only when given;
    /// `best` starts empty, below the worst key of the page the earlier blocks made.
    private func scan(words range: Range<Int>, candidates: LineSet?, best: TopKeys.Best<UInt64>, first: Bool) -> Part {
        var part = Part()
        part.words = [UInt64](repeating: 0, count: range.count)
        var best = best
        let count = best.count
        var scalars: [UInt32] = []
        let candidateWords = candidates?.words
        // A narrowed scan's words with few candidates would each wait on memory for their masks,
        // ends, summary and text in turn (most of such a scan was waiting), so those are asked
        // for `farAhead` words on, which the processor does not foresee. When fewer than half of its words hold candidates, it visits only those.
        let visited = candidateWords.flatMap { words in
            let holding = range.filter { words[$0] != 0 }
            return holding.count * 2 < range.count ? holding : nil
        }
        let visitCount = visited?.count ?? range.count
        let textAhead = visited == nil ? Self.wordsAhead : Self.nearAhead
        table.bytes.withUnsafeBufferPointer { bytes in
            table.ends.withReader { ends in
                table.masks.withReader { masks in
                    table.words.withUnsafeBufferPointer { summaries in
                        let lastReadable = lastReadable(bytes.baseAddress!)
                        // The lines each word may hold by their masks, known `textAhead` words
                        // ahead: their text is fetched while these are read, and their masks
                        // are still at hand when the lines are read (made all at once, before,
                        // most were read from memory again: a quarter of `jn` waited on them).
                        var holds = [UInt64](repeating: 0, count: visitCount)
                        for index in 0..<min(textAhead, visitCount) {
                            holds[index] = mayHold(visited?[index] ?? range.lowerBound + index, among: candidateWords, masks, summaries)
                        }
                        if let candidateWords {
                            for index in 0..<min(Self.farAhead, visitCount) {
                                let word = visited?[index] ?? range.lowerBound + index
                                fetch(candidateWords[word], of: word, masks, ends, summaries)
                            }
                        }
                        for index in 0..<visitCount {
                            let word = visited?[index] ?? range.lowerBound + index
                            let firstLine = word * LineSet.wordLines
                            let lines = min(LineSet.wordLines, table.count - firstLine)
                            let ahead = index + textAhead < visitCount ? visited?[index + textAhead] ?? word + textAhead : nil
                            if let ahead { holds[index + textAhead] = mayHold(ahead, among: candidateWords, masks, summaries) }
                            if let candidateWords, index + Self.farAhead < visitCount {
                                let later = visited?[index + Self.farAhead] ?? word + Self.farAhead
                                fetch(candidateWords[later], of: later, masks, ends, summaries)
                            }
                            if !compiled.exactByMasks, let ahead {
                                prefetch(holds[index + textAhead], from: ahead * LineSet.wordLines, bytes.baseAddress!, ends, narrowed: candidateWords != nil)
                            }
                            var bits = holds[index]
                            // Most words of a longer query's scan hold no line to read.
                            if bits == 0 { continue }
                            let summary = summaries[word]
                            // No line of the word can reach the page: its lines are only counted,
                            // from the masks alone when they tell.
                            let countOnly = count == 0 || (bits != 0 && wholeLine && !wordAdmitted(word, summary, lines: lines, best: best))
                            if wholeLine && summary.mask & LineTable.nonASCIIBit == 0 {
                                // Lines in ASCII: matched by their bytes first, then the few that
                                // match and may reach the page scored.
                                let found = countedLines(bits, from: firstLine, bytes.baseAddress!, ends, masks)
                                var rest = countOnly ? 0 : found
                                while rest != 0 {
                                    let line = firstLine + rest.trailingZeroBitCount
                                    rest &= rest - 1
                                    let start = ends.start(line)
                                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<ends.end(line)])
                                    let mask = lineMask(line, masks)
                                    guard best.admits(lowestKey(line, length: slice.count, mask: mask, whiteStarts: summary.whiteStarts)) else { continue }
                                    if defersGaps, !ASCIIMatch.exact(compiled.terms[0], bytes.baseAddress! + start, slice.count) {
                                        let bound = lowestKey(line, length: slice.count, mask: mask, whiteStarts: summary.whiteStarts, gapped: true)
                                        guard best.admits(bound) else { continue }
                                        if part.gapped.add(bound) { continue }
                                    }
                                    guard let key = key(line, ByteLine(bytes: slice), mask: mask) else { continue }
                                    best.offer(key)
                                }
                                part.words[word - range.lowerBound] = found
                                part.found += found.nonzeroBitCount
                                if first && found != 0 { return }
                                continue
                            }
                            var found: UInt64 = 0
                            while bits != 0 {
                                let bit = bits.trailingZeroBitCount
                                bits &= bits - 1
                                let line = firstLine + bit
                                let mask = lineMask(line, masks)
                                let start = ends.start(line)
                                let slice = UnsafeBufferPointer(rebasing: bytes[start..<ends.end(line)])
                                if wholeLine && mask & LineTable.nonASCIIBit == 0 {
                                    // A line in ASCII among others that are not: counted only
                                    // when its best possible key cannot reach the page.
                                    if countOnly || !best.admits(lowestKey(line, length: slice.count, mask: mask, whiteStarts: summary.whiteStarts)) {
                                        guard compiled.exactByMasks || matchesAll(slice, mask: mask, lastReadable: lastReadable) else {
                                            continue
                                        }
                                    } else {
                                        guard let key = key(line, ByteLine(bytes: slice), mask: mask) else { continue }
                                        best.offer(key)
                                    }
                                } else {
                                    guard let key = scalarKey(of: line, slice, scalars: &scalars) else { continue }
                                    best.offer(key)
                                }
                                found |= 1 << UInt64(bit)
                                if first { break }
                            }
                            part.words[word - range.lowerBound] = found
                            part.found += found.nonzeroBitCount
                            if first && found != 0 { return }
                        }
                    }
                }
            }
        }
        part.best = best.sorted()
        return part
    }

    /// The key of a line outside ASCII or matched in its `--nth` fields: its scalars decoded
    /// (into `scalars`, reused from line to line) and cut to the fields.
    private func scalarKey(of line: Int, _ slice: UnsafeBufferPointer<UInt8>, scalars: inout [UInt32]) -> UInt64? {
        let string = String(decoding: slice, as: UTF8.self)
        guard let span = nthSpan(string) else { return nil }
        scalars.removeAll(keepingCapacity: true)
        for scalar in string.unicodeScalars { scalars.append(scalar.value) }
        return scalars.withUnsafeBufferPointer {
            let fields = ScalarLine(scalars: UnsafeBufferPointer(rebasing: $0[span]))
            // fzf measures the tie-breaks on the whole line, whatever --nth matched in.
            return options.nth == nil ? self.key(line, fields) : self.key(line, fields, whole: ScalarLine(scalars: $0), offset: span.lowerBound)
        }
    }

    /// A line's match: its score, where the matches begin (the first) and end (the last), and
    /// where the first of them to end does (fzf's `begin` tie-break reads it).
    typealias Found = (score: Int, begin: Int, end: Int, firstEnd: Int)

    /// The match of every set in `text`: the summed score and the span of the matches (`begin`
    /// is `Int.max` when negations alone matched); nil when a set fails. `mask`: the line's,
    /// whose missing characters rule terms out unread.
    @inline(__always)
    func match<T: LineText>(_ text: T, mask: UInt32 = LineTable.nonASCIIBit) -> Found? {
        let terms = compiled.terms
        let setEnds = compiled.setEnds
        var score = 0
        var begin = Int.max
        var end = 0
        var firstEnd = Int.max
        var index = 0
        for set in 0..<compiled.setCount {
            let setEnd = setEnds[set]
            var matched = false
            while index < setEnd {
                let term = terms[index]
                index += 1
                // A negation is met by absence: where the term is does not matter.
                if term.inverse {
                    if absent(index - 1, mask) || !scorer.contains(term, in: text) { matched = true; break }
                } else if !absent(index - 1, mask), let found = scorer.match(term, in: text) {
                    score += found.score
                    begin = min(begin, found.range.lowerBound)
                    end = max(end, found.range.upperBound)
                    firstEnd = min(firstEnd, found.range.upperBound)
                    matched = true
                    break
                }
            }
            if !matched { return nil }
            index = setEnd
        }
        return (score, begin, end, firstEnd)
    }

    /// `whole`: the line `text` was cut from (`--nth`), `offset` where the cut starts in it.
    @inline(__always)
    func key<T: LineText>(_ line: Int, _ text: T, mask: UInt32 = LineTable.nonASCIIBit, whole: ScalarLine? = nil, offset: Int = 0) -> UInt64? {
        guard let found = match(text, mask: mask) else { return nil }
        let order = UInt64(options.reversed ? table.count - 1 - line : line)
        guard options.sort else { return order }
        let scorePart = UInt64(max(0, min(0xFFFF, 0x8000 - max(0, found.score))))
        let tiebreak =
            firstTiebreak.map { criterion in
                whole.map { tiebreakValue(criterion, $0, Self.shifted(found, by: offset)) } ?? tiebreakValue(criterion, text, found)
            } ?? 0
        return scorePart << 48 | UInt64(min(tiebreak, 0xFFFF)) << 32 | order
    }

    /// fzf's tie-breaks, as fzf 0.74 computes them (its result.go): smaller is better. `length`
    /// is the line without its leading and trailing blanks; `begin` where the first match ends,
    /// from the first non-blank; `end` how far from the end the last match ends, as a share of
    /// that length; `chunk` the blank-separated run holding the matches; `pathname` how far the
    /// match starts from the last `/` or `\` (a match before it: the worst). A line matched by
    /// negations alone has no place to measure from: 0 for every criterion (its order decides).
    private func tiebreakValue<T: LineText>(_ criterion: LineMatchOptions.Tiebreak, _ text: T, _ found: Found) -> Int {
        guard found.begin != Int.max else { return 0 }
        var first = 0
        var last = text.count
        while first < last, scorer.classOf(text[first]) == .white { first += 1 }
        while last > first, scorer.classOf(text[last - 1]) == .white { last -= 1 }
        let trimmedLength = last - first
        let whitePrefix = min(first, found.begin)
        switch criterion {
        case .length: return trimmedLength
        case .begin: return max(0, found.firstEnd - whitePrefix)
        case .end: return 0xFFFF - 0xFFFF * max(0, found.end - whitePrefix) / (trimmedLength + 1)
        case .index: return 0
        case .chunk:
            var start = found.begin
            var end = found.end
            while start > 0, scorer.classOf(text[start - 1]) != .white { start -= 1 }
            while end < text.count, scorer.classOf(text[end]) != .white { end += 1 }
            return end - start
        case .pathname:
            var delimiter = text.count - 1
            while delimiter >= 0, text[delimiter] != 0x2F, text[delimiter] != 0x5C { delimiter -= 1 }
            return delimiter <= found.begin ? found.begin - delimiter : 0xFFFF
        }
    }

    /// A match measured in the cut from `offset` on, measured in the whole line.
    static func shifted(_ found: Found, by offset: Int) -> Found {
        guard offset > 0, found.begin != Int.max else { return found }
        return (found.score, found.begin + offset, found.end + offset, found.firstEnd + offset)
    }

    /// The values of the tie-breaks after the first (which the key holds) for a matching line,
    /// smaller first: what orders lines whose keys tie on score and first criterion.
    func laterTiebreaks(of line: Int) -> [Int] {
        let later = options.rankingTiebreaks.dropFirst()
        guard !later.isEmpty else { return [] }
        let text = table.text(of: line)
        guard let span = nthSpan(text) else { return [] }
        let scalars = text.unicodeScalars.map(\.value)
        return scalars.withUnsafeBufferPointer { buffer in
            let text = ScalarLine(scalars: UnsafeBufferPointer(rebasing: buffer[span]))
            guard let found = match(text) else { return [] }
            // On the whole line, as the first criterion (`key`).
            let whole = ScalarLine(scalars: buffer)
            return later.map { min(tiebreakValue($0, whole, Self.shifted(found, by: span.lowerBound)), 0xFFFF) }
        }
    }

    /// The line a key stands for.
    func line(of key: UInt64) -> Int {
        let order = Int(key & 0xFFFF_FFFF)
        return options.reversed ? table.count - 1 - order : order
    }
}
