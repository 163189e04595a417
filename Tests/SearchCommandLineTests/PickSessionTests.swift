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
        #expect(PickSession.ending(picked, pick: try pick("--print-query")).lines
            == ["typed later", #"{"objectID":"p7","name":"Item p7"}"#])
        #expect(PickSession.ending(picked, pick: try pick()).lines.count == 1)
        #expect(PickSession.ending(.init(exit: .cancelled, query: "x"), pick: try pick("--print-query"))
            == PickSession.Output(lines: [], status: 130))
        #expect(PickSession.ending(.init(exit: .signal(15), query: "x"), pick: try pick()).status == 143)
    }

    @Test func theOptionsAreForwardedToASiblingAsOneWordEach() throws {
        #expect(try pick("--query=-dash first", "--select-1", "--exit-0", "--print-query").forwarded
            == ["--query=-dash first", "--select-1", "--exit-0", "--print-query"])
        #expect(try pick().forwarded == [])
    }
}
