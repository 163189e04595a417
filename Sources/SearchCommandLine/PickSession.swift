import InstantSearchCore
import TerminalUI

/// Runs an interactive session with fzf's `--query`, `--select-1`, `--exit-0` and
/// `--print-query`, and prints what fzf would: the query first (with `--print-query`), then
/// the picked record as one JSON line. Every executable ends its session here.
public enum PickSession {
    /// How a picked record is printed unless the caller says otherwise: one JSON line.
    public static let jsonLine: @Sendable (Hit) -> String = { $0.record.serialized() }

    /// What to print and the exit status, when the session ends without the interface or in it.
    public struct Output: Equatable, Sendable {
        public var lines: [String]
        public var status: Int32

        public init(lines: [String], status: Int32) {
            self.lines = lines
            self.status = status
        }
    }

    /// Searches the initial query once when `--select-1` or `--exit-0` asks, and settles it
    /// without the interface when fzf would; otherwise opens the interface on that query.
    /// Returns the exit status after printing through `print`.
    public static func run(
        _ search: TerminalSearch, pick: PickArguments, print: (String) -> Void = { Swift.print($0) },
        recordText: (Hit) -> String = PickSession.jsonLine
    ) throws -> Int32 {
        var search = search
        search.initialQuery = pick.query
        if pick.selectOne || pick.exitZero, let first = search.indices.first {
            var query = first.initialQuery(hitsPerPage: 2)
            query.text = pick.query
            let backend = search.backend
            let indexed = IndexedQuery(indexName: first.name, query: query)
            let results = try blocking { try await backend.search(indexed) }
            if let settled = settle(results, pick: pick, recordText: recordText) {
                settled.lines.forEach(print)
                return settled.status
            }
        }
        let output = ending(try search.runSession(), pick: pick, recordText: recordText)
        output.lines.forEach(print)
        return output.status
    }

    /// fzf's rule before the interface opens: exactly one hit with `--select-1` prints it
    /// (status 0); none with `--exit-0` prints nothing but the query (status 1). Hits found only
    /// after dropping words of the query (`queryAfterRemoval`) do not match it, so they count
    /// as none. nil: open the interface.
    public static func settle(
        _ results: SearchResults, pick: PickArguments, recordText: (Hit) -> String = PickSession.jsonLine
    ) -> Output? {
        let matching = results.queryAfterRemoval == nil ? results.nbHits : 0
        let query = pick.printQuery ? [pick.query] : []
        if pick.selectOne, matching == 1, let hit = results.hits.first {
            return Output(lines: query + [recordText(hit)], status: 0)
        }
        if pick.exitZero, matching == 0 {
            return Output(lines: query, status: 1)
        }
        return nil
    }

    /// What a session that ran prints: on a pick, the query (with `--print-query`) and the
    /// record, status 0; cancelled, nothing and 130; ended by signal N, nothing and 128 + N.
    public static func ending(
        _ ending: TerminalSearch.Ending, pick: PickArguments, recordText: (Hit) -> String = PickSession.jsonLine
    ) -> Output {
        switch ending.exit {
        case .selected(let hit):
            return Output(lines: (pick.printQuery ? [ending.query] : []) + [recordText(hit)], status: 0)
        case .cancelled:
            return Output(lines: [], status: 130)
        case .signal(let number):
            return Output(lines: [], status: 128 + number)
        }
    }
}
