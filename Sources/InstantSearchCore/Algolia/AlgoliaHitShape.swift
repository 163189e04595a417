import OrderedCollections

/// What of each hit an Algolia request asks to get back: `attributesToRetrieve`,
/// `attributesToHighlight`, `attributesToSnippet` (`attribute:words`), `highlightPreTag` and
/// `highlightPostTag`. The default shape writes a hit as the engine made it.
public struct AlgoliaHitShape: Sendable, Equatable {
    /// nil or containing `*`: every attribute; `-name` leaves one out. `objectID` always stays.
    public var attributesToRetrieve: [String]?
    /// nil: the highlights the engine made (the searchable attributes); else only these.
    public var attributesToHighlight: [String]?
    /// Attribute → words in its snippet; nil: the snippets the engine made of long values.
    public var attributesToSnippet: OrderedDictionary<String, Int>?
    public var preTag = "<em>"
    public var postTag = "</em>"
    /// `getRankingInfo`: each hit's `_rankingInfo`, promoted ones marked there.
    public var getRankingInfo = false

    public init() {}

    /// The attributes the engine must highlight for this shape, nil: its default (the searchable
    /// attributes). `defaultHighlights` is that default, for snippets asked without highlights.
    public mutating func attributesForEngine(defaultHighlights: [String]) -> [String]? {
        guard let snippets = attributesToSnippet else { return attributesToHighlight }
        if attributesToHighlight == nil { attributesToHighlight = defaultHighlights }
        return Array(OrderedSet(attributesToHighlight! + snippets.keys))
    }

    /// A record as Algolia returns it by its id (`get_object`): the attributes this shape
    /// retrieves, `objectID` always.
    public func retrieved(_ record: JSONValue, objectID: String) -> JSONValue {
        var fields = (record.objectValue ?? [:]).filter { retrieves($0.key) }
        fields["objectID"] = .string(objectID)
        return .object(fields)
    }

    func retrieves(_ attribute: String) -> Bool {
        guard let list = attributesToRetrieve else { return true }
        if list.contains("-" + attribute) { return false }
        return list.contains("*") || list.contains(attribute)
    }

    func highlights(_ attribute: String) -> Bool {
        guard let list = attributesToHighlight else { return true }
        return list.contains("*") || list.contains(attribute)
    }

    /// A snippet of `words` words around the first match of `text` (the highlight of a whole
    /// value), "…" where text was left out, as Algolia's `attributesToSnippet` makes it.
    static func snippet(_ text: HighlightedText, words: Int) -> HighlightedText {
        let characters = Array(text.text)
        var starts: [Int] = []  // each word's first character
        var ends: [Int] = []
        var inWord = false
        for (i, c) in characters.enumerated() {
            if c.isWhitespace {
                if inWord { ends.append(i) }
                inWord = false
            } else if !inWord {
                starts.append(i)
                inWord = true
            }
        }
        if inWord { ends.append(characters.count) }
        guard starts.count > words, words > 0 else { return text }
        let firstMatch = text.matchedRanges.map(\.lowerBound).min() ?? 0
        let anchor = starts.lastIndex { $0 <= firstMatch } ?? 0
        let first = max(0, min(anchor - words / 3, starts.count - words))
        let last = first + words - 1
        let from = first == 0 ? 0 : starts[first]
        let to = last == starts.count - 1 ? characters.count : ends[last]
        let prefix = from > 0 ? "… " : ""
        let suffix = to < characters.count ? " …" : ""
        let shift = prefix.count - from
        let ranges = text.matchedRanges.compactMap { range -> Range<Int>? in
            let lower = max(range.lowerBound, from), upper = min(range.upperBound, to)
            return lower < upper ? (lower + shift)..<(upper + shift) : nil
        }
        return HighlightedText(text: prefix + String(characters[from..<to]) + suffix, matchedRanges: ranges)
    }
}
