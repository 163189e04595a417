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

/// Runs an interactive session with fzf's options (`--query`, `--select-1`, `--exit-0`,
/// `--print-query`, `--expect`, `--multi`, `--header`, `--prompt`, `--history`, `--height`)
/// and prints what fzf would, in fzf's order: the query (with `--print-query`), the key that
/// ended the session (with `--expect`; empty for Enter), then each picked record as one JSON
/// line. Every executable ends its session here.
public enum PickSession {
    /// How a picked record is printed unless the caller says otherwise: one JSON line
    /// (a table's row with its cells as the file had them: `PickedRecordText`).
    public static let jsonLine: @Sendable (Hit) -> String = { PickedRecordText.jsonLine($0) }

    /// How a picked record is printed: its text, or for a line its bytes as they came in.
    public typealias RecordBytes = (Hit) -> [UInt8]

    /// What to print (each line's bytes, a newline after each) and the exit status, when the
    /// session ends without the interface or in it.
    public struct Output: Equatable, Sendable {
        public var printed: [[UInt8]]
        public var status: Int32
        /// The printed lines as text (invalid UTF-8 as U+FFFD).
        public var lines: [String] { printed.map { String(decoding: $0, as: UTF8.self) } }

        public init(lines: [String], status: Int32) {
            self.init(printed: lines.map { Array($0.utf8) }, status: status)
        }

        public init(printed: [[UInt8]], status: Int32) {
            self.printed = printed
            self.status = status
        }
    }

    /// One line on standard output, its bytes as they are.
    public static func writeLine(_ bytes: [UInt8]) {
        (bytes + [UInt8(ascii: "\n")]).withUnsafeBufferPointer { StandardError.write($0, to: STDOUT_FILENO) }
    }

    /// Searches the initial query once when `--select-1` or `--exit-0` asks, and settles it
    /// without the interface when fzf would; otherwise opens the interface on that query.
    /// Returns the exit status after printing through `print`. A `--history` file that
    /// cannot be written is an error before anything else happens.
    public static func run(
        _ search: TerminalSearch, pick: PickArguments, print: ([UInt8]) -> Void = PickSession.writeLine,
        recordText: (Hit) -> String = PickSession.jsonLine, recordBytes: RecordBytes? = nil,
        configure: (inout SearchApp.Options) -> Void = { _ in }
    ) throws -> Int32 {
        func printed(_ hit: Hit) -> [UInt8] { recordBytes?(hit) ?? Array(recordText(hit).utf8) }
        var search = search
        search.initialQuery = pick.query
        search.options = try options(for: pick)
        configure(&search.options)
        if let height = pick.inlineHeight(around: search.options.rowsAroundTheList) { search.terminal.height = height }
        if let text = pick.filter {
            return try filter(search, text: text, pick: pick, print: print, printed: printed)
        }
        if pick.selectOne || pick.exitZero, let first = search.indices.first {
            if let failed = loadToTheEnd(search) { return failed }
            search.loaders = []  // loaded: the interface, if it opens, has nothing left to start
            var query = first.initialQuery(hitsPerPage: 2)
            query.text = pick.query
            let backend = search.backend
            let indexed = IndexedQuery(indexName: first.name, query: query)
            let results = try blocking { try await backend.search(indexed) }
            if let settled = settle(results, pick: pick, recordBytes: printed) {
                settled.printed.forEach(print)
                return settled.status
            }
        }
        let ending = try search.runSession()
        if case .become(let command, let environment) = ending.exit {
            // fzf's become: the terminal is restored; this process is the command from here on.
            let why = CommandRunner.replaceProcess(with: command, environment: environment)
            StandardError.write("instantsearch: become: \(why)\n")
            return 127
        }
        if let path = pick.history, case .accepted = ending.exit, search.options.history != nil {
            do {
                try HistoryFile.record(ending.query, to: path, limit: pick.historySize)
            } catch {
                StandardError.write("instantsearch: \(error)\n")
            }
        }
        let output = self.ending(ending, pick: pick, recordBytes: printed)
        output.printed.forEach(print)
        return output.status
    }

