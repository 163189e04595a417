/// The tie-breaking criteria, Algolia's names, in Algolia's default order. Results are sorted
/// by the first, ties broken by the next, and so on; `custom` is the index's `customRanking`;
/// `geo` (distance from `aroundLatLng`) takes part only in a geo query.
public enum RankingCriterion: String, Hashable, Sendable, CaseIterable {
    case typo, geo, words, proximity, attribute, exact, custom
}

/// Algolia's `exactOnSingleWordQuery`: what makes a one-word query's match exact.
public enum ExactOnSingleWordQuery: String, Hashable, Sendable, CaseIterable {
    /// The attribute's whole value is the word (a record named exactly what was typed).
    case attribute
    /// The word itself, not a longer completion or a typo.
    case word
    /// Exactness plays no part for one word.
    case none
}

/// Algolia's `queryType`: which query words match as the start of a longer word.
public enum QueryType: String, Hashable, Sendable, CaseIterable {
    /// The last word, while it is being typed (no space after it): "star wa" finds "wars".
    case prefixLast
    /// Every word: "dock comp up" finds "docker compose up" (what a list of shell commands or
    /// paths wants, where each word is typed short).
    case prefixAll
    /// None: every word matches whole words only (typos aside).
    case prefixNone

    /// Whether the word at `position` of `count` words is a prefix; `endsWithSpace`: the text
    /// typed ends with white space (the last word is then finished).
    public func isPrefix(position: Int, count: Int, endsWithSpace: Bool) -> Bool {
        switch self {
        case .prefixLast: return position == count - 1 && !endsWithSpace
        case .prefixAll: return true
        case .prefixNone: return false
        }
    }
}

/// How a query's text is matched and ranked. Every field has Algolia's default (or the
/// issue's): typos from 4 letters (1) and 8 letters (2), the standard tie-break order, and
/// trailing words dropped when all of them together find nothing.
public struct RelevanceSettings: Hashable, Sendable {
    public var typoTolerance = true
    public var minWordSizefor1Typo = 4
    public var minWordSizefor2Typos = 8
    /// Attributes matched without typos (codes, ids, names that must be exact).
    public var disableTypoToleranceOnAttributes: [String] = []
    public var ranking: [RankingCriterion] = RankingCriterion.allCases
    /// When every word together finds nothing, drop words from the end until something is found.
    public var removeWordsIfNoResults = true
    public var exactOnSingleWordQuery = ExactOnSingleWordQuery.attribute
    public var queryType = QueryType.prefixLast
    public var synonyms: [Synonym] = []
    /// Languages whose stop words are left out of queries (`stopWordLanguages`); empty: none.
    public var removeStopWords: [String] = []
    /// English singulars and plurals find each other ("berry" ↔ "berries").
    public var ignorePlurals = false
    /// Records sharing this attribute's value are one group; `distinct` of each group are shown.
    public var attributeForDistinct: String?
    /// Hits kept per group of `attributeForDistinct` (0: no grouping); a query may override it.
    public var distinct = 0
    /// Facet counts of the hits distinct keeps, not of every matched record (Algolia's
    /// `facetingAfterDistinct`; a query may override it).
    public var facetingAfterDistinct = false
    /// Popularity-aware ranking (this engine's own; Typesense's `text_match_buckets` in spirit):
    /// hits whose text relevance points (`RankingKey.relevancePoints`) lie within this many of
    /// each other, counted from the best hit, share a bucket, and within a bucket the custom
    /// ranking decides before the text criteria do. 0: off, the tie-break order alone; nil: not
    /// given, so off unless settings inference chose a popularity ranking (then 2).
    public var relevanceBucketWidth: Int?
    /// The width in force: 0 when none was given or inferred.
    public var bucketWidth: Int { relevanceBucketWidth ?? 0 }
    /// Sorted views keep only the more relevant hits (Algolia's `relevancyStrictness`, 0 to 100;
    /// see the engine's `RelevantSort`); nil: a sort shows every hit unless a query asks.
    public var relevancyStrictness: Int?
    /// Dynamic Re-Ranking (Algolia's `enableReRanking`): records users clicked or converted for a
    /// query rise for it. nil: on when the index has events; false: off.
    public var enableReRanking: Bool?
    /// Algolia's `advancedSyntax` for records: `"a phrase"` and `-excluded` in a query, as
    /// `advancedSyntaxFeatures` allow (both by default). A query may turn it on or off.
    public var advancedSyntax = false
    public var advancedSyntaxFeatures = Set(AdvancedSyntaxFeature.allCases)
    /// Typesense's `infix`: query words found inside indexed words (see `InfixSetting`).
    public var infix = InfixSetting()
    /// One attribute also matched as fzf matches a line, its records first (see `SubsequenceSetting`).
    public var subsequence: SubsequenceSetting?

    public init() {}

    /// The widest bucket a setting may ask for: wider than any difference of points met.
    public static let maxRelevanceBucketWidth = 100

    /// Languages the engine has stop words for (its `StopWords` lists one word list for each).
    public static let stopWordLanguages = ["de", "en", "es", "fr"]

    static let knownKeys = [
        "typoTolerance", "minWordSizefor1Typo", "minWordSizefor2Typos", "disableTypoToleranceOnAttributes",
        "ranking", "removeWordsIfNoResults", "exactOnSingleWordQuery", "queryType", "synonyms", "removeStopWords", "ignorePlurals",
        "attributeForDistinct", "distinct", "facetingAfterDistinct", "relevanceBucketWidth",
        "relevancyStrictness", "enableReRanking", "advancedSyntax", "advancedSyntaxFeatures", "infix",
        "subsequence",
    ]

