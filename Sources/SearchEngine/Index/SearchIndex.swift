import Foundation
import InstantSearchCore

/// One searchable index: the records, their inverted index, facet and numeric columns.
/// Immutable once built, so any number of searches may read it at the same time.
public final class SearchIndex: Sendable {
    public let name: String
    public let records: [JSONValue]
    public let settings: ResolvedIndexSettings
    /// Each record's id, from `objectIDAttribute` or else its position.
    public let objectIDs: [String]

    let dictionary: TermDictionary
    let facetColumns: [String: FacetColumn]
    let numericColumns: [String: NumericColumn]
    /// Position of each record in customRanking order (ties broken by record order).
    let customRank: [Int32]
    let recordAtCustomRank: [Int32]

    public var recordCount: Int { records.count }

    /// What a front end needs before its first search.
    public var indexDescription: IndexDescription {
        IndexDescription(
            name: name, recordCount: records.count, searchableAttributes: settings.searchableAttributes,
            facetAttributes: settings.attributesForFaceting, disjunctiveFacets: Set(settings.disjunctiveFacets),
            numericAttributes: settings.numericAttributesForFiltering, displayAttributes: settings.displayAttributes
        )
    }

    /// Builds the index; settings left out are inferred from the records.
    public init(name: String, records: [JSONValue], settings: IndexSettings = IndexSettings()) {
        let resolved = settings.resolved(for: records)
        self.name = name
        self.records = records
        self.settings = resolved
        self.objectIDs = records.enumerated().map { position, record in
            guard let attribute = resolved.objectIDAttribute, let value = record[attribute], value != .null else {
                return String(position)
            }
            return value.displayText
        }
        self.dictionary = SearchIndex.buildDictionary(records: records, attributes: resolved.searchableAttributes)
        var facetColumns: [String: FacetColumn] = [:]
        for attribute in resolved.attributesForFaceting {
            facetColumns[attribute] = FacetColumn(attribute: attribute, records: records)
        }
        self.facetColumns = facetColumns
        var numericColumns: [String: NumericColumn] = [:]
        for attribute in resolved.numericAttributesForFiltering {
            numericColumns[attribute] = NumericColumn(attribute: attribute, records: records)
        }
        for criterion in resolved.customRanking where numericColumns[criterion.attribute] == nil {
            numericColumns[criterion.attribute] = NumericColumn(attribute: criterion.attribute, records: records)
        }
        self.numericColumns = numericColumns
        let rank = CustomRankOrder.rankOfRecord(records: records, criteria: resolved.customRanking)
        var recordAtRank = [Int32](repeating: 0, count: records.count)
        for (record, position) in rank.enumerated() { recordAtRank[Int(position)] = Int32(record) }
        self.customRank = rank
        self.recordAtCustomRank = recordAtRank
    }

    /// Loads a data file and its settings. Without `settingsPath`, `<file without extension>.settings.json`
    /// beside the data is used when it exists. The index is named after the file, without extension.
    public convenience init(path: String, settingsPath: String? = nil) throws {
        let records = try DataLoader.load(path: path)
        let base = (path as NSString).deletingPathExtension
        let besideData = base + ".settings.json"
        let settings: IndexSettings
        if let settingsPath {
            settings = try IndexSettings.load(path: settingsPath)
        } else if FileManager.default.fileExists(atPath: besideData) {
            settings = try IndexSettings.load(path: besideData)
        } else {
            settings = IndexSettings()
        }
        self.init(name: (base as NSString).lastPathComponent, records: records, settings: settings)
    }

    /// The texts a searchable attribute holds: one per string, one per array element.
    static func searchableTexts(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let s)?: return [s]
        case .number(let n)?: return [JSONValue.number(n).displayText]
        case .array(let items)?: return items.flatMap { searchableTexts($0) }
        default: return []
        }
    }

    private static func buildDictionary(records: [JSONValue], attributes: [String]) -> TermDictionary {
        var builder = TermDictionaryBuilder()
        var tokenizer = Tokenizer()
        let attributeCount = min(attributes.count, Int(UInt16.max))
        for (record, value) in records.enumerated() {
            for attribute in 0..<attributeCount {
                var position = 0
                for text in searchableTexts(value[attributes[attribute]]) {
                    tokenizer.forEachToken(in: text) { term, _ in
                        // Positions past 65535 share the last slot: rank ties, nothing is lost.
                        let slot = UInt16(min(position, Int(UInt16.max)))
                        builder.add(term: term, posting: Posting(record: Int32(record), attribute: UInt16(attribute), position: slot))
                        position += 1
                    }
                }
            }
        }
        return builder.build()
    }
}
