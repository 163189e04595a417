import InstantSearchCore
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The local insights files as the executables use them: written by the session
/// (`InsightsTracker` through an `InsightsWriter`), read back for re-ranking when an index opens.
public enum InsightsLog {
    /// The state directory's files, from the environment; nil when there is no directory to use.
    public static func files(environment: [String: String] = ProcessInfo.processInfo.environment) -> InsightsFiles? {
        InsightsFiles(environment: environment)
    }

    /// A writer for the session, or nil when there is no state directory.
    static func writer() -> InsightsWriter? {
        files().map(InsightsWriter.init(files:))
    }

    /// `lists`: what each index's list is (`InsightsList`), written with its queries.
    static func options(_ writer: InsightsWriter, pick: PickArguments, lists: [String: String]) -> InsightsTracker.Options {
        InsightsTracker.Options(sink: writer, everyPickConverts: pick.conversion, lists: lists) {
            Int64(Date().timeIntervalSince1970 * 1000)
        }
    }

    /// What the files teach re-ranking for the lists open (`lists`: index name → what its list
    /// is), and a line about lines skipped or files refused (nil: nothing to say). An index
    /// not in `lists` (a pipe) learns nothing.
    public static func reRanking(
        lists: [String: String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (table: ReRankingTable, note: String?) {
        guard !lists.isEmpty, let files = files(environment: environment) else { return (ReRankingTable(), nil) }
        let contents = files.read()
        let indexOfList = Dictionary(lists.map { ($0.value, $0.key) }) { first, _ in first }
        return (
            ReRankingTable(queries: contents.queries, events: contents.events, lists: indexOfList),
            contents.problems.note(directory: files.directory)
        )
    }
}
