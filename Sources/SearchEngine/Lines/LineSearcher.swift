import InstantSearchCore
import Synchronization

/// fzf's matching over a set of lines, on its own: what a line index searches with (see
/// `SearchIndex.searchLines`, which adds the typo fallback and the record ids), and what the
/// benchmark measures. Keeps the last query's matching lines, so that a longer query scans
/// only those (fzf's incremental narrowing).
public final class LineSearcher: Sendable {
    /// One query's answer: how many lines match, the lines of the page asked for (best first), and why none did.
    public struct Answer: Sendable {
        public var nbHits: Int
        public var page: [Int]
        public var notice: String?
    }

    private struct Last {
        var pattern: LinePattern
        var options: LineMatchOptions
        /// The matching lines, in line order.
        var lines: LineSet
        /// Sets of terms some line is known to match: every set when a line matched them all,
        /// else those the notice found (what the next notice need not look for again).
        var matchedSets: [[LinePattern.Term]]
        /// Sets of terms no line matches on its own (the notices' finds, the latest last): a set
        /// one of them narrows to matches no line either, unscanned. So typing on into a term
        /// that matches nothing reads no line again.
        var unmatchedSets: [[LinePattern.Term]] = []
        /// The answer given and the page it was for (none with re-ranking): the same terms typed
        /// again (a space, a lone bar) are answered with it, unscanned.
        var answered: (page: Int, hitsPerPage: Int, answer: Answer)?
        /// The best matches' keys, best first, as far as a page has asked (none with
        /// re-ranking): a later page of the same terms within them is cut from them, unscanned.
        var ranked: [UInt64] = []
    }

    let table: LineTable
    /// With `--ansi`: the lines as they came, colour codes included, line for line with `table`
    /// (which holds them stripped); the hits' colours are read from them.
    let colored: LineTable?
    /// With `--with-nth` and `--ansi`: the fields `table` shows of each coloured line.
    let shownFields: (FieldTemplate, FieldDelimiter)?
    private let last = Mutex<Last?>(nil)

    init(table: LineTable, colored: LineTable? = nil, shownFields: (FieldTemplate, FieldDelimiter)? = nil) {
        self.table = table
        self.colored = colored
        self.shownFields = shownFields
        // Made while the lines are opened (the first search), not on the first key.
        LineCharacters.prepareTables()
    }

    /// Lines as fzf reads them from text: one a line, blank ones left out, a final CR dropped.
    /// The input becomes the lines' text (no copy when the caller lets go of it).
    public convenience init(bytes: consuming [UInt8]) {
        let store = (try? LineRecords.table(consume bytes, file: "lines").store) ?? RecordStore(records: [])
        self.init(table: LineTable(store: store))
    }

    public var count: Int { table.count }

    /// Drops the last query's matches: the next query scans every line (for profiling one keystroke).
    public func forget() { last.withLock { $0 = nil } }

    /// The matching lines of `query`'s page, best first; checks for cancellation while scanning.
    /// `reRanking`: lines users chose for this query (line → score), lifted to the top (`ReRanking`).
    func answer(_ query: Query, options: LineMatchOptions, reRanking: ReRanking?) throws -> Answer {
        let pattern = LinePattern(query.text, options: options)
        let hitsPerPage = max(query.hitsPerPage, 0)
        let (skipped, overflow) = max(query.page, 0).multipliedReportingOverflow(by: hitsPerPage)
        if pattern.isEmpty {
            // Every line, in input order (reversed with --tac), without a key each.
            let range = overflow ? 0..<0 : min(skipped, table.count)..<min(skipped + hitsPerPage, table.count)
            return Answer(nbHits: table.count, page: range.map { options.reversed ? table.count - 1 - $0 : $0 })
        }
        let previous = last.withLock { last in last?.options == options ? last : nil }
        if reRanking == nil, let previous, previous.pattern == pattern, let answered = previous.answered,
            answered.page == query.page, answered.hitsPerPage == query.hitsPerPage
        {
            return answered.answer
        }
        let scan = LineScan(table: table, pattern: pattern, options: options)
        let pageEnd = overflow ? 0 : min(skipped + hitsPerPage, table.count)
        let same = reRanking == nil ? previous.flatMap { $0.pattern == pattern ? $0 : nil } : nil
        if var same, !overflow, !same.lines.isEmpty, pageEnd <= same.ranked.count || same.ranked.count == same.lines.count {
            let answer = Answer(
                nbHits: same.lines.count, page: same.ranked[min(skipped, same.ranked.count)..<min(pageEnd, same.ranked.count)].map(scan.line(of:)))
            same.answered = (query.page, query.hitsPerPage, answer)
            last.withLock { $0 = same }
            return answer
        }
        let candidates = previous.flatMap { $0.pattern.narrows(to: pattern) ? $0.lines : nil }
        // A deeper page of the same terms ranks twice as far as the last did: paging through
        // every match (--filter) ranks them a few times, not once a page.
        let ranking = max(pageEnd, min(2 * (same?.ranked.count ?? 0), table.count))
        // Lines chosen for this query may each take a place of the page ahead of the ranked ones.
        let matches = try scan.matches(candidates: candidates, best: ranking + (reRanking?.scores.count ?? 0))
        var matchedSets = pattern.sets
        var unmatchedSets = previous?.unmatchedSets ?? []
        var answer = Answer(nbHits: matches.lines.count, page: [])
        if matches.lines.isEmpty {
            matchedSets = previous?.matchedSets ?? []
            answer.notice = try missingTerm(pattern, options: options, matchedSets: &matchedSets, unmatchedSets: &unmatchedSets)
            matchedSets.removeAll { !pattern.sets.contains($0) }
            unmatchedSets = unmatchedSets.suffix(Self.unmatchedSetsKept)
        }
        var ranked: [UInt64] = []
        if !overflow, skipped < matches.lines.count, hitsPerPage > 0 {
            let count = skipped + min(hitsPerPage, matches.lines.count - skipped)
            let lifted = reRanking?.lifted { record in matches.lines.contains(record) ? scan.key(of: record) : nil } ?? []
            let wanted = max(count, min(ranking, matches.lines.count)) + lifted.count
            let best = LineTiebreaks.ordered(matches.best, count: wanted, among: matches.lines, scan: scan)
            answer.page = ReRanking.merge(lifted: lifted, ranked: best, count: count).dropFirst(skipped).map(scan.line(of:))
            if reRanking == nil { ranked = best }
        }
        let answered = reRanking == nil ? (query.page, query.hitsPerPage, answer) : nil
        last.withLock {
            $0 = Last(
                pattern: pattern, options: options, lines: matches.lines, matchedSets: matchedSets, unmatchedSets: unmatchedSets,
                answered: answered, ranked: ranked)
        }
        return answer
    }

