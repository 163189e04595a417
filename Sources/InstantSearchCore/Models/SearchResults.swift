/// A run of text with the parts that matched the query marked.
/// Ranges count `Character`s (grapheme clusters), which is what a screen shows.
public struct HighlightedText: Hashable, Sendable {
    public var text: String
    public var matchedRanges: [Range<Int>]

    public init(text: String, matchedRanges: [Range<Int>] = []) {
        self.text = text
        self.matchedRanges = matchedRanges
    }
}

public enum MatchLevel: String, Hashable, Sendable {
    case none, partial, full
}

/// How one attribute of a hit matched: one highlighted text per value (an array
/// attribute has several), the match level and the query words that matched.
public struct AttributeHighlight: Hashable, Sendable {
    public var values: [HighlightedText]
    public var matchLevel: MatchLevel
    public var matchedWords: [String]

    public init(values: [HighlightedText], matchLevel: MatchLevel, matchedWords: [String] = []) {
        self.values = values
        self.matchLevel = matchLevel
        self.matchedWords = matchedWords
    }
}

public struct Hit: Hashable, Sendable {
    public var objectID: String
    public var record: JSONValue
    public var highlights: [String: AttributeHighlight]
    /// For long text attributes: a few words around the first match, highlighted, with "…"
    /// where text was cut (Algolia's `_snippetResult`). Empty when the backend makes none.
    public var snippets: [String: AttributeHighlight]

    public init(
        objectID: String, record: JSONValue, highlights: [String: AttributeHighlight] = [:],
        snippets: [String: AttributeHighlight] = [:]
    ) {
        self.objectID = objectID
        self.record = record
        self.highlights = highlights
        self.snippets = snippets
    }
}

public struct FacetValueCount: Hashable, Sendable {
    public var value: String
    public var count: Int

    public init(value: String, count: Int) {
        self.value = value
        self.count = count
    }
}

public struct FacetStats: Hashable, Sendable {
    public var min: Double
    public var max: Double
    public var avg: Double
    public var sum: Double

    public init(min: Double, max: Double, avg: Double, sum: Double) {
        self.min = min
        self.max = max
        self.avg = avg
        self.sum = sum
    }
}

public struct SearchResults: Hashable, Sendable {
    public var indexName: String
    public var query: String
    public var hits: [Hit]
    public var nbHits: Int
    public var page: Int
    public var nbPages: Int
    public var hitsPerPage: Int
    /// attribute → values, most frequent first.
    public var facets: [String: [FacetValueCount]]
    public var facetStats: [String: FacetStats]
    public var processingTimeMS: Double
    /// When no record matched every word and trailing words were dropped to find some: the
    /// query as searched, the dropped words wrapped in `<em>` (Algolia's field). nil otherwise.
    public var queryAfterRemoval: String?

    public init(
        indexName: String, query: String = "", hits: [Hit] = [], nbHits: Int = 0, page: Int = 0,
        nbPages: Int = 0, hitsPerPage: Int = 20, facets: [String: [FacetValueCount]] = [:],
        facetStats: [String: FacetStats] = [:], processingTimeMS: Double = 0, queryAfterRemoval: String? = nil
    ) {
        self.queryAfterRemoval = queryAfterRemoval
        self.indexName = indexName
        self.query = query
        self.hits = hits
        self.nbHits = nbHits
        self.page = page
        self.nbPages = nbPages
        self.hitsPerPage = hitsPerPage
        self.facets = facets
        self.facetStats = facetStats
        self.processingTimeMS = processingTimeMS
    }
}

/// Search for facet values: the values of one facet matching a text, with counts.
public struct FacetSearchResults: Hashable, Sendable {
    public var facetHits: [FacetValueCount]
    public var processingTimeMS: Double

    public init(facetHits: [FacetValueCount], processingTimeMS: Double = 0) {
        self.facetHits = facetHits
        self.processingTimeMS = processingTimeMS
    }
}
