import InstantSearchCore

/// One pass of a pattern over lines (all of them, or the matches of a shorter query): every
/// line that matches each set of terms, as a ranking key — the score (higher first), the first
/// tie-break, the line number (or, with `--no-sort`, the line number alone).
struct LineScan {
    let table: LineTable
    let pattern: LinePattern
    let options: LineMatchOptions
    let scorer: LineScorer
    /// Per set, the mask bits a line must have for the set to possibly match (0: no prefilter).
    private let required: [UInt64]

    init(table: LineTable, pattern: LinePattern, options: LineMatchOptions) {
        self.table = table
        self.pattern = pattern
        self.options = options
        scorer = LineScorer(scheme: options.scheme)
        required = pattern.sets.map { set in
            set.reduce(UInt64.max) { mask, term in
                term.inverse ? 0 : mask & term.text.reduce(UInt64(0)) { $0 | LineTable.bit($1) }
            }
        }
    }

    /// Lines scanned between two looks at cancellation (and split over the cores).
    static let block = 1 << 16

    /// The keys of the matching lines among `candidates` — the keys of an earlier scan with the
    /// same options, nil for every line — in line order. Checks for cancellation between
    /// blocks and throws `CancellationError`.
    func keys(candidates: [UInt64]?) throws -> [UInt64] {
        let total = candidates?.count ?? table.count
        var keys: [UInt64] = []
        var start = 0
        while start < total {
            if Task.isCancelled { throw CancellationError() }
            let end = min(total, start + Self.block)
            let parts = Parallel.map(Parallel.ranges(end - start, minimum: 8192)) { range in
                self.keys(in: (start + range.lowerBound)..<(start + range.upperBound), candidates: candidates)
            }
            for part in parts { keys += part }
            start = end
        }
        return keys
    }

