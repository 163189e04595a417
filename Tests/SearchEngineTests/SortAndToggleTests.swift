import InstantSearchCore
import Testing

@testable import SearchEngine

/// Sort-by over the whole result set, settings `sorts` / `numericMenus` / `toggles`, and the
/// toggles the engine infers from 0/1 and true/false columns.
@Suite struct SortAndToggleTests {
    /// Baby-name-like records: a name, a count, a year, a 0/1 flag and a boolean.
    static let names: [JSONValue] = [
        ["name": "Mary", "count": 7065, "year": 1880, "classic": 1, "short": true],
        ["name": "Marie", "count": 2100, "year": 1880, "classic": 1, "short": false],
        ["name": "Maryann", "count": 9, "year": 1950, "classic": 0, "short": false],
        ["name": "Marty", "count": 7065, "year": 1960, "classic": 0, "short": true],
        ["name": "Mario", "year": 1990, "classic": 0, "short": true],
        ["name": "Marc", "count": -3, "year": 1990, "classic": 0, "short": true],
    ]

    static let index = SearchIndex(
        name: "names", records: names,
        settings: try! IndexSettings.parse(text: #"{"searchableAttributes": ["name"], "sorts": [{"name": "Most popular", "by": "count:desc"}, "count:asc"]}"#))

    private func names(_ text: String, sort: SortCriterion?, page: Int = 0, hitsPerPage: Int = 20) throws -> [String] {
        var query = Query(text: text, page: page, hitsPerPage: hitsPerPage)
        query.sortBy = sort
        return try Self.index.search(query).hits.compactMap { $0.record["name"]?.stringValue }
    }

    @Test func sortingByCountOrdersTheWholeResultSetNotOnlyAPage() throws {
        let desc = SortCriterion(attribute: "count", ascending: false)
        // Mary and Marty tie on 7065; both match "mar" alike, so the record order decides.
        #expect(try names("mar", sort: desc) == ["Mary", "Marty", "Marie", "Maryann", "Marc", "Mario"])
        #expect(
            try names("mar", sort: desc, page: 1, hitsPerPage: 2) == ["Marie", "Maryann"],
            "the second page continues the sorted order")
        #expect(
            try names("mar", sort: SortCriterion(attribute: "count", ascending: true)) == ["Marc", "Maryann", "Marie", "Mary", "Marty", "Mario"],
            "ascending: the negative count first; no count still last")
        #expect(try names("mar", sort: nil).count == 6)
    }

    @Test func relevanceBreaksTiesBetweenEqualValues() throws {
        // Mary and Marty share the count 7065: the one the query matches better comes first
        // (the other matches with a typo), whichever comes first in the file.
        let desc = SortCriterion(attribute: "count", ascending: false)
        #expect(try names("mary", sort: desc).prefix(2) == ["Mary", "Marty"])
        #expect(try names("marty", sort: desc).prefix(2) == ["Marty", "Mary"])
    }

    @Test func sortingByAnAttributeThatIsNotNumericIsAnError() {
        var query = Query(text: "mar")
        query.sortBy = SortCriterion(attribute: "name", ascending: true)
        #expect(throws: SearchError.self) { try Self.index.search(query) }
    }

    @Test func sortsAreReadFromSettingsAndReachTheDescription() throws {
        let sorts = Self.index.indexDescription.sorts
        #expect(
            sorts == [
                SortOption(name: "Most popular", criterion: SortCriterion(attribute: "count", ascending: false)),
                SortOption(name: "count:asc", criterion: SortCriterion(attribute: "count", ascending: true)),
            ])
        let reread = try IndexSettings.parse(text: Self.index.settings.fileJSON().serialized()).resolved(for: [])
        #expect(reread.widgets == Self.index.settings.widgets, "an index file keeps them")
    }

    @Test func zeroOneNumbersAndTrueFalseValuesBecomeToggles() {
        let description = Self.index.indexDescription
        #expect(
            description.toggles == [
                FilterToggle(attribute: "classic", kind: .number), FilterToggle(attribute: "short", kind: .boolean),
            ])
        #expect(!description.numericAttributes.contains("classic") && description.numericAttributes.contains("count"))
        #expect(!description.facetAttributes.contains("short"))
        #expect(description.initialQuery().facets.contains("short"), "a boolean toggle's counts are asked for")
    }

    @Test func togglesFilterOnOffAndAny() throws {
        let description = Self.index.indexDescription
        func count(_ toggle: FilterToggle, _ state: FilterToggle.State) throws -> Int {
            var query = description.initialQuery()
            toggle.apply(state, to: &query)
            #expect(toggle.state(in: query) == state)
            return try Self.index.search(query).nbHits
        }
        let classic = description.toggles[0]
        let short = description.toggles[1]
        #expect(try count(classic, .on) == 2 && count(classic, .off) == 4 && count(classic, .any) == 6)
        #expect(try count(short, .on) == 4 && count(short, .off) == 2)
        let results = try Self.index.search(description.initialQuery())
        #expect(classic.onCount(in: results) == 2 && short.onCount(in: results) == 4)
    }

    @Test func declaredTogglesAndNumericMenusAreRead() throws {
        let settings = try IndexSettings.parse(text: #"{"toggles": ["short"], "numericMenus": {"count": ["<50", "50–5000", ">5000"]}}"#)
        let index = SearchIndex(name: "names", records: Self.names, settings: settings)
        let description = index.indexDescription
        #expect(description.toggles.map(\.attribute) == ["short"], "declared toggles replace the inferred ones")
        #expect(description.numericAttributes.contains("classic"))
        let menu = try #require(description.numericMenus.first)
        #expect(menu.attribute == "count" && menu.buckets.map(\.label) == ["<50", "50–5000", ">5000"])
        var query = Query()
        query.numericRanges["count"] = menu.buckets[0].range
        #expect(try index.search(query).nbHits == 2, "<50 holds 9 and -3")
        query.numericRanges["count"] = menu.buckets[2].range
        #expect(try index.search(query).nbHits == 2, ">5000: the two 7065s")
    }

    @Test func badSortsAndMenusAreErrorsNamingTheKey() {
        func error(_ text: String) -> String? {
            do { _ = try IndexSettings.parse(text: text, file: "s.json"); return nil } catch { return "\(error)" }
        }
        #expect(error(#"{"sorts": ["count"]}"#)?.contains("\"sorts\": \"count\" must look like \"attribute:desc\"") == true)
        #expect(error(#"{"sorts": [{"name": "x", "by": "count:down"}]}"#)?.contains("must be \"asc\" or \"desc\"") == true)
        #expect(error(#"{"sorts": [{"by": "count:desc", "order": 1}]}"#)?.contains("unknown key \"order\"") == true)
        #expect(error(#"{"numericMenus": {"price": ["<50", "50-x"]}}"#)?.hasPrefix("s.json: \"numericMenus\".\"price\": bucket \"50-x\" at column 4") == true)
        #expect(error(#"{"numericMenus": {"price": []}}"#) != nil)
    }
}
