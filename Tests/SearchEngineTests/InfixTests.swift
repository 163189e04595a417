import InstantSearchCore
import Testing

@testable import SearchEngine

/// Typesense's `infix` for records: a query word found inside an indexed word (`zip` in
/// `gunzip`). `fallback` (the default) only for a word no indexed word starts with, `always`
/// beside the matches at word starts and ranked below them, `off` never; per attribute too.
@Suite struct InfixTests {
    private static let records: [JSONValue] = [
        ["objectID": "zip", "name": "zip", "sku": "a-100"],
        ["objectID": "gzip", "name": "gzip", "sku": "b-200"],
        ["objectID": "gunzip", "name": "gunzip", "sku": "c-300"],
        ["objectID": "bzip2", "name": "bzip2", "sku": "d-400"],
        ["objectID": "zipinfo", "name": "zipinfo", "sku": "e-500"],
        ["objectID": "unrelated", "name": "tar", "sku": "gunzip-kit"],
    ]

    private static func index(_ infix: InfixSetting?) -> SearchIndex {
        var settings = IndexSettings(searchableAttributes: ["name", "sku"])
        if let infix { settings.relevance.infix = infix }
        return SearchIndex(name: "tools", records: records, settings: settings)
    }

    private static func ids(_ text: String, _ infix: InfixSetting? = nil) throws -> [String] {
        try index(infix).search(Query(text: text, hitsPerPage: 50)).hits.map(\.objectID)
    }

    @Test func fallbackIsTheDefaultAndFindsAWordOnlyInsideOthers() throws {
        #expect(try Self.ids("unz") == ["gunzip", "unrelated"], "no word starts with unz")
        #expect(try Self.ids("zip") == ["zip", "zipinfo"], "words start with zip: no infix")
    }

    @Test func alwaysRanksInsideMatchesBelowWordStarts() throws {
        let found = try Self.ids("zip", InfixSetting(mode: .always))
        #expect(Array(found.prefix(2)) == ["zip", "zipinfo"])
        #expect(Set(found.dropFirst(2)) == ["gzip", "gunzip", "bzip2", "unrelated"])
    }

    @Test func offNeverMatchesInsideWords() throws {
        #expect(try Self.ids("unz", InfixSetting(mode: .off)).isEmpty)
    }

    @Test func eachAttributeHasItsOwnMode() throws {
        let nameOnly = InfixSetting(mode: .off, byAttribute: ["name": .always])
        #expect(try Self.ids("unz", nameOnly) == ["gunzip"], "the sku's gunzip-kit is not searched inside")
        let skuOnly = InfixSetting(mode: .fallback, byAttribute: ["name": .off])
        #expect(try Self.ids("unz", skuOnly) == ["unrelated"])
    }

    @Test func theMatchedPartIsHighlighted() throws {
        let results = try Self.index(nil).search(Query(text: "unz"))
        let hit = try #require(results.hits.first { $0.objectID == "gunzip" })
        #expect(hit.highlights["name"]?.values.first?.tagged() == "g<em>unz</em>ip")
        let always = try Self.index(InfixSetting(mode: .always)).search(Query(text: "zip", hitsPerPage: 50))
        let bzip = try #require(always.hits.first { $0.objectID == "bzip2" })
        #expect(bzip.highlights["name"]?.values.first?.tagged() == "b<em>zip</em>2")
        let zip = try #require(always.hits.first { $0.objectID == "zipinfo" })
        #expect(zip.highlights["name"]?.values.first?.tagged() == "<em>zip</em>info", "a word start wins over an infix")
    }

    @Test func typosStillComeFirstForAWordWithSomeAtWordStarts() throws {
        // "gzap" is a typo of "gzip" (4 letters: one typo): matched at a word start, so no infix.
        #expect(try Self.ids("gzap") == ["gzip"])
    }

    @Test func theSettingIsReadCheckedAndWrittenBack() throws {
        let one = try IndexSettings.parse(text: #"{"infix": "always"}"#)
        #expect(one.relevance.infix == InfixSetting(mode: .always))
        let some = try IndexSettings.parse(text: #"{"infix": {"name": "always", "*": "off"}}"#)
        #expect(some.relevance.infix == InfixSetting(mode: .off, byAttribute: ["name": .always]))
        #expect(some.relevance.infix.json == ["*": "off", "name": "always"])
        #expect(throws: DataError.self) { try IndexSettings.parse(text: #"{"infix": "sometimes"}"#) }
        #expect(throws: DataError.self) { try IndexSettings.parse(text: #"{"infix": {"name": true}}"#) }
        let changed = try Self.index(nil).withSettings(changing: ["infix": ["name": "always"]], file: "settings")
        #expect(changed.settings.relevance.infix == InfixSetting(byAttribute: ["name": .always]))
    }
}
