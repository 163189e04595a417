#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Searchable {
    /// A facet-value search for a backend without one (PostgreSQL, Elasticsearch, a custom
    /// backend): one query for the facet's counts under `query` (up to 1,000 values, no hits),
    /// the values whose words start with every typed word kept — case and diacritics folded —
    /// most frequent first, at most `query.maxValuesPerFacet`. Without typo tolerance: what the
    /// backend's counts allow.
    public func facetValuesFromCounts(indexName: String, attribute: String, text: String, query: Query) async throws -> FacetSearchResults {
        var counting = query.withPage(0)
        counting.hitsPerPage = 0
        counting.facets = [attribute]
        counting.maxValuesPerFacet = 1_000
        let results = try await search(IndexedQuery(indexName: indexName, query: counting))
        let typed = Self.words(text)
        let found = (results.facets[attribute] ?? []).filter { value in
            let words = Self.words(value.value)
            return typed.allSatisfy { word in words.contains { $0.hasPrefix(word) } }
        }
        return FacetSearchResults(facetHits: Array(found.prefix(max(0, query.maxValuesPerFacet))), processingTimeMS: results.processingTimeMS)
    }

    private static func words(_ text: String) -> [String] {
        TextFolding.fold(text, .caseAndDiacritics)
            .split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
