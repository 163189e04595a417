import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One searchable index: the records, their inverted index, facet and numeric columns.
/// Immutable once built, so any number of searches may read it at the same time.
public final class SearchIndex: Sendable {
    public let name: String
    /// The records, by record number, and each one's id (from `objectIDAttribute`, else its position).
    public let records: RecordStore
    public let settings: ResolvedIndexSettings

    let dictionary: TermDictionary
    let prefixLists: PrefixLists
    /// Recent query words' matching terms (see `TermMatchCache`); the one mutable part, locked.
    let termMatchCache = TermMatchCache()
    /// Runs of equal custom ranking values, made when relevance buckets first need them.
    let customTies = CustomTies()
    /// Each record's `_geoloc`, read when a geo query first needs them.
    let geoLocations = GeoLocations()
    /// The records events name, by objectID, looked up when re-ranking first needs them.
    let recordLookup = RecordLookup()
    /// For a line index: its lines as the scanner reads them and the last matches (see `LineSearchState`).
    let lineState = LineSearchState()
    /// The `subsequence` attribute's values as lines, made when a query first needs them.
    let subsequenceTable = SubsequenceTable()
    /// Its words were left for later (plain lines): a word search goes to `wordsLater`.
    let wordsDeferred: Bool
    let facetColumns: [String: FacetColumn]
    let numericColumns: [String: NumericColumn]
    /// The record of each document. Documents are the records in customRanking order (ties
    /// broken by record order); columns, postings and ranking keys speak in document numbers.
    let recordAtCustomRank: RecordOrder
    /// How the tie-break criteria pack into a key, from the settings' ranking order.
    let rankingKey: RankingKey
    /// Per searchable attribute: matched without typos (`disableTypoToleranceOnAttributes`).
    let noTypoAttribute: [Bool]
    /// Synonyms, stop words and plurals, folded once.
    let expansions: QueryExpansions
    /// Facet counts and stats of the largest hit sets, taken once (see `KnownAggregates`).
    let knownAggregates: KnownAggregates

    public var recordCount: Int { records.count }

    /// Builds the index; settings left out are inferred from the records.
    public convenience init(name: String, records: [JSONValue], settings: IndexSettings = IndexSettings()) {
        let resolved = settings.resolved(for: records)
        self.init(name: name, store: RecordStore(records: records), settings: resolved)
    }

    /// Builds the index from records loaded packed (`DataLoader.loadRecords`); settings left
    /// out are inferred from the records, read one at a time.
    public convenience init(
        name: String, records: RecordStore, settings: IndexSettings = IndexSettings(),
        inferenceSample: Int = IndexSettings.inferenceSample
    ) {
        let resolved = settings.resolved(recordCount: records.count, sample: inferenceSample) { records[$0] }
        self.init(name: name, store: records, settings: resolved)
    }

    /// Builds the index with its settings already decided: a snapshot of an index still
    /// loading, which keeps the settings inferred from its first records.
    public convenience init(name: String, records: RecordStore, resolved: ResolvedIndexSettings) {
        self.init(name: name, store: records, settings: resolved)
    }

    /// Plain lines are searched fzf's way (`searchLines`), which needs no word index: theirs is
    /// built only when a word search first asks for it (`wordsLater`), so that lines open, and
    /// keep their memory, as lines.
    private convenience init(name: String, store: RecordStore, settings: ResolvedIndexSettings) {
        let words = !SearchIndex.holdsLineText(store, settings)
        self.init(name: name, parts: IndexParts(store: store, settings: settings, words: words), settings: settings)
    }

    convenience init(name: String, parts: IndexParts, settings: ResolvedIndexSettings, wordsDeferred: Bool? = nil) {
        self.init(
            name: name, records: parts.records, settings: settings, dictionary: parts.dictionary, prefixLists: parts.prefixLists,
            facetColumns: parts.facetColumns, numericColumns: parts.numericColumns, recordAtCustomRank: parts.recordAtCustomRank,
            wordsDeferred: wordsDeferred)
    }

    /// An index from its parts, as an index file holds them. `wordsDeferred` nil: a store of
    /// plain lines with no words indexed is one whose words were left for later.
    init(
        name: String, records: RecordStore, settings: ResolvedIndexSettings, dictionary: TermDictionary,
        prefixLists: PrefixLists, facetColumns: [String: FacetColumn], numericColumns: [String: NumericColumn],
        recordAtCustomRank: RecordOrder, wordsDeferred: Bool? = nil
    ) {
        self.wordsDeferred = wordsDeferred ?? (dictionary.termCount == 0 && records.count > 0 && SearchIndex.holdsLineText(records, settings))
        self.name = name
        self.records = records
        self.settings = settings
        self.dictionary = dictionary
        self.prefixLists = prefixLists
        self.facetColumns = facetColumns
        self.numericColumns = numericColumns
        self.recordAtCustomRank = recordAtCustomRank
        self.rankingKey = RankingKey(ranking: settings.relevance.ranking)
        self.noTypoAttribute = SearchIndex.noTypoSlots(settings)
        self.expansions = QueryExpansions(settings.relevance)
        self.knownAggregates = KnownAggregates(
            documentCount: records.count, prefixLists: prefixLists, facetColumns: facetColumns, numericColumns: numericColumns)
    }

    /// Sized to every attribute slot a posting can name, so lookups never go out of bounds.
    private static func noTypoSlots(_ settings: ResolvedIndexSettings) -> [Bool] {
        let noTypo = Set(settings.relevance.disableTypoToleranceOnAttributes)
        return (0...Int(UInt16.max)).map {
            $0 < settings.searchableAttributes.count && noTypo.contains(settings.searchableAttributes[$0])
        }
    }

    /// Each record's id, from `objectIDAttribute` or else its position.
    public func objectID(of record: Int) -> String { records.objectID(of: record) }

    /// Every record's id, in record order (built on demand: an opened index keeps them packed).
    public var objectIDs: [String] { (0..<recordCount).map { records.objectID(of: $0) } }

    /// The texts a searchable attribute holds: one per string, one per array element.
    static func searchableTexts(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let s)?: return [s]
        case .number(let n)?: return [JSONValue.number(n).displayText]
        case .array(let items)?: return items.flatMap { searchableTexts($0) }
        default: return []
        }
    }
}
