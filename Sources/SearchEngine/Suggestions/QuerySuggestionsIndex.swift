import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where query suggestions come from, and the suggestions index each source index gets
/// (`<index>_query_suggestions`, Algolia's name), searched by the same engine as any index.
public struct QuerySuggestionSources: Sendable {
    /// The local insights directory (`InsightsFiles(environment:)`), when there is one.
    public var insightsDirectory: String?
    /// fzf's `--history` queries, oldest first: each counts once, for every index.
    public var history: [String] = []
    /// `--suggestions FILE`'s records, for every index.
    public var given: [QuerySuggestion] = []

    public init(insightsDirectory: String? = nil, history: [String] = [], given: [QuerySuggestion] = []) {
        self.insightsDirectory = insightsDirectory
        self.history = history
        self.given = given
    }

    /// Reads `--suggestions FILE` (a JSON array or NDJSON of suggestion records); its problems
    /// are `DataError`s at their line and column.
    public static func readGiven(_ path: String) throws -> [QuerySuggestion] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        return try SuggestionsFile.parse(Array(data), file: path)
    }

    /// The suggestions counted for each of `indexNames`, and the insights lines skipped and files refused.
    public func suggestions(for indexNames: [String]) -> (byIndex: [String: [QuerySuggestion]], problems: InsightsFiles.Problems) {
        var builder = QuerySuggestionsBuilder()
        let problems = insightsDirectory.map { InsightsFiles(directory: $0).read(into: &builder) } ?? InsightsFiles.Problems()
        for name in indexNames {
            for query in history { builder.addQuery(query, index: name, nbHits: nil) }
            for suggestion in given { builder.add(suggestion, index: name) }
        }
        var byIndex: [String: [QuerySuggestion]] = [:]
        for name in indexNames {
            let found = builder.suggestions(for: name)
            if !found.isEmpty { byIndex[name] = found }
        }
        return (byIndex, problems)
    }
}

extension SearchIndex {
    /// The suggestions index of `sourceName`; nil when no suggestion is left. With `source`,
    /// a suggestion whose hit count is unknown (a history line) is counted there, and one that
    /// finds nothing is left out.
    public static func querySuggestions(
        for sourceName: String, _ suggestions: [QuerySuggestion], countingHitsIn source: SearchIndex? = nil
    ) -> SearchIndex? {
        var kept = suggestions
        if let source {
            kept = suggestions.compactMap { suggestion in
                guard suggestion.nbHits[sourceName] == nil else { return suggestion }
                var query = Query(text: suggestion.query)
                query.hitsPerPage = 0
                // Every word must match: a query found only by dropping words (removeWordsIfNoResults) finds nothing.
                guard let hits = try? source.search(query, removingWords: false).nbHits, hits > 0 else { return nil }
                var counted = suggestion
                counted.nbHits[sourceName] = hits
                return counted
            }
        }
        guard !kept.isEmpty else { return nil }
        return SearchIndex(
            name: QuerySuggestion.indexName(for: sourceName), records: kept.map(\.record), settings: QuerySuggestion.indexSettings)
    }
}
