import InstantSearchCore
import Testing

@testable import SearchEngine

/// Dynamic Re-Ranking: records users chose for a query rise for that query (normalized), not
/// for another, not with `enableReRanking: false`, not in a sorted view or for an empty query;
/// the lifted hits say so in their ranking info; query rules still pin after it.
@Suite struct ReRankingTests {
    /// "phone" finds a (exact name), b, c, d in that order without events.
    static let records: [JSONValue] = [
        product("a", "phone", "", 900), product("b", "phone case", "", 5), product("c", "cable", "for a phone", 1),
        product("d", "charger", "fits any phone", 2), product("e", "cable", "usb", 3),
    ]
    static func index(_ settings: (inout IndexSettings) -> Void = { _ in }) -> SearchIndex {
        var base = IndexSettings(searchableAttributes: ["name", "description"], attributesForFaceting: [], numericAttributesForFiltering: ["price"])
        settings(&base)
        return SearchIndex(name: "products", records: records, settings: base)
    }
    static func product(_ id: String, _ name: String, _ description: String, _ price: Double) -> JSONValue {
        ["objectID": .string(id), "name": .string(name), "description": .string(description), "price": .number(price)]
    }

    static func click(_ ids: [String], type: InsightsEvent.EventType = .click) -> InsightsEvent {
        InsightsEvent(eventType: type, eventName: "Hit Picked", index: "products", userToken: "u", objectIDs: ids)
    }

    static func table(_ events: [(InsightsEvent, String)]) -> ReRankingTable {
        var table = ReRankingTable()
        for (event, query) in events { table.add(event, query: query) }
        return table
    }

    func ids(_ backend: EmbeddedBackend, _ text: String, _ configure: (inout Query) -> Void = { _ in }) async throws -> [String] {
        var query = Query(text: text)
        configure(&query)
        return try await backend.search([IndexedQuery(indexName: "products", query: query)])[0].hits.map(\.objectID)
    }

    @Test func aRecordClickedForAQueryRisesForItAndNotForAnother() async throws {
        let backend = EmbeddedBackend(indices: [Self.index()])
        #expect(try await ids(backend, "phone") == ["a", "b", "c", "d"])
        #expect(try await ids(backend, "cable") == ["c", "e"])
        backend.learn(Self.table([(Self.click(["d"]), "phone")]))
        #expect(try await ids(backend, "phone") == ["d", "a", "b", "c"])
        // The same query as typed differently is the same query.
        #expect(try await ids(backend, "  PHONE ") == ["d", "a", "b", "c"])
        // Another query is left alone, and so is a record the query does not find.
        #expect(try await ids(backend, "cable") == ["c", "e"])
        backend.learn(Self.table([(Self.click(["e"]), "phone")]))
        #expect(try await ids(backend, "phone") == ["d", "a", "b", "c"])
    }

    @Test func moreChosenFirstAndAConversionCountsMoreThanAClick() async throws {
        let backend = EmbeddedBackend(indices: [Self.index()])
        backend.learn(Self.table([(Self.click(["c"]), "phone"), (Self.click(["c"]), "phone"), (Self.click(["b"], type: .conversion), "phone")]))
        #expect(try await ids(backend, "phone") == ["b", "c", "a", "d"])
        // Views teach nothing.
        backend.learn(Self.table([(Self.click(["d"], type: .view), "phone")]))
        #expect(try await ids(backend, "phone") == ["b", "c", "a", "d"])
    }

    @Test func enableReRankingFalseTurnsItOffAsASettingOrAQueryParameter() async throws {
        let table = Self.table([(Self.click(["d"]), "phone")])
        let off = EmbeddedBackend(indices: [Self.index { $0.relevance.enableReRanking = false }])
        off.learn(table)
        #expect(try await ids(off, "phone") == ["a", "b", "c", "d"])
        #expect(try await ids(off, "phone") { $0.enableReRanking = true } == ["d", "a", "b", "c"])
        let on = EmbeddedBackend(indices: [Self.index()])
        on.learn(table)
        #expect(try await ids(on, "phone") { $0.enableReRanking = false } == ["a", "b", "c", "d"])
    }

