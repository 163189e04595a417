import Foundation
import InstantSearchCore
import SearchCommandLine
import TerminalUI
import Testing

/// fzf's --select-1 / --exit-0 / --print-query: what is printed, and the exit status.
@Suite struct PickSessionTests {
    func hit(_ id: String) -> Hit {
        Hit(objectID: id, record: .object(["objectID": .string(id), "name": .string("Item \(id)")]))
    }

    func results(_ ids: [String], afterRemoval: String? = nil) -> SearchResults {
        SearchResults(indexName: "items", query: "q", hits: ids.map(hit), nbHits: ids.count, queryAfterRemoval: afterRemoval)
    }

    func pick(_ arguments: String...) throws -> PickArguments {
        try PickArguments.parse(arguments)
    }

    @Test func selectOnePrintsTheOnlyHitAndExitsZero() throws {
        let settled = PickSession.settle(results(["p1"]), pick: try pick("--select-1", "--query", "fair"))
        #expect(settled == PickSession.Output(lines: [#"{"objectID":"p1","name":"Item p1"}"#], status: 0))
    }

    @Test func withPrintQueryTheQueryComesFirst() throws {
        let settled = PickSession.settle(results(["p1"]), pick: try pick("--select-1", "-q", "fair green", "--print-query"))
        #expect(settled?.lines.first == "fair green")
        #expect(settled?.lines.count == 2)
        let none = PickSession.settle(results([]), pick: try pick("--exit-0", "-q", "zzz", "--print-query"))
        #expect(none == PickSession.Output(lines: ["zzz"], status: 1))
    }

    @Test func exitZeroWithNoHitExitsOneAndPrintsNothing() throws {
        #expect(PickSession.settle(results([]), pick: try pick("--exit-0")) == PickSession.Output(lines: [], status: 1))
    }

    @Test func otherwiseTheInterfaceOpens() throws {
        #expect(PickSession.settle(results(["p1", "p2"]), pick: try pick("--select-1", "--exit-0")) == nil)
        #expect(PickSession.settle(results(["p1"]), pick: try pick("--exit-0")) == nil)
        #expect(PickSession.settle(results([]), pick: try pick("--select-1")) == nil)
    }

    @Test func hitsFoundOnlyByDroppingWordsDoNotMatchTheQuery() throws {
        let relaxed = results(["p1"], afterRemoval: "fair <em>zzz</em>")
        #expect(PickSession.settle(relaxed, pick: try pick("--select-1")) == nil)
        #expect(PickSession.settle(relaxed, pick: try pick("--exit-0"))?.status == 1)
    }

    @Test func aSessionPrintsTheFinalQueryThenThePickedRecord() throws {
        let picked = TerminalSearch.Ending(exit: .selected(hit("p7")), query: "typed later")
        #expect(
            PickSession.ending(picked, pick: try pick("--print-query")).lines
                == ["typed later", #"{"objectID":"p7","name":"Item p7"}"#])
        #expect(PickSession.ending(picked, pick: try pick()).lines.count == 1)
        #expect(
            PickSession.ending(.init(exit: .cancelled, query: "x"), pick: try pick("--print-query"))
                == PickSession.Output(lines: [], status: 130))
        #expect(PickSession.ending(.init(exit: .signal(15), query: "x"), pick: try pick()).status == 143)
        #expect(
            PickSession.ending(.init(exit: .queryPrinted, query: "so ny"), pick: try pick("--expect", "f2"))
                == PickSession.Output(lines: ["so ny"], status: 0), "print-query: the query alone, status 0")
    }
}

/// --expect, --multi, --history, --height, --header, --prompt: parsing, errors and output order.
@Suite struct PickOptionsTests {
    func hit(_ id: String) -> Hit {
        Hit(objectID: id, record: .object(["objectID": .string(id)]))
    }

    func pick(_ arguments: String...) throws -> PickArguments {
        try PickArguments.parse(arguments)
    }

    func error(_ arguments: String...) -> String { error(arguments) }

    func error(_ arguments: [String]) -> String { refusal(PickArguments.self, arguments) ?? "" }

    @Test func expectTakesFzfKeyNamesAndPrintsQueryThenKeyThenRecords() throws {
        let options = try pick("--expect", "ctrl-o,f2", "--print-query", "--multi")
        #expect(try options.expectedKeys() == [.control("o"): "ctrl-o", .function(2): "f2"])
        let ended = TerminalSearch.Ending(exit: .accepted(hits: [hit("a"), hit("b"), hit("c")], key: "ctrl-o"), query: "tv")
        #expect(
            PickSession.ending(ended, pick: options).lines
                == ["tv", "ctrl-o", #"{"objectID":"a"}"#, #"{"objectID":"b"}"#, #"{"objectID":"c"}"#])
        let entered = TerminalSearch.Ending(exit: .accepted(hits: [hit("a")], key: ""), query: "tv")
        #expect(PickSession.ending(entered, pick: options).lines == ["tv", "", #"{"objectID":"a"}"#])
        let none = TerminalSearch.Ending(exit: .accepted(hits: [], key: ""), query: "zzz")
        #expect(PickSession.ending(none, pick: options) == PickSession.Output(lines: ["zzz", ""], status: 1))
    }

    @Test func selectOneAndExitZeroPrintAnEmptyKeyLineWithExpect() throws {
        let one = SearchResults(indexName: "i", query: "q", hits: [hit("p")], nbHits: 1)
        #expect(PickSession.settle(one, pick: try pick("--select-1", "--expect", "ctrl-o"))?.lines == ["", #"{"objectID":"p"}"#])
        let zero = SearchResults(indexName: "i", query: "q", hits: [], nbHits: 0)
        #expect(
            PickSession.settle(zero, pick: try pick("--exit-0", "--expect", "ctrl-o", "-q", "q", "--print-query"))
                == PickSession.Output(lines: ["q", ""], status: 1))
    }

