import InstantSearchCore
import Testing

/// What re-ranking keeps of events is bounded, the oldest forgotten first: per search
/// (queryID), per query and per index; a search's choice counts once.
@Suite struct ReRankingTableTests {
    static func click(_ ids: [String], queryID: String? = nil, index: String = "products") -> InsightsEvent {
        InsightsEvent(eventType: .click, eventName: "Hit Clicked", index: index, userToken: "u", queryID: queryID, objectIDs: ids)
    }

    @Test func aQueryKeepsItsNewestRecords() {
        var limits = ReRankingTable.Limits()
        limits.recordsPerQuery = 3
        var table = ReRankingTable(limits: limits)
        for id in ["a", "b", "c", "d"] { table.add(Self.click([id]), query: "tv") }
        #expect(table.scores(index: "products", query: "tv") == ["b": 1, "c": 1, "d": 1])
        // Chosen again, a record is new again: "b" outlives "c" now.
        table.add(Self.click(["b"]), query: "tv")
        table.add(Self.click(["e"]), query: "TV")
        #expect(table.scores(index: "products", query: "tv") == ["b": 2, "d": 1, "e": 1])
    }

    @Test func anIndexKeepsItsNewestQueries() {
        var limits = ReRankingTable.Limits()
        limits.pairsPerIndex = 4
        var table = ReRankingTable(limits: limits)
        table.add(Self.click(["a", "b"]), query: "one")
        table.add(Self.click(["c", "d"]), query: "two")
        table.add(Self.click(["e"]), query: "three")
        #expect(table.scores(index: "products", query: "one").isEmpty)
        #expect(table.scores(index: "products", query: "two") == ["c": 1, "d": 1])
        #expect(table.scores(index: "products", query: "three") == ["e": 1])
        table.add(Self.click(["x"], index: "other"), query: "one")
        #expect(table.scores(index: "other", query: "one") == ["x": 1], "another index has its own bound")
    }

    @Test func aSearchCountsEachRecordOnceAndForgetsItsOldestChoice() {
        var limits = ReRankingTable.Limits()
        limits.recordsPerQueryID = 2
        limits.queryIDs = 1
        var table = ReRankingTable(limits: limits)
        let first = QueryID.make()
        table.add(Self.click(["a"], queryID: first), query: "tv")
        table.add(Self.click(["a", "b"], queryID: first), query: "tv")
        #expect(table.scores(index: "products", query: "tv") == ["a": 1, "b": 1], "a second click on a in the same search counts nothing")
        table.add(Self.click(["c"], queryID: first), query: "tv")
        #expect(table.scores(index: "products", query: "tv") == ["b": 1, "c": 1], "the search's oldest choice is forgotten")
        // Another search counts on its own; past `queryIDs` searches, the oldest one's
        // choices stay counted but are no longer told apart.
        table.add(Self.click(["b"], queryID: QueryID.make()), query: "tv")
        table.add(Self.click(["b"], queryID: first), query: "tv")
        #expect(table.scores(index: "products", query: "tv") == ["b": 3, "c": 1])
    }

    /// 100,000 records named: a search keeps its last 20, the query at most its 1,000 newest.
    @Test func aFloodOfMadeUpRecordsKeepsTheBound() {
        var table = ReRankingTable()
        for batch in 0..<100 {
            let queryID = QueryID.make()
            for event in 0..<50 { table.add(Self.click((0..<20).map { "fake-\(batch)-\(event)-\($0)" }, queryID: queryID), query: "tv") }
        }
        let scores = table.scores(index: "products", query: "tv")
        #expect(scores.count <= ReRankingTable.Limits().recordsPerQuery)
        #expect(Set(scores.keys).isSuperset(of: (0..<20).map { "fake-99-49-\($0)" }), "the last search's choices")
    }
}