    /// Every loader run to its end (`--filter`, `--select-1`, `--exit-0`, `--sync`); status 2 when
    /// one stopped at a failure (nil: none). The failures are printed once the session ends
    /// (`LoadFailures`), as after the interface.
    static func loadToTheEnd(_ search: TerminalSearch) -> Int32? {
        LoadingToTheEnd.run(search.loaders).isEmpty ? nil : 2
    }

    /// The interface's options from the command line's (the history file read here).
    public static func options(for pick: PickArguments) throws -> SearchApp.Options {
        var options = SearchApp.Options(
            multi: pick.multi, expect: try pick.expectedKeys(), header: pick.header,
            prompt: pick.prompt ?? SearchBox.defaultPrompt,
            history: try pick.history.map { path throws(HistoryFile.Error) in try HistoryFile.load(path, limit: pick.historySize) })
        if let limit = try pick.multiLimit() { options.multiLimit = limit }
        return options
    }

    /// The lines fzf prints before the records: the query with `--print-query`, the key's
    /// name with `--expect`.
    static func heading(query: String, key: String, pick: PickArguments) -> [String] {
        (pick.printQuery ? [query] : []) + (pick.expect != nil ? [key] : [])
    }

    /// fzf's rule before the interface opens: exactly one hit with `--select-1` prints it
    /// (status 0); none with `--exit-0` prints nothing but the query (status 1). Hits found only
    /// after dropping words of the query (`queryAfterRemoval`) or only with typos
    /// (`areCloseMatches`) do not match it, as fzf has it, so they count as none. With `--expect`, the key line is empty (no key ended it). nil: open the interface.
    public static func settle(
        _ results: SearchResults, pick: PickArguments, recordText: (Hit) -> String = PickSession.jsonLine
    ) -> Output? {
        settle(results, pick: pick, recordBytes: { Array(recordText($0).utf8) })
    }

    static func settle(_ results: SearchResults, pick: PickArguments, recordBytes: RecordBytes) -> Output? {
        let matching = results.queryAfterRemoval == nil && !results.areCloseMatches ? results.nbHits : 0
        let heading = heading(query: pick.query, key: "", pick: pick)
        if pick.selectOne, matching == 1, let hit = results.hits.first {
            return Output(printed: heading.map { Array($0.utf8) } + [recordBytes(hit)], status: 0)
        }
        if pick.exitZero, matching == 0 {
            return Output(lines: heading, status: 1)
        }
        return nil
    }

    /// What a session that ran prints: on accept (Enter or an `--expect` key), the heading and
    /// each record, status 0 — status 1 when the list was empty, as fzf; cancelled, nothing
    /// and 130; ended by signal N, nothing and 128 + N; by print-query, the query and 0.
    public static func ending(
        _ ending: TerminalSearch.Ending, pick: PickArguments, recordText: (Hit) -> String = PickSession.jsonLine
    ) -> Output {
        self.ending(ending, pick: pick, recordBytes: { Array(recordText($0).utf8) })
    }

    static func ending(_ ending: TerminalSearch.Ending, pick: PickArguments, recordBytes: RecordBytes) -> Output {
        switch ending.exit {
        case .accepted(let hits, let key):
            let heading = heading(query: ending.query, key: key, pick: pick).map { Array($0.utf8) }
            let printedByActions = ending.printed.map { Array($0.utf8) }
            return Output(printed: heading + printedByActions + hits.map(recordBytes), status: hits.isEmpty ? 1 : 0)
        case .queryPrinted:
            return Output(lines: [ending.query], status: 0)
        case .cancelled, .become:
            return Output(lines: [], status: 130)
        case .signal(let number):
            return Output(lines: [], status: 128 + number)
        }
    }
}
