import InstantSearchCore
import Synchronization

/// A line index's `LineSearcher`, made on its first search (and again when `--with-nth`
/// changes what the lines are), and its word index, made on its first word search.
final class LineSearchState: Sendable {
    private let searcher = Mutex<(LineSearcher, LineMatchOptions.Transform)?>(nil)
    private let words = Mutex<SearchIndex?>(nil)

    func words(building: () -> SearchIndex) -> SearchIndex {
        words.withLock { held in
            if let held { return held }
            let built = building()
            held = built
            return built
        }
    }

    func searcher(_ transform: LineMatchOptions.Transform, building: () -> LineSearcher) -> LineSearcher {
        searcher.withLock { held in
            if let held, held.1 == transform { return held.0 }
            let built = building()
            held = (built, transform)
            return built
        }
    }
}

extension SearchIndex {
    /// Searches a line index the way fzf does (see `LineSearcher`): every term must match,
    /// inside words or as a subsequence; ranked by fzf's score, then the tie-breaks. When
    /// nothing matches, and typos are allowed (`typoTolerance`), the words are searched with
    /// typos, every word required (Algolia's `typoTolerance: min`); when still nothing does,
    /// the results' `notice` names a term no line has.
    /// `reRanking`: the lines users chose for this query (objectID → score) come first (`ReRanking`).
    /// `attributesToHighlight: []` asks for no highlighting (`--filter` prints none).
    public func searchLines(_ query: Query, options: LineMatchOptions, reRanking scores: [String: Double] = [:]) throws -> SearchResults {
        let started = ContinuousClock.now
        let searcher = lineSearcher(options)
        let answer = try searcher.answer(query, options: options, reRanking: ReRanking(scores, query: query, index: self))
        if answer.nbHits == 0, let typos = try typoFallback(query, options: options) {
            var typos = typos
            typos.processingTimeMS = SearchIndex.milliseconds(ContinuousClock.now - started)
            return typos
        }
        let hitsPerPage = max(query.hitsPerPage, 0)
        var results = SearchResults(
            indexName: name, query: query.text,
            hits: searcher.hits(
                answer.page, objectID: records.objectID(of:), query: query.text, options: options,
                highlighted: query.attributesToHighlight?.isEmpty != true),
            nbHits: answer.nbHits, page: max(query.page, 0),
            nbPages: hitsPerPage > 0 && answer.nbHits > 0 ? (answer.nbHits - 1) / hitsPerPage + 1 : 0, hitsPerPage: hitsPerPage)
        results.notice = answer.notice
        results.processingTimeMS = SearchIndex.milliseconds(ContinuousClock.now - started)
        return results
    }

    /// A store of plain lines as `LineRecords` makes them (one text column, `line`) under the
    /// line settings: searched fzf's way, its words indexed only when asked (`wordsLater`).
    static func holdsLineText(_ store: RecordStore, _ settings: ResolvedIndexSettings) -> Bool {
        guard case .csv(let table) = store.storage, table.header == [LineRecords.attribute], case .text = table.columns[0] else {
            return false
        }
        return settings.searchableAttributes == [LineRecords.attribute] && settings.attributesForFaceting.isEmpty
            && settings.numericAttributesForFiltering.isEmpty && settings.customRanking.isEmpty
    }

    /// The index a word search of plain lines runs on (the typo fallback, an Algolia query to
    /// `serve`): built from the same records the first time one asks, then kept; nil for an
    /// index that has its words.
    var wordsLater: SearchIndex? {
        guard wordsDeferred else { return nil }
        return lineState.words {
            SearchIndex(name: name, parts: IndexParts(store: records, settings: settings), settings: settings, wordsDeferred: false)
        }
    }

    /// The bytes of a line exactly as they came in (a line of invalid UTF-8 is shown with
    /// U+FFFD but printed as it was), by its object id; nil when there is no such line.
    public func originalLineBytes(objectID: String) -> [UInt8]? {
        guard let line = lineNumbered(objectID) else { return nil }
        if case .csv(let table) = records.storage, table.header == [LineRecords.attribute], case .text(let bytes, let ends) = table.columns[0] {
            return Array(bytes[ends.range(of: line)])
        }
        return records.value(LineRecords.attribute, of: line)?.stringValue.map { Array($0.utf8) }
    }

    /// The record whose id is `objectID`: a line index's ids are its line numbers, ascending,
    /// so a binary search finds it; other ids are looked through.
    func lineNumbered(_ objectID: String) -> Int? {
        guard let wanted = Int(objectID) else { return (0..<recordCount).first { records.objectID(of: $0) == objectID } }
        // Lines read as they came are numbered from 1: the line is found at once.
        if wanted >= 1, wanted <= recordCount, records.objectID(of: wanted - 1) == objectID { return wanted - 1 }
        var (low, high) = (0, recordCount)
        while low < high {
            let middle = (low + high) / 2
            guard let id = Int(records.objectID(of: middle)) else { return (0..<recordCount).first { records.objectID(of: $0) == objectID } }
            if id < wanted { low = middle + 1 } else { high = middle }
        }
        return low < recordCount && records.objectID(of: low) == objectID ? low : nil
    }

    private func lineSearcher(_ options: LineMatchOptions) -> LineSearcher {
        lineState.searcher(options.transform) {
            let raw = LineTable(store: records)
            // --ansi: matched on the text without its colour codes (the codes kept, for drawing).
            let table = options.ansi ? raw.transformed { line, _ in ANSIText.strip(line) } : raw
            let colored = options.ansi ? raw : nil
            guard let withNth = options.transform.withNth else { return LineSearcher(table: table, colored: colored) }
            // Fields are cut from the text without codes; each keeps its colours (`ANSIText.selecting`).
            let delimiter = options.transform.delimiter
            return LineSearcher(
                table: table.transformed { withNth.shown($0, index: $1, delimiter: delimiter) }, colored: colored,
                shownFields: colored == nil ? nil : (withNth, delimiter))
        }
    }

    /// Plain words that matched nothing as typed: searched with typos, every word required.
    /// nil when that is not asked — typos off, `--exact`, search syntax, `--no-extended` (the
    /// query taken literally), fields (`--nth`), or case or diacritics made to count, which the
    /// word index folds away, or `--ansi`, whose codes the word index holds — or when it finds
    /// nothing either.
    private func typoFallback(_ query: Query, options: LineMatchOptions) throws -> SearchResults? {
        let pattern = LinePattern(query.text, options: options)
        guard settings.relevance.typoTolerance, !options.exact, options.extended, options.normalize,
            options.nth == nil, options.transform.withNth == nil, !options.ansi, !pattern.isEmpty,
            pattern.sets.allSatisfy({ $0.count == 1 && $0[0].kind == .fuzzy && !$0[0].inverse && !$0[0].caseSensitive })
        else { return nil }
        var results = try search(query, removingWords: false)
        guard results.nbHits > 0 else { return nil }
        results.notice = "no match — \(results.nbHits) close match\(results.nbHits == 1 ? "" : "es")"
        results.areCloseMatches = true
        return results
    }

    /// An index of plain lines (one `line` attribute, nothing else to refine or show): searched
    /// fzf's way by `query`, whose index may come from the cache, where the format is not kept.
    public var holdsPlainLines: Bool {
        settings.searchableAttributes == [LineRecords.attribute] && settings.displayAttributes == [LineRecords.attribute]
            && settings.attributesForFaceting.isEmpty && settings.numericAttributesForFiltering.isEmpty
            && (recordCount == 0 || records[0].objectValue?.keys.elementsEqual([LineRecords.attribute]) == true)
    }
}