    @Test func badValuesAreOneLineNamingTheOption() {
        #expect(error("--expect", "ctrl-o,ctrl-zz").contains("--expect: no key is named 'ctrl-zz'"))
        #expect(error("--expect", "ctrl-o,").contains("--expect: an empty key name"))
        for bad in ["0", "2", "-3", "12x", "0%", "101%", "%", "99999999"] {
            #expect(error("--height=\(bad)").hasPrefix("--height takes ROWS"), "\(bad)")
        }
        #expect(error("--history-size", "0").hasPrefix("--history-size takes 1 to"))
        // fzf's header may hold several lines; no other control character.
        #expect(error("--header", "two\nlines").isEmpty)
        #expect(error("--header", "two\u{07}lines").hasPrefix("--header takes lines of text without other control characters"))
        #expect(error("--prompt", "\u{1B}[31m> ").hasPrefix("--prompt takes one line"))
        #expect(error("--height", "12").isEmpty && error("--height", "40%").isEmpty)
    }

    /// fzf's `-m, --multi[=MAX]`: the value is optional, so it is rewritten before parsing.
    @Test func multiTakesAnOptionalLimitAsFzfDoes() throws {
        func parsed(_ arguments: String...) throws -> PickArguments {
            try PickArguments.parse(PickArguments.translatingMultiLimit(arguments))
        }
        for given in [["--multi=3"], ["-m3"], ["-m", "3"], ["--multi", "3"]] {
            let pick = try PickArguments.parse(PickArguments.translatingMultiLimit(given))
            let limit = try pick.multiLimit()
            #expect(pick.multi && limit == 3, "\(given)")
            #expect(try PickSession.options(for: pick).multiLimit == 3)
        }
        let plain = try parsed("--multi", "--query", "x")
        let none = try plain.multiLimit()
        #expect(plain.multi && none == nil, "without a number: no limit")
        #expect(try PickSession.options(for: plain).multiLimit == Int.max)
        #expect(PickArguments.translatingMultiLimit(["-m", "file.txt"]) == ["-m", "file.txt"], "only a number is taken")
        #expect(PickArguments.translatingMultiLimit(["--", "--multi=3"]) == ["--", "--multi=3"], "nothing after --")
        let two = try parsed("--multi=2")
        #expect(two.multi && two.multiMax == "2")
        for bad in ["0", "-1", "abc", "2x", ""] {
            let message = error(PickArguments.translatingMultiLimit(["--multi=\(bad)"]))
            #expect(message.hasPrefix("--multi takes a number of marks from 1") && message.contains("'\(bad)'"), "\(bad): \(message)")
            #expect(!message.contains("\n"))
        }
        #expect(error(PickArguments.translatingMultiLimit(["-m0"])).hasPrefix("--multi takes a number of marks from 1"))
    }

    @Test func heightIsRowsOrAPercentOfTheTerminalNeverMoreThanItHas() {
        #expect(InlineHeight.parse("12") == .rows(12))
        #expect(InlineHeight.parse("40%") == .percent(40))
        #expect(InlineHeight.rows(12).rows(terminalRows: 30) == 12)
        #expect(InlineHeight.rows(50).rows(terminalRows: 30) == 30)
        #expect(InlineHeight.percent(50).rows(terminalRows: 40) == 20)
        #expect(InlineHeight.percent(10).rows(terminalRows: 40) == 10, "fzf's --min-height for a percentage")
    }

    /// fzf's --min-height: the rows a percentage is at least, never more than the terminal has.
    @Test func minHeightRaisesAPercentageOnly() throws {
        #expect(try pick("--height", "20%", "--min-height", "15").inlineHeight()?.rows(terminalRows: 40) == 15)
        #expect(try pick("--height", "~20%", "--min-height", "15").inlineHeight() == .adaptive(.percent(20, atLeast: 15)))
        #expect(try pick("--height", "20%", "--min-height", "15").inlineHeight()?.rows(terminalRows: 12) == 12)
        #expect(try pick("--height", "12", "--min-height", "30").inlineHeight()?.rows(terminalRows: 40) == 12, "rows stay rows")
        #expect(try pick("--min-height", "30").inlineHeight() == nil)
        #expect(throws: (any Error).self) { try pick("--min-height", "2") }
        // fzf's N+: N lines, with the rows around the list added.
        #expect(try pick("--height", "1%", "--min-height", "5+").inlineHeight(around: 4)?.rows(terminalRows: 40) == 9)
        #expect(try pick("--height", "1%", "--min-height", "5").inlineHeight(around: 4)?.rows(terminalRows: 40) == 5)
    }

    @Test func theHistoryFileIsCreatedReadBoundedAndWrittenBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("h.txt").path
        #expect(try HistoryFile.load(path, limit: 3).entries.isEmpty)
        #expect(FileManager.default.fileExists(atPath: path), "created at once, as fzf does")
        for query in ["a", "b", "b", "c", "d", ""] { try HistoryFile.record(query, to: path, limit: 3) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "b\nc\nd\n", "bounded, no repeat in a row, no empty query")
        #expect(try HistoryFile.load(path, limit: 2).entries == ["c", "d"])

        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
        if getuid() != 0 {
            #expect(throws: HistoryFile.Error.self) { try HistoryFile.load(path, limit: 3) }
        }
        let missing = directory.appendingPathComponent("no/such/dir/h.txt").path
        do {
            _ = try HistoryFile.load(missing, limit: 3)
            Issue.record("a history in a missing folder cannot be written")
        } catch {
            #expect("\(error)".hasPrefix("--history: cannot write '\(missing)'"))
        }
    }
}