    /// Algolia's limit on hits per group.
    public static let maxDistinct = 4

    /// Typos allowed for a query word of `letters` letters (Unicode scalars of its folded form).
    public func allowedTypos(letters: Int) -> Int {
        guard typoTolerance else { return 0 }
        if letters >= minWordSizefor2Typos { return 2 }
        return letters >= minWordSizefor1Typo ? 1 : 0
    }

    mutating func parse(key: String, value: JSONValue, fail: (String) -> DataError) throws {
        func integer() throws -> Int {
            guard let n = value.numberValue, n >= 0, n == n.rounded(), n < 1000 else {
                throw fail("\"\(key)\" must be a whole number")
            }
            return Int(n)
        }
        func strings() throws -> [String] {
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw fail("\"\(key)\" must be an array of strings")
            }
            return items.compactMap(\.stringValue)
        }
        switch key {
        case "typoTolerance":
            guard case .bool(let on) = value else { throw fail("\"typoTolerance\" must be true or false") }
            typoTolerance = on
        case "minWordSizefor1Typo": minWordSizefor1Typo = try integer()
        case "minWordSizefor2Typos": minWordSizefor2Typos = try integer()
        case "disableTypoToleranceOnAttributes": disableTypoToleranceOnAttributes = try strings()
        case "ranking":
            ranking = try strings().map { name in
                guard let criterion = RankingCriterion(rawValue: name) else {
                    let known = RankingCriterion.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fail("\"ranking\" entry \"\(name)\" is not one of: \(known)")
                }
                return criterion
            }
        case "removeWordsIfNoResults":
            // Algolia's values; "none" keeps strict AND, anything else drops from the end.
            guard let mode = value.stringValue, ["none", "lastWords"].contains(mode) else {
                throw fail("\"removeWordsIfNoResults\" must be \"none\" or \"lastWords\"")
            }
            removeWordsIfNoResults = mode == "lastWords"
        case "exactOnSingleWordQuery":
            guard let mode = value.stringValue.flatMap(ExactOnSingleWordQuery.init(rawValue:)) else {
                throw fail("\"exactOnSingleWordQuery\" must be \"attribute\", \"word\" or \"none\"")
            }
            exactOnSingleWordQuery = mode
        case "queryType":
            guard let type = value.stringValue.flatMap(QueryType.init(rawValue:)) else {
                throw fail("\"queryType\" must be \"prefixLast\", \"prefixAll\" or \"prefixNone\"")
            }
            queryType = type
        case "synonyms": synonyms = try Synonym.parseList(value, fail: fail)
        case "removeStopWords":
            // Algolia's forms: true (every language), false, or a list of language codes.
            if case .bool(let on) = value {
                removeStopWords = on ? RelevanceSettings.stopWordLanguages : []
            } else {
                let languages = try strings()
                for language in languages where !RelevanceSettings.stopWordLanguages.contains(language) {
                    throw fail("\"removeStopWords\": no stop words for \"\(language)\"; known: " + RelevanceSettings.stopWordLanguages.joined(separator: ", "))
                }
                removeStopWords = languages
            }
        case "ignorePlurals":
            if case .bool(let on) = value {
                ignorePlurals = on
            } else {
                let languages = try strings()
                guard languages.allSatisfy({ $0 == "en" }) else { throw fail("\"ignorePlurals\": only \"en\" is supported") }
                ignorePlurals = !languages.isEmpty
            }
        case "attributeForDistinct":
            guard let name = value.stringValue, !name.isEmpty else { throw fail("\"attributeForDistinct\" must be an attribute name") }
            attributeForDistinct = name
        case "facetingAfterDistinct":
            guard case .bool(let on) = value else { throw fail("\"facetingAfterDistinct\" must be true or false") }
            facetingAfterDistinct = on
        case "relevanceBucketWidth":
            let width = try integer()
            guard width <= RelevanceSettings.maxRelevanceBucketWidth else {
                throw fail("\"relevanceBucketWidth\" must be from 0 (off) to \(RelevanceSettings.maxRelevanceBucketWidth)")
            }
            relevanceBucketWidth = width
        case "relevancyStrictness":
            let strictness = try integer()
            guard strictness <= 100 else { throw fail("\"relevancyStrictness\" must be from 0 to 100") }
            relevancyStrictness = strictness
        case "enableReRanking":
            guard case .bool(let on) = value else { throw fail("\"enableReRanking\" must be true or false") }
            enableReRanking = on
        case "advancedSyntax":
            guard case .bool(let on) = value else { throw fail("\"advancedSyntax\" must be true or false") }
            advancedSyntax = on
        case "advancedSyntaxFeatures":
            let names = try strings()
            do { advancedSyntaxFeatures = try AdvancedSyntaxFeature.parseList(names, what: "\"advancedSyntaxFeatures\"") } catch {
                throw fail(error.message)
            }
        case "infix":
            do { infix = try InfixSetting.parse(value) } catch { throw fail(error.message) }
        case "subsequence":
            do { subsequence = try SubsequenceSetting.parse(value) } catch { throw fail(error.message) }
        case "distinct":
            if case .bool(let on) = value {
                distinct = on ? 1 : 0
            } else {
                let n = try integer()
                guard n <= RelevanceSettings.maxDistinct else { throw fail("\"distinct\" must be true, false or 0 to 4") }
                distinct = n
            }
        default: break
        }
    }
}