    @Test func theSettingIsReadFromASettingsFile() throws {
        let settings = try IndexSettings.parse(text: #"{"enableReRanking": false}"#)
        #expect(settings.relevance.enableReRanking == false)
        #expect(throws: DataError.self) { try IndexSettings.parse(text: #"{"enableReRanking": "no"}"#) }
    }

    @Test func neitherASortedViewNorAnEmptyQueryIsReRanked() async throws {
        let backend = EmbeddedBackend(indices: [Self.index()])
        backend.learn(Self.table([(Self.click(["d"]), "phone"), (Self.click(["d"]), "")]))
        #expect(try await ids(backend, "phone") { $0.sortBy = SortCriterion(attribute: "price", ascending: false) } == ["a", "b", "d", "c"])
        #expect(try await ids(backend, "") == ["a", "b", "c", "d", "e"])
    }

    @Test func pagesFollowTheReRankedOrder() async throws {
        let backend = EmbeddedBackend(indices: [Self.index()])
        backend.learn(Self.table([(Self.click(["d"]), "phone")]))
        let pages = try await (0..<3).asyncMap { page in try await ids(backend, "phone") { ($0.page, $0.hitsPerPage) = (page, 2) } }
        #expect(pages == [["d", "a"], ["b", "c"], []])
    }

    @Test func theLiftedHitSaysSoInItsRankingInfo() async throws {
        let backend = EmbeddedBackend(indices: [Self.index()])
        backend.learn(Self.table([(Self.click(["d"]), "phone")]))
        var query = Query(text: "phone")
        query.getRankingInfo = true
        let hits = try await backend.search([IndexedQuery(indexName: "products", query: query)])[0].hits
        #expect(hits[0].rankingInfo?.promotedByReRanking == true)
        #expect(hits[0].rankingInfo?.reRankingScore == 1)
        #expect(hits[1].rankingInfo?.promotedByReRanking == nil)
        let json = AlgoliaResponse.json(SearchResults(indexName: "products", hits: hits))
        #expect(json["hits"]?.arrayValue?[0]["_rankingInfo"]?["promotedByReRanking"] == .bool(true))
    }

    @Test func queryRulesPinAfterReRanking() async throws {
        let backend = EmbeddedBackend(indices: [Self.index()])
        backend.learn(Self.table([(Self.click(["d"]), "phone")]))
        let rule = try QueryRule.parse(
            ["objectID": "pin-c", "conditions": [["pattern": "phone", "anchoring": "is"]], "consequence": ["promote": [["objectID": "c", "position": 0]]]],
            where: "rule")
        backend.setRules(RuleSet([rule]), of: "products")
        #expect(try await ids(backend, "phone") == ["c", "d", "a", "b"])
    }

    @Test func linesChosenForAQueryRiseForIt() throws {
        let index = try SearchIndex(
            name: "lines", bytes: Array("src/main.c\nsrc/mainframe.c\nREADME.main\n".utf8), sourceName: "<test>", format: .lines, settings: nil)
        let before = try index.searchLines(Query(text: "main"), options: LineMatchOptions()).hits.map { $0.objectID }
        let chosen = before.last!
        let after = try index.searchLines(Query(text: "main"), options: LineMatchOptions(), reRanking: [chosen: 1]).hits.map { $0.objectID }
        #expect(after == [chosen] + before.dropLast())
        #expect(try index.searchLines(Query(text: "mainframe"), options: LineMatchOptions(), reRanking: [chosen: 1]).hits.count == 1)
    }

    @Test func aTableIsBuiltFromTheQueriesAndEventsOfALogForTheListsOpen() {
        let id = QueryID.make()
        var click = Self.click(["d"])
        click.queryID = id
        var orphan = Self.click(["b"])
        orphan.queryID = QueryID.make()
        let table = ReRankingTable(
            queries: [QueryLine(queryID: id, index: "products", query: "Phone", nbHits: 4, timestamp: 0, list: "file:/data/products.json")],
            events: [click, orphan], lists: ["file:/data/products.json": "shop"])
        #expect(table.scores(index: "shop", query: "phone") == ["d": 1], "counted for the index the list is open as")
        #expect(table.hasEvents(index: "shop") && !table.hasEvents(index: "products"))
    }

    @Test func aQueryOfAnotherListOrOfAPipeTeachesNothing() {
        var clicks: [InsightsEvent] = []
        var queries: [QueryLine] = []
        for list in ["file:/other/products.json", nil] {
            var click = Self.click(["d"])
            click.queryID = QueryID.make()
            clicks.append(click)
            queries.append(QueryLine(queryID: click.queryID!, index: "products", query: "phone", nbHits: 4, timestamp: 0, list: list))
        }
        let table = ReRankingTable(queries: queries, events: clicks, lists: ["file:/data/products.json": "products"])
        #expect(table.isEmpty)
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
