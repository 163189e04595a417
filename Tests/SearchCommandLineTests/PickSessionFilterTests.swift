import Foundation
import InstantSearchCore
import SearchCommandLine
import SearchEngine
import TerminalUI
import Testing

/// fzf's --filter: every hit printed, best first, as the interface ranks them; status 0 with
/// hits, 1 without; the query first with --print-query.
@Suite(.serialized) struct PickSessionFilterTests {
    /// `count` lines, most of them holding an "a" somewhere, in an embedded backend.
    private static func session(lines count: Int) throws -> (TerminalSearch, SearchIndex) {
        let text = (0..<count).map { "item \($0 % 7 == 0 ? "zzz" : "a")\(String(repeating: "b", count: $0 % 13)) \($0)" }.joined(separator: "\n")
        let index = try SearchIndex(name: "lines", bytes: Array(text.utf8), sourceName: "<test>", format: .lines, settings: nil)
        let backend = EmbeddedBackend(indices: [index])
        backend.matchLines(in: "lines", options: LineMatchOptions())
        return (TerminalSearch(indices: backend.descriptions, backend: backend), index)
    }

    /// `PickSession.run` as a command line runs it: on a thread of its own, not on the
    /// cooperative pool, whose threads its waits for the backend's answers would hold.
    private func filter(lines count: Int, _ arguments: String...) async throws -> (printed: [String], status: Int32) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        let (search, _) = try Self.session(lines: count)
                        var printed: [String] = []
                        let status = try PickSession.run(
                            search, pick: try PickArguments.parse(arguments), print: { printed.append(String(decoding: $0, as: UTF8.self)) },
                            recordText: { $0.record["line"]?.stringValue ?? "?" })
                        return (printed, status)
                    })
            }.start()
        }
    }

    /// More than 16 pages of 1000 match, so the pages grow after the first: each line once, in order.
    @Test func everyMatchIsPrintedOnceInTheInterfacesOrder() async throws {
        let (_, index) = try Self.session(lines: 24_000)
        let (printed, status) = try await filter(lines: 24_000, "--filter", "a b")
        let all = try index.searchLines(Query(text: "a b", hitsPerPage: index.recordCount), options: LineMatchOptions())
        #expect(status == 0)
        #expect(all.nbHits > 16_000)
        #expect(printed == all.hits.map { $0.record["line"]?.stringValue ?? "" })
        #expect(Set(printed).count == printed.count)
        let top = try index.searchLines(Query(text: "a b", hitsPerPage: 3), options: LineMatchOptions())
        #expect(Array(printed.prefix(3)) == top.hits.map { $0.record["line"]?.stringValue ?? "" })
    }

    @Test func theQueryComesFirstAndNoMatchIsStatusOne() async throws {
        let found = try await filter(lines: 50, "-f", "zzz 49", "--print-query")
        #expect(found.printed == ["zzz 49", "item zzzbbbbbbbbbb 49"])
        #expect(found.status == 0)
        let none = try await filter(lines: 50, "--filter", "qqqq", "--print-query")
        #expect(none.printed == ["qqqq"])
        #expect(none.status == 1)
    }

    /// --select-1 and --exit-0 settle nothing in filter mode: fzf's filter prints every match.
    @Test func theFilterWinsOverSelectOneAndExitZero() async throws {
        let result = try await filter(lines: 50, "--filter", "zzz", "--select-1", "--exit-0")
        #expect(result.printed.count == 8)
        #expect(result.status == 0)
    }
}
