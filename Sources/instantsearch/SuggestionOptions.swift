import ArgumentParser
import Foundation
import InstantSearchCore
import SearchEngine

/// Query suggestions in the TUI: `--suggestions FILE`, `--no-suggestions`, and the wiring of
/// each index's suggestions index into the embedded backend.
struct SuggestionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Query suggestions to offer under the search box (a JSON array or NDJSON of {\"query\", \"popularity\"} records), besides those counted from your own queries.",
            valueName: "file"))
    var suggestions: String?

    @Flag(name: .customLong("no-suggestions"), help: "Offer no query suggestions under the search box.")
    var noSuggestions = false

    func validate() throws {
        if noSuggestions, suggestions != nil { throw ValidationError("--suggestions and --no-suggestions do not go together.") }
    }

    /// Builds the suggestions index of each of `indexNames` that has suggestions and adds it to
    /// `backend`; returns the source index → suggestions index names, and a note on insights
    /// lines skipped (nil: none). A bad `--suggestions` file is thrown (its line and column).
    func install(
        in backend: EmbeddedBackend, indexNames: [String], historyFile: String?, environment: [String: String]
    ) throws -> (names: [String: String], skippedNote: String?) {
        guard !noSuggestions else { return ([:], nil) }
        let given = try suggestions.map(QuerySuggestionSources.readGiven) ?? []
        let history =
            historyFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }?
            .split(separator: "\n").map(String.init) ?? []
        let sources = QuerySuggestionSources(
            insightsDirectory: InsightsFiles(environment: environment)?.directory, history: history, given: given)
        let (byIndex, skipped) = sources.suggestions(for: indexNames)
        var names: [String: String] = [:]
        for (name, found) in byIndex {
            if let index = SearchIndex.querySuggestions(for: name, found), backend.add(index) { names[name] = index.name }
        }
        let note = skipped == 0 ? nil : "query suggestions: skipped \(skipped) line\(skipped == 1 ? "" : "s") of the insights files that could not be read"
        return (names, note)
    }
}
