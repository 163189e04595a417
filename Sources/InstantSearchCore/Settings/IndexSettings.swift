#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One `customRanking` entry: `desc(count)` or `asc(year)`.
public struct CustomRankingCriterion: Hashable, Sendable, CustomStringConvertible {
    public var attribute: String
    public var ascending: Bool

    public init(attribute: String, ascending: Bool) {
        self.attribute = attribute
        self.ascending = ascending
    }

    /// Parses Algolia's `asc(attribute)` / `desc(attribute)`.
    public init?(parsing text: String) {
        let trimmed = text.trimmingBlanks()
        for (prefix, ascending) in [("asc(", true), ("desc(", false)] where trimmed.hasPrefix(prefix) && trimmed.hasSuffix(")") {
            let name = trimmed.dropFirst(prefix.count).dropLast()
            guard !name.isEmpty else { return nil }
            self.init(attribute: String(name), ascending: ascending)
            return
        }
        return nil
    }

    public var description: String { "\(ascending ? "asc" : "desc")(\(attribute))" }
}

/// Index settings as a settings file gives them (Algolia's key names where Algolia has one).
/// A key left out (nil) is inferred from the data when the index is built.
public struct IndexSettings: Hashable, Sendable {
    /// Order is the attribute ranking: a match in an earlier attribute ranks higher.
    public var searchableAttributes: [String]?
    public var attributesForFaceting: [String]?
    /// Facets whose refinements combine with OR.
    public var disjunctiveFacets: [String]?
    public var numericAttributesForFiltering: [String]?
    public var customRanking: [CustomRankingCriterion]?
    /// The first is a hit's title; the next ones are shown beneath it.
    public var displayAttributes: [String]?
    /// Where a record's id is read; by default `objectID`, else `id`, else the record's position.
    public var objectIDAttribute: String?
    /// Relevance knobs (see `RelevanceSettings`): typo tolerance, ranking order, word removal.
    public var relevance: RelevanceSettings = RelevanceSettings()
    /// Facets shown as trees (`"hierarchical"`: one object or an array of them); never inferred.
    public var hierarchical: [HierarchicalFacet] = []
    /// Sorts, numeric menus and toggles (see `WidgetSettings`).
    public var widgets = WidgetSettings()
    /// How values are shown (see `DisplaySettings`): number formats, facet list orders.
    public var display = DisplaySettings()

    public init(
        searchableAttributes: [String]? = nil, attributesForFaceting: [String]? = nil,
        disjunctiveFacets: [String]? = nil, numericAttributesForFiltering: [String]? = nil,
        customRanking: [CustomRankingCriterion]? = nil, displayAttributes: [String]? = nil,
        objectIDAttribute: String? = nil
    ) {
        self.searchableAttributes = searchableAttributes
        self.attributesForFaceting = attributesForFaceting
        self.disjunctiveFacets = disjunctiveFacets
        self.numericAttributesForFiltering = numericAttributesForFiltering
        self.customRanking = customRanking
        self.displayAttributes = displayAttributes
        self.objectIDAttribute = objectIDAttribute
    }

    public static let knownKeys =
        [
            "searchableAttributes", "attributesForFaceting", "disjunctiveFacets", "numericAttributesForFiltering",
            "customRanking", "displayAttributes", "objectIDAttribute", "hierarchical",
        ] + RelevanceSettings.knownKeys + WidgetSettings.knownKeys + DisplaySettings.knownKeys

    /// Reads a settings file. Unknown keys and wrongly typed values are errors naming the key.
    public static func load(path: String) throws -> IndexSettings {
        try parse(bytes: try SettingsFile.read(path), file: path)
    }

    public static func parse(text: String, file: String = "settings") throws -> IndexSettings {
        try parse(bytes: Array(text.utf8), file: file)
    }

    public static func parse(bytes: [UInt8], file: String) throws -> IndexSettings {
        let document = try JSONParser.parse(bytes, file: file)
        guard case .object(let fields) = document else {
            throw DataError(file: file, line: 1, column: 1, message: "expected a JSON object of settings")
        }
        func fail(_ message: String) -> DataError { DataError(file: file, message: message) }
        func strings(_ key: String, _ value: JSONValue) throws -> [String] {
            guard case .array(let items) = value else { throw fail("\"\(key)\" must be an array of strings") }
            return try items.map { item in
                guard case .string(let s) = item else { throw fail("\"\(key)\" must be an array of strings") }
                return s
            }
        }

        var settings = IndexSettings()
        for (key, value) in fields {
            switch key {
            case "searchableAttributes": settings.searchableAttributes = try strings(key, value)
            case "attributesForFaceting": settings.attributesForFaceting = try strings(key, value)
            case "disjunctiveFacets": settings.disjunctiveFacets = try strings(key, value)
            case "numericAttributesForFiltering": settings.numericAttributesForFiltering = try strings(key, value)
            case "displayAttributes": settings.displayAttributes = try strings(key, value)
            case "customRanking":
                settings.customRanking = try strings(key, value).map { text in
                    guard let criterion = CustomRankingCriterion(parsing: text) else {
                        throw fail("\"customRanking\" entry \"\(text)\" must look like \"desc(attribute)\" or \"asc(attribute)\"")
                    }
                    return criterion
                }
            case "objectIDAttribute":
                guard case .string(let name) = value else { throw fail("\"objectIDAttribute\" must be a string") }
                settings.objectIDAttribute = name
            case "hierarchical":
                let entries: [JSONValue]
                if case .array(let items) = value { entries = items } else { entries = [value] }
                settings.hierarchical = try entries.map { try HierarchicalFacet.parse($0, fail: fail) }
                if let twice = settings.hierarchical.map(\.name).duplicated {
                    throw fail("\"hierarchical\" names \"\(twice)\" twice")
                }
            case _ where RelevanceSettings.knownKeys.contains(key):
                try settings.relevance.parse(key: key, value: value, fail: fail)
            case _ where WidgetSettings.knownKeys.contains(key):
                try settings.widgets.parse(key: key, value: value, fail: fail)
            case _ where DisplaySettings.knownKeys.contains(key):
                try settings.display.parse(key: key, value: value, fail: fail)
            default:
                if let near = AttributeCheck.suggestions(for: key, among: Set(knownKeys)).first {
                    throw fail("unknown settings key \"\(key)\"; did you mean \"\(near)\"?")
                }
                throw fail("unknown settings key \"\(key)\"; known keys: " + knownKeys.joined(separator: ", "))
            }
        }
        return settings
    }
}

extension Array where Element: Hashable {
    /// The first element met a second time; nil when all differ.
    fileprivate var duplicated: Element? {
        var seen: Set<Element> = []
        return first { !seen.insert($0).inserted }
    }
}
