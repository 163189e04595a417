import InstantSearchCore
import Testing

@testable import SearchEngine

/// Algolia's `queryType`: which query words match as the start of longer words. `prefixAll`
/// is what the shell keys' lists use, where commands and paths are typed a few letters a word.
@Suite struct QueryTypeTests {
    static let commands = ["docker compose up -d", "dockerd --debug", "git status", "cd src/tests", "git stash pop"]

    static func index(_ queryType: QueryType?) -> SearchIndex {
        var settings = IndexSettings(searchableAttributes: ["command"])
        if let queryType { settings.relevance.queryType = queryType }
        settings.relevance.infix = InfixSetting(mode: .off)
        // Strict AND: a word that finds nothing is not dropped (the words' own matches are tested).
        settings.relevance.removeWordsIfNoResults = false
        let records = commands.enumerated().map { JSONValue.object(["objectID": .string("c\($0.offset)"), "command": .string($0.element)]) }
        return SearchIndex(name: "history", records: records, settings: settings)
    }

    static func commands(_ index: SearchIndex, _ text: String) throws -> [String] {
        try index.search(Query(text: text)).hits.compactMap { $0.record["command"]?.stringValue }.sorted()
    }

    @Test func theLastWordBeingTypedIsThePrefixByDefault() throws {
        let index = Self.index(nil)
        #expect(index.settings.relevance.queryType == .prefixLast)
        #expect(try Self.commands(index, "git st") == ["git stash pop", "git status"])
        #expect(try Self.commands(index, "git st ") == [], "a space ends the word")
        #expect(try Self.commands(index, "dock up") == [], "dock is a finished word, too far from docker for typos")
    }

    @Test func prefixAllLetsEveryWordStartALongerOne() throws {
        let index = Self.index(.prefixAll)
        #expect(try Self.commands(index, "dock up") == ["docker compose up -d"])
        #expect(try Self.commands(index, "dock comp up ") == ["docker compose up -d"], "a space after the last word changes nothing")
        #expect(try Self.commands(index, "src tes") == ["cd src/tests"])
        #expect(try Self.commands(index, "gi sta") == ["git stash pop", "git status"])
        // Each word is highlighted where it matched: the typed start of the longer word.
        let hit = try #require(try index.search(Query(text: "dock comp up")).hits.first)
        #expect(hit.highlights["command"]?.values.first?.tagged() == "<em>dock</em>er <em>comp</em>ose <em>up</em> -d")
    }

    @Test func prefixNoneMatchesWholeWordsOnly() throws {
        let index = Self.index(.prefixNone)
        #expect(try Self.commands(index, "git") == ["git stash pop", "git status"])
        #expect(try Self.commands(index, "git sta") == [], "not even the word being typed is a prefix")
        #expect(try Self.commands(index, "git statu") == ["git status"], "a typo still finds the whole word")
    }
}
