import InstantSearchCore
import Synchronization

/// What the `subsequence` setting's fzf match found for one query: the documents, ascending,
/// each with its rank in fzf's order (score, the scheme's tie-breaks, then the document); the
/// scan itself, for the highlighter.
struct SubsequenceMatch {
    let attribute: String
    let documents: [Int32]
    let places: [UInt64]
    let scan: LineScan

    /// Where a record found by the words alone goes: after every record fzf's match found,
    /// in the order the words give (`HitOrdering`).
    static let wordsOnly: UInt64 = 1 << 63

    /// The document's place in fzf's order; nil when fzf's match did not find it.
    func place(of document: Int32) -> UInt64? {
        var (low, high) = (0, documents.count)
        while low < high {
            let middle = (low + high) / 2
            if documents[middle] < document { low = middle + 1 } else { high = middle }
        }
        return low < documents.count && documents[low] == document ? places[low] : nil
    }

    /// The documents as text matches: each with the key of a match that met no criterion (so
    /// a word match of the same record keeps its own key when the two are joined).
    func textMatches(_ ranking: RankingKey) -> TextMatches {
        let unmet = RankingKey.Values(typos: 31, removedWords: 31, proximity: 63, attribute: 63, position: 511, inexact: 31)
        return TextMatches(records: documents, keys: documents.map { ranking.key(unmet, customRank: $0) })
    }

    /// The matched characters of the attribute's value, as the highlighter marks a line's.
    func highlight(of document: Int32) -> AttributeHighlight {
        let text = scan.table.text(of: Int(document))
        let ranges = LineHighlight.characterRanges(text, scalarPositions: scan.positions(of: Int(document)))
        return AttributeHighlight(values: [HighlightedText(text: text, matchedRanges: ranges)], matchLevel: ranges.isEmpty ? .none : .full)
    }
}

/// The `subsequence` attribute's values as the line scanner reads them, one line a document,
/// made on the first query that needs them and kept.
final class SubsequenceTable: Sendable {
    private let made = Mutex<LineTable?>(nil)

    func table(of index: SearchIndex, attribute: String) -> LineTable {
        made.withLock { made in
            if let made { return made }
            var bytes: [UInt8] = []
            var ends = TextEnds()
            ends.reserveCapacity(index.recordCount)
            for document in 0..<index.recordCount {
                let value = index.records.value(attribute, of: index.recordAtCustomRank[document])
                bytes += SearchIndex.searchableTexts(value).joined(separator: " ").utf8
                ends.append(bytes.count)
            }
            let table = LineTable(bytes: bytes, ends: ends)
            made = table
            return table
        }
    }
}

extension SearchIndex {
    /// The records whose `subsequence` attribute matches the query as fzf matches a line; nil
    /// when the index has no such attribute or the query no term.
    func subsequenceMatch(_ query: Query) throws -> SubsequenceMatch? {
        guard let setting = settings.relevance.subsequence, recordCount > 0 else { return nil }
        let options = setting.matchOptions
        let pattern = LinePattern(query.text, options: options)
        guard !pattern.isEmpty else { return nil }
        let table = subsequenceTable.table(of: self, attribute: setting.attribute)
        let scan = LineScan(table: table, pattern: pattern, options: options)
        let found = try scan.matches(candidates: nil, best: 0)
        var keys: [UInt64] = []
        keys.reserveCapacity(found.lines.count)
        try found.lines.forEach { line in
            if keys.count % 4096 == 0, Task.isCancelled { throw CancellationError() }
            if let key = scan.key(of: line) { keys.append(key) }
        }
        // Ranked as the lines engine ranks the same values: by key, ties on score and first
        // criterion broken by the later criteria (`LineTiebreaks`), then by document.
        let ranked = LineTiebreaks.ordered(keys.sorted(), count: keys.count, among: found.lines, scan: scan)
        let byDocument = ranked.enumerated().map { (document: Int32(scan.line(of: $0.element)), rank: UInt64($0.offset)) }
            .sorted { $0.document < $1.document }
        let documents = byDocument.map(\.document)
        let places = byDocument.map(\.rank)
        return SubsequenceMatch(attribute: setting.attribute, documents: documents, places: places, scan: scan)
    }
}
