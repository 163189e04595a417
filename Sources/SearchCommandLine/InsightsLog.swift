import Foundation
import InstantSearchCore
import TerminalUI

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

    static func options(_ writer: InsightsWriter, pick: PickArguments) -> InsightsTracker.Options {
        InsightsTracker.Options(sink: writer, everyPickConverts: pick.conversion) {
            Int64(Date().timeIntervalSince1970 * 1000)
        }
    }

    /// What the files teach re-ranking, and a line about lines skipped or files refused (nil: nothing to say).
    public static func reRanking(environment: [String: String] = ProcessInfo.processInfo.environment) -> (table: ReRankingTable, note: String?) {
        guard let files = files(environment: environment) else { return (ReRankingTable(), nil) }
        let contents = files.read()
        return (ReRankingTable(queries: contents.queries, events: contents.events), contents.problems.note(directory: files.directory))
    }
}
