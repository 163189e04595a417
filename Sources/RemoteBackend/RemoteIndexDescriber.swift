import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the front end needs before the first search, asked of the remote service: the index
/// names (`GET /1/indexes` when none are given), then each index's settings
/// (`GET /1/indexes/{index}/settings`). A service without settings is probed once with a
/// query counting every facet (`facets: ["*"]`): its facets and facet stats say the rest.
public struct RemoteIndexDescriber: Sendable {
    public let backend: AlgoliaRemoteBackend

    public init(backend: AlgoliaRemoteBackend) {
        self.backend = backend
    }

    public func describe(indices names: [String]) async throws -> [IndexDescription] {
        let names = names.isEmpty ? try await listIndices() : names
        guard !names.isEmpty else { throw SearchError.backend("\(backend.transport.origin) serves no index this key may search") }
        var descriptions: [IndexDescription] = []
        for name in names { descriptions.append(try await describe(index: name)) }
        return descriptions
    }

    func listIndices() async throws -> [String] {
        let answer = try await backend.transport.send("GET", "1/indexes")
        guard let items = answer["items"]?.arrayValue else { throw SearchError.malformedResponse("no \"items\" in the list of indices") }
        return items.compactMap { $0["name"]?.stringValue }
    }

    func describe(index name: String) async throws -> IndexDescription {
        var description: IndexDescription
        do {
            let settings = try await backend.transport.send("GET", "1/indexes/\(name)/settings")
            description = Self.description(name: name, settings: settings)
        } catch let error as SearchError where Self.isMissingRoute(error) {
            description = IndexDescription(name: name)
        }
        if description.facetAttributes.isEmpty && description.numericAttributes.isEmpty || description.displayAttributes.isEmpty {
            try await fillFromProbe(&description)
        }
        return description
    }

    /// A 404 means "no settings here", not "no such index": the probe query tells which.
    static func isMissingRoute(_ error: SearchError) -> Bool {
        if case .backend(let message) = error { return message.hasPrefix("HTTP 404") || message.hasPrefix("HTTP 405") }
        return false
    }

    static func description(name: String, settings: JSONValue) -> IndexDescription {
        func list(_ key: String) -> [String] { settings[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        // Algolia's modifiers: "searchable(brand)" is a facet, "filterOnly(x)" is not counted.
        let facets = list("attributesForFaceting").compactMap { entry -> String? in
            if entry.hasPrefix("filterOnly(") { return nil }
            return stripModifier(entry)
        }
        let searchable = list("searchableAttributes").flatMap { $0.split(separator: ",").map { stripModifier(String($0)) } }
        let display = list("displayAttributes")
        var description = IndexDescription(
            name: name, recordCount: settings["nbRecords"]?.numberValue.map { Int($0) },
            searchableAttributes: searchable, facetAttributes: facets,
            disjunctiveFacets: Set(list("disjunctiveFacets")),
            numericAttributes: list("numericAttributesForFiltering").map(stripModifier),
            displayAttributes: display.isEmpty ? searchable : display)
        // Number formats and facet orders, when the server says (serve does; Algolia has sortFacetValuesBy).
        let shown = DisplaySettings.lenient(from: settings)
        description.numberFormats = shown.format
        for facet in facets { if let order = shown.order(of: facet) { description.facetValueOrder[facet] = order } }
        addTogglesAndMenus(from: settings, to: &description)
        return description
    }

    /// Toggles and numeric menus, when the server lists them (serve does), read leniently: a
    /// key that does not read is left out. A toggle is a number (0/1) when the attribute is
    /// numeric, else a true/false facet; either way it leaves the lists and sliders.
    static func addTogglesAndMenus(from settings: JSONValue, to description: inout IndexDescription) {
        func fail(_ message: String) -> DataError { DataError(file: "settings", message: message) }
        var widgets = WidgetSettings()
        for key in ["toggles", "numericMenus"] {
            if let value = settings[key] { try? widgets.parse(key: key, value: value, fail: fail) }
        }
        let numeric = description.numericAttributes
        description.toggles = (widgets.toggles ?? []).filter { numeric.contains($0) || description.facetAttributes.contains($0) }
            .map { FilterToggle(attribute: $0, kind: numeric.contains($0) ? .number : .boolean) }
        let toggled = Set(description.toggles.map(\.attribute))
        description.facetAttributes.removeAll(where: toggled.contains)
        description.disjunctiveFacets.subtract(toggled)
        description.numericAttributes.removeAll(where: toggled.contains)
        description.numericMenus = widgets.numericMenus.filter { description.numericAttributes.contains($0.attribute) }
    }

    static func stripModifier(_ entry: String) -> String {
        let trimmed = entry.trimmingBlanks()
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return trimmed }
        return String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
    }

    /// One query counting every facet: string facets become the refinement lists, the ones
    /// with stats the sliders, and the first hit's text fields what a hit shows.
    private func fillFromProbe(_ description: inout IndexDescription) async throws {
        let probe = IndexedQuery(indexName: description.name, query: Query(hitsPerPage: 1, facets: ["*"]))
        let results = try await backend.search([probe])[0]
        if description.facetAttributes.isEmpty && description.numericAttributes.isEmpty {
            description.numericAttributes = results.facetStats.keys.sorted()
            description.facetAttributes = results.facets.keys.sorted().filter { results.facetStats[$0] == nil }
        }
        if description.recordCount == nil { description.recordCount = results.nbHits }
        if description.displayAttributes.isEmpty, let record = results.hits.first?.record.objectValue {
            description.displayAttributes = record.keys.filter { key in
                key != "objectID" && (record[key]?.stringValue != nil || record[key]?.numberValue != nil)
            }
        }
    }
}