    /// The matching lines of `query`'s page, best first; checks for cancellation while scanning.
    public func answer(_ query: Query, options: LineMatchOptions) throws -> Answer {
        try answer(query, options: options, reRanking: nil)
    }

    /// Lines as hits: `{"line": TEXT}` (invalid UTF-8 as U+FFFD), each one's matched characters
    /// highlighted unless `highlighted` is false. The query is read once for them all.
    public func hits(_ lines: [Int], objectID: (Int) -> String, query: String, options: LineMatchOptions, highlighted: Bool = true) -> [Hit] {
        let pattern = LinePattern(query, options: options)
        let scan = pattern.isEmpty || !highlighted ? nil : LineScan(table: table, pattern: pattern, options: options)
        return lines.map { line in
            let text = table.text(of: line)
            let ranges = LineHighlight.characterRanges(text, scalarPositions: scan?.positions(of: line) ?? [])
            let highlight = AttributeHighlight(
                values: [HighlightedText(text: text, matchedRanges: ranges)], matchLevel: ranges.isEmpty ? .none : .full)
            var hit = Hit(
                objectID: objectID(line), record: .object([LineRecords.attribute: .string(text)]), highlights: [LineRecords.attribute: highlight])
            if let colored {
                var ansi = ANSIText(parsing: colored.text(of: line))
                if let (fields, delimiter) = shownFields { ansi = ansi.selecting(fields, index: line, delimiter: delimiter) }
                let spans = ansi.spans
                if !spans.isEmpty { hit.colors[LineRecords.attribute] = spans }
            }
            return hit
        }
    }

    /// The answer as results, each line's id its number from 1 (for the benchmark and tests).
    public func search(_ query: Query, options: LineMatchOptions) throws -> SearchResults {
        let started = ContinuousClock.now
        let answer = try self.answer(query, options: options)
        var results = SearchResults(
            indexName: "lines", query: query.text, hits: hits(answer.page, objectID: { String($0 + 1) }, query: query.text, options: options),
            nbHits: answer.nbHits, page: max(query.page, 0), hitsPerPage: max(query.hitsPerPage, 0))
        results.notice = answer.notice
        results.processingTimeMS = SearchIndex.milliseconds(ContinuousClock.now - started)
        return results
    }

    /// The line's bytes exactly as they came in.
    public func originalBytes(of line: Int) -> [UInt8] { table.originalBytes(of: line) }

    /// How many sets known to match nothing are remembered: the last few terms typed into.
    static let unmatchedSetsKept = 8

    /// Why nothing matched: the first set of terms no line matches on its own. `matchedSets`:
    /// sets known to match (an earlier query's), not looked for again; those found are added.
    /// `unmatchedSets`: sets known to match nothing; a set one of them narrows to is not looked
    /// for, and one found is added.
    private func missingTerm(
        _ pattern: LinePattern, options: LineMatchOptions, matchedSets: inout [[LinePattern.Term]], unmatchedSets: inout [[LinePattern.Term]]
    ) throws -> String? {
        guard pattern.sets.count > 1 else { return nil }
        for set in pattern.sets where !matchedSets.contains(set) {
            let missing = "no line matches “\(set.map(\.source).joined(separator: " | "))”"
            if unmatchedSets.contains(where: { LinePattern.narrows($0, to: set) }) { return missing }
            var alone = pattern
            alone.sets = [set]
            guard try LineScan(table: table, pattern: alone, options: options).anyMatch() else {
                unmatchedSets.append(set)
                return missing
            }
            matchedSets.append(set)
        }
        return "no line matches every term together"
    }
}

/// Matched scalar offsets as the Character ranges a highlight holds.
enum LineHighlight {
    static func characterRanges(_ text: String, scalarPositions: [Int]) -> [Range<Int>] {
        guard !scalarPositions.isEmpty else { return [] }
        var characterOf: [Int] = []
        characterOf.reserveCapacity(text.unicodeScalars.count)
        for (index, character) in text.enumerated() {
            for _ in character.unicodeScalars { characterOf.append(index) }
        }
        var ranges: [Range<Int>] = []
        for position in scalarPositions where position < characterOf.count {
            let character = characterOf[position]
            if let last = ranges.last, last.upperBound >= character {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, character + 1)
            } else {
                ranges.append(character..<character + 1)
            }
        }
        return ranges
    }
}
