import OrderedCollections

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

/// Why a hit ranks where it does (Algolia's `_rankingInfo`): the value of each tie-break
/// criterion, smaller is better except `userScore`. A criterion the index's ranking leaves out
/// is nil: the engine did not compute it.
public struct RankingInfo: Hashable, Sendable {
    /// The criteria in the order they break ties (`typo`, `words`, … `custom`).
    public var ranking: [String]
    public var nbTypos: Int?
    /// Query words the hit was searched with (those dropped by `removeWordsIfNoResults` excluded).
    public var words: Int?
    /// Sum of the distances between consecutive query words (8 at most per pair).
    public var proximityDistance: Int?
    /// The best-matched attribute, and Algolia's `firstMatchedWord`: its rank × 1000 + the
    /// word's position in it.
    public var matchedAttribute: String?
    public var firstMatchedWord: Int?
    /// The exact criterion's value (0 best), and the query words matched exactly.
    public var exact: Int?
    public var nbExactWords: Int?
    /// The customRanking attributes' values, and the record's place in that order (higher first).
    public var customRanking: [String: Double]
    public var userScore: Int
    /// With `relevanceBucketWidth`: the hit's text relevance in points (fewer better) and the
    /// bucket they put it in (0 best); within a bucket the custom ranking decides.
    public var relevancePoints: Int?
    public var relevanceBucket: Int?
    /// With `aroundLatLng`: the distance to the record's nearest location in metres, divided by
    /// the precision (Algolia's `geoDistance`, `geoPrecision`), and that location.
    public var geoDistance: Int?
    public var geoPrecision: Int?
    public var matchedGeoLocation: MatchedGeoLocation?
    /// Lifted to the top by Dynamic Re-Ranking: users chose this record for this query
    /// (Algolia's `promotedByReRanking`), with how much (clicks 1, conversions more).
    public var promotedByReRanking: Bool?
    public var reRankingScore: Double?

    public init(
        ranking: [String], nbTypos: Int? = nil, words: Int? = nil, proximityDistance: Int? = nil,
        matchedAttribute: String? = nil, firstMatchedWord: Int? = nil, exact: Int? = nil, nbExactWords: Int? = nil,
        customRanking: [String: Double] = [:], userScore: Int = 0
    ) {
        self.ranking = ranking
        self.nbTypos = nbTypos
        self.words = words
        self.proximityDistance = proximityDistance
        self.matchedAttribute = matchedAttribute
        self.firstMatchedWord = firstMatchedWord
        self.exact = exact
        self.nbExactWords = nbExactWords
        self.customRanking = customRanking
        self.userScore = userScore
    }
}

/// The location of a record a geo query measured from (Algolia's `matchedGeoLocation`).
public struct MatchedGeoLocation: Hashable, Sendable {
    public var point: GeoPoint
    /// Metres, not divided by the precision.
    public var distance: Int

    public init(point: GeoPoint, distance: Int) {
        self.point = point
        self.distance = distance
    }
}

public struct Hit: Hashable, Sendable {
    public var objectID: String
    public var record: JSONValue
    public var highlights: [String: AttributeHighlight]
    /// For long text attributes: a few words around the first match, highlighted, with "…"
    /// where text was cut (Algolia's `_snippetResult`). Empty when the backend makes none.
    public var snippets: [String: AttributeHighlight]
    /// Filled when the query asks for it (`Query.getRankingInfo`) and the backend explains.
    public var rankingInfo: RankingInfo?
    /// Put in its place by a query rule rather than ranked there (Algolia's `_rankingInfo.promoted`).
    public var isPromoted = false
    /// A record read from a table (CSV, TSV): every column's cell as the file had it, in the
    /// file's order, empty cells included ("6.0" stays "6.0", where `record` has the number 6
    /// and leaves empty cells out). What a pick prints and the hit shows; nil for other records.
    public var sourceCells: OrderedDictionary<String, String>?
    /// Colours the text brought with it (fzf's `--ansi`), by attribute: spans over the
    /// characters of its highlighted value. Empty for text without colours.
    public var colors: [String: [ANSISpan]] = [:]

    public init(
        objectID: String, record: JSONValue, highlights: [String: AttributeHighlight] = [:],
        snippets: [String: AttributeHighlight] = [:], rankingInfo: RankingInfo? = nil, isPromoted: Bool = false,
        sourceCells: OrderedDictionary<String, String>? = nil
    ) {
        self.isPromoted = isPromoted
        self.objectID = objectID
        self.record = record
        self.highlights = highlights
        self.snippets = snippets
        self.rankingInfo = rankingInfo
        self.sourceCells = sourceCells
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
    /// How the index asks for these results to be shown (Algolia's `renderingContent`).
    public var renderingContent: RenderingContent?
    /// What the query rules that applied send to be shown, in the rules' order (Algolia's `userData`).
    public var userData: [JSONValue] = []
    /// The objectIDs of the rules that applied.
    public var appliedRules: [String] = []
    /// A relevant sort (a sorted view with `relevancyStrictness`): the strictness applied and
    /// how many of the `nbHits` it kept and sorted (the pages count those). nil otherwise.
    public var appliedRelevancyStrictness: Int?
    public var nbSortedHits: Int?
    /// The search's id when the request asked for it (`clickAnalytics`): events on its hits
    /// carry it (Algolia's `queryID`).
    public var queryID: String?
    /// A remark on how the hits were found, for the stats line: why there are none (a term no
    /// line has), or that they needed typos. nil when there is nothing to say.
    public var notice: String?
    /// The hits are close matches (typos) found because nothing matched as typed: shown in the
    /// interface as such, but to a script (`--filter` without `--typos`, `--select-1`,
    /// `--exit-0`) they are no match, as fzf has it.
    public var areCloseMatches = false

    public init(
        indexName: String, query: String = "", hits: [Hit] = [], nbHits: Int = 0, page: Int = 0,
        nbPages: Int = 0, hitsPerPage: Int = 20, facets: [String: [FacetValueCount]] = [:],
        facetStats: [String: FacetStats] = [:], processingTimeMS: Double = 0, queryAfterRemoval: String? = nil,
        renderingContent: RenderingContent? = nil
    ) {
        self.queryAfterRemoval = queryAfterRemoval
        self.renderingContent = renderingContent
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
