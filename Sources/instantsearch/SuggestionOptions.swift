import ArgumentParser
import InstantSearchCore
import SearchCommandLine
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Query suggestions in the TUI: `--suggestions FILE`, `--no-suggestions`, and the wiring of
/// each index's suggestions index into the embedded backend.
struct SuggestionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Query suggestions to offer under the search box (a JSON array or NDJSON of {\"query\", \"popularity\"} records), besides those counted from your own queries (plain lines get them only with this option, as fzf has none).",
            valueName: "file"))
    var suggestions: String?

    @Flag(name: .customLong("no-suggestions"), help: "Offer no query suggestions under the search box.")
    var noSuggestions = false

    func validate() throws {
        if noSuggestions, suggestions != nil { throw ValidationError("--suggestions and --no-suggestions do not go together.") }
    }

    /// Builds the suggestions index of each of `indexNames` that has suggestions and adds it to
    /// `backend`; returns the source index → suggestions index names, and a note on insights
    /// lines skipped or files refused (nil: none). A bad `--suggestions` file is thrown (its
    /// line and column). `readsInsights`: false with `--no-insights`, which reads nothing back;
    /// `saysRefused`: false when the files refused were said already (re-ranking read them).
    func install(
        in backend: EmbeddedBackend, indexNames: [String], historyFile: String?, readsInsights: Bool, saysRefused: Bool,
        environment: [String: String]
    ) throws -> (names: [String: String], skippedNote: String?) {
        guard !noSuggestions else { return ([:], nil) }
        let given = try suggestions.map(QuerySuggestionSources.readGiven) ?? []
        // A history file that cannot be read is refused when the session opens it.
        let history = historyFile.flatMap { try? HistoryFile.entries($0) } ?? []
        let insights = readsInsights ? InsightsFiles(environment: environment) : nil
        let sources = QuerySuggestionSources(insightsDirectory: insights?.directory, history: history, given: given)
        var (byIndex, problems) = sources.suggestions(for: indexNames)
        if !saysRefused { problems.refused = [] }
        var names: [String: String] = [:]
        for (name, found) in byIndex {
            if let index = SearchIndex.querySuggestions(for: name, found), backend.add(index) { names[name] = index.name }
        }
        return (names, insights.flatMap { problems.note(directory: $0.directory, what: "query suggestions") })
    }
}