    private func keys(in positions: Range<Int>, candidates: [UInt64]?) -> [UInt64] {
        var keys: [UInt64] = []
        var scalars: [UInt32] = []
        table.bytes.withUnsafeBufferPointer { bytes in
            table.masks.withUnsafeBufferPointer { masks in
                for position in positions {
                    let line = candidates.map { self.line(of: $0[position]) } ?? position
                    let mask = masks[line]
                    if options.nth != nil {
                        // Fields: the terms match in the span of the chosen ones.
                        if mask & LineTable.nonASCIIBit == 0, required.contains(where: { $0 & ~mask != 0 }) { continue }
                        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[table.range(of: line)]), as: UTF8.self)
                        guard let span = nthSpan(string) else { continue }
                        scalars.removeAll(keepingCapacity: true)
                        for scalar in string.unicodeScalars { scalars.append(scalar.value) }
                        let found: UInt64? = scalars.withUnsafeBufferPointer {
                            self.key(line, ScalarLine(scalars: UnsafeBufferPointer(rebasing: $0[span])))
                        }
                        if let found { keys.append(found) }
                    } else if mask & LineTable.nonASCIIBit == 0 {
                        var possible = true
                        for bits in required where bits & ~mask != 0 { possible = false; break }
                        guard possible else { continue }
                        let text = ByteLine(bytes: UnsafeBufferPointer(rebasing: bytes[table.range(of: line)]))
                        if let key = key(line, text) { keys.append(key) }
                    } else {
                        scalars.removeAll(keepingCapacity: true)
                        let slice = UnsafeBufferPointer(rebasing: bytes[table.range(of: line)])
                        for scalar in String(decoding: slice, as: UTF8.self).unicodeScalars { scalars.append(scalar.value) }
                        let found: UInt64? = scalars.withUnsafeBufferPointer { self.key(line, ScalarLine(scalars: $0)) }
                        if let found { keys.append(found) }
                    }
                }
            }
        }
        return keys
    }

    /// The match of every set in `text`: the summed score and the span of the matches; nil when a set fails.
    func match<T: LineText>(_ text: T) -> (score: Int, begin: Int, end: Int)? {
        var score = 0
        var begin = Int.max
        var end = 0
        for set in pattern.sets {
            var matched = false
            for term in set {
                let found = scorer.match(term, in: text)
                if term.inverse {
                    if found == nil { matched = true; break }
                } else if let found {
                    score += found.score
                    begin = min(begin, found.range.lowerBound)
                    end = max(end, found.range.upperBound)
                    matched = true
                    break
                }
            }
            if !matched { return nil }
        }
        return (score, begin == Int.max ? 0 : begin, end)
    }

    private func key<T: LineText>(_ line: Int, _ text: T) -> UInt64? {
        guard let found = match(text) else { return nil }
        let order = UInt64(options.reversed ? table.count - 1 - line : line)
        guard options.sort else { return order }
        let scorePart = UInt64(max(0, min(0xFFFF, 0x8000 - found.score)))
        let tiebreak = options.rankingTiebreaks.first.map { tiebreakValue($0, text, found) } ?? 0
        return scorePart << 48 | UInt64(min(tiebreak, 0xFFFF)) << 32 | order
    }

    /// fzf's tie-breaks: smaller is better.
    private func tiebreakValue<T: LineText>(_ criterion: LineMatchOptions.Tiebreak, _ text: T, _ found: (score: Int, begin: Int, end: Int)) -> Int {
        var first = 0
        var last = text.count
        while first < last, scorer.classOf(text[first]) == .white { first += 1 }
        while last > first, scorer.classOf(text[last - 1]) == .white { last -= 1 }
        switch criterion {
        case .length: return last - first
        case .begin: return max(0, found.begin - first)
        case .end: return max(0, last - found.end)
        case .index: return 0
        case .chunk:
            var start = found.begin
            var end = found.begin
            while start > 0, scorer.classOf(text[start - 1]) != .white { start -= 1 }
            while end < text.count, scorer.classOf(text[end]) != .white { end += 1 }
            return max(end, found.end) - start
        }
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
            return later.map { min(tiebreakValue($0, text, found), 0xFFFF) }
        }
    }

    /// The line a key stands for.
    func line(of key: UInt64) -> Int {
        let order = Int(key & 0xFFFF_FFFF)
        return options.reversed ? table.count - 1 - order : order
    }

    /// With `--nth`: where in the line (scalar offsets) the chosen fields are, from the first's
    /// start to the last's end (its delimiter left out); nil when the line has none of them.
    func nthSpan(_ text: String) -> Range<Int>? {
        guard let nth = options.nth else { return 0..<text.unicodeScalars.count }
        let fields = options.delimiter.fields(text)
        let chosen = nth.indices(count: fields.count)
        guard let first = chosen.min(), let last = chosen.max() else { return nil }
        var offset = 0
        var start = 0
        var end = 0
        for (i, field) in fields.enumerated() {
            if i == first { start = offset }
            if i == last { end = offset + options.delimiter.stripped(field).unicodeScalars.count }
            offset += field.unicodeScalars.count
        }
        return start..<max(start, end)
    }

    /// The matched characters of a line (scalar offsets, in order), for highlighting.
    func positions(of line: Int) -> [Int] {
        let text = table.text(of: line)
        guard let span = nthSpan(text) else { return [] }
        let scalars = text.unicodeScalars.map(\.value)
        return scalars.withUnsafeBufferPointer { buffer in
            let text = ScalarLine(scalars: UnsafeBufferPointer(rebasing: buffer[span]))
            var all: [Int] = []
            for set in pattern.sets {
                for term in set where !term.inverse {
                    guard let found = scorer.match(term, in: text) else { continue }
                    var positions: [Int]? = []
                    _ = scorer.score(term, text, found.range, positions: &positions)
                    all += (positions ?? []).map { $0 + span.lowerBound }
                    break
                }
            }
            return Array(Set(all)).sorted()
        }
    }
}
