/// A numeric filter on one attribute: `lower ≤ value ≤ upper`, either bound optional; a bound
/// may exclude its own value (a typed `<50` or a numeric menu's `<50` bucket: 50 is out).
public struct NumericRange: Hashable, Sendable, CustomStringConvertible {
    public var lower: Double?
    public var upper: Double?
    public var excludesLower = false
    public var excludesUpper = false

    public init(lower: Double? = nil, upper: Double? = nil, excludesLower: Bool = false, excludesUpper: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.excludesLower = excludesLower && lower != nil
        self.excludesUpper = excludesUpper && upper != nil
    }

    /// Exactly `value` (`=3`, a toggle's on or off).
    public static func exactly(_ value: Double) -> NumericRange { NumericRange(lower: value, upper: value) }

    public func contains(_ value: Double) -> Bool {
        if let lower, excludesLower ? value <= lower : value < lower { return false }
        if let upper, excludesUpper ? value >= upper : value > upper { return false }
        return true
    }

    /// "50 to 200", "< 50", "≥ 4", "= 3": the typed forms read back.
    public var description: String {
        func number(_ n: Double) -> String { JSONValue.format(number: n) }
        switch (lower, upper) {
        case let (lo?, hi?) where lo == hi && !excludesLower && !excludesUpper: return "= \(number(lo))"
        case let (lo?, nil): return (excludesLower ? "> " : "≥ ") + number(lo)
        case let (nil, hi?): return (excludesUpper ? "< " : "≤ ") + number(hi)
        default:
            let lo = lower.map(number) ?? "…"
            let hi = upper.map(number) ?? "…"
            return "\(lo) to \(hi)"
        }
    }
}

/// Everything one index search needs: the text, the page, and the refinements.
///
/// Facet refinements are AND across attributes. Within an attribute listed in
/// `disjunctiveFacets` they are OR, and that attribute's counts are computed as if
/// its own refinements were absent (so the other values stay visible and countable).
/// What a front end lets a user ask for (Algolia's own caps for pages): a page number beyond
/// these says "error", not "arithmetic overflow" nor a million-hit page.
public enum QueryLimits {
    public static let page = 0...10_000
    public static let hitsPerPage = 0...1_000
    /// Debounce and throttle intervals.
    public static let milliseconds = 0...60_000

    /// "--page must be between 0 and 10000 (was 9223372036854775807)." for a value out of `range`.
    public static func check(_ value: Int, in range: ClosedRange<Int>, option: String) -> String? {
        range.contains(value) ? nil : "\(option) must be between \(range.lowerBound) and \(range.upperBound) (was \(value))."
    }
}

public struct Query: Hashable, Sendable {
    public var text: String
    public var page: Int
    public var hitsPerPage: Int
    /// Attributes whose value counts the results should carry.
    public var facets: [String]
    public var disjunctiveFacets: Set<String>
    /// attribute → refined values.
    public var facetRefinements: [String: Set<String>]
    /// attribute → range; facet stats of that attribute ignore its own range, so a
    /// slider's bounds do not shrink as the user drags it.
    public var numericRanges: [String: NumericRange]
    /// The largest number of values returned per facet (refined values always included).
    public var maxValuesPerFacet: Int
    /// A filter in Algolia's syntax (`genres:Comedy AND year:1990 TO 2000 AND NOT sex:M`),
    /// applied on top of the refinements; nil for none. A backend reports a malformed one as an error.
    public var filters: String? = nil
    /// Hits kept per group of the index's `attributeForDistinct`; nil: the index's `distinct`.
    public var distinct: Int? = nil
    /// Facet counts of the hits left after distinct rather than of every matched record
    /// (Algolia's `facetingAfterDistinct`); nil: the index's setting.
    public var facetingAfterDistinct: Bool? = nil
    /// Ask for each hit's `RankingInfo` (Algolia's `getRankingInfo`).
    public var getRankingInfo = false
    /// Order the whole result set by one attribute, relevance breaking ties; nil: relevance.
    public var sortBy: SortCriterion? = nil
    /// false: every word matched as typed, whatever the index's typo rules (Algolia's
    /// `typoTolerance: false`).
    public var typoTolerance = true
    /// The attributes a hit's highlights (and snippets) are made for; nil: the searchable
    /// attributes; `*` in the list: every attribute of the record (Algolia's `attributesToHighlight`).
    public var attributesToHighlight: [String]? = nil
    /// Query rules apply (Algolia's `enableRules`).
    public var enableRules = true
    /// The contexts a rule's condition may ask for (Algolia's `ruleContexts`).
    public var ruleContexts: [String] = []
    /// Geo search: rank by distance from a point, keep a radius, boxes or polygons (Algolia's
    /// `aroundLatLng`, `aroundRadius`, `insideBoundingBox`, `insidePolygon`).
    public var geo = GeoQuery()
    /// For a sorted view (`sortBy`): how strictly less relevant hits are left out, 0 (none) to
    /// 100 (all but the most relevant) (Algolia's `relevancyStrictness`); nil: the index's.
    public var relevancyStrictness: Int?
    /// Dynamic Re-Ranking: records users chose for this query rise (Algolia's `enableReRanking`);
    /// nil: the index's setting (on when there are events).
    public var enableReRanking: Bool?
    /// `"a phrase"` and `-excluded` read in `text` (Algolia's `advancedSyntax`); nil: the index's.
    public var advancedSyntax: Bool? = nil
    /// Which of them (Algolia's `advancedSyntaxFeatures`); nil: the index's.
    public var advancedSyntaxFeatures: Set<AdvancedSyntaxFeature>? = nil

    public init(
        text: String = "", page: Int = 0, hitsPerPage: Int = 20, facets: [String] = [],
        disjunctiveFacets: Set<String> = [], facetRefinements: [String: Set<String>] = [:],
        numericRanges: [String: NumericRange] = [:], maxValuesPerFacet: Int = 100
    ) {
        self.text = text
        self.page = page
        self.hitsPerPage = hitsPerPage
        self.facets = facets
        self.disjunctiveFacets = disjunctiveFacets
        self.facetRefinements = facetRefinements
        self.numericRanges = numericRanges
        self.maxValuesPerFacet = maxValuesPerFacet
    }

    public func isRefined(_ attribute: String, value: String) -> Bool {
        facetRefinements[attribute]?.contains(value) ?? false
    }

    public func withPage(_ page: Int) -> Query {
        var copy = self
        copy.page = page
        return copy
    }

    public var hasRefinements: Bool {
        facetRefinements.values.contains { !$0.isEmpty } || !numericRanges.isEmpty
    }
}

/// One query addressed to one index: the unit of a multi-query.
public struct IndexedQuery: Hashable, Sendable {
    public var indexName: String
    public var query: Query

    public init(indexName: String, query: Query) {
        self.indexName = indexName
        self.query = query
    }
}
