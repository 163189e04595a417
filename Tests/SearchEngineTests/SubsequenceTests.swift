import InstantSearchCore
import Testing

@testable import SearchEngine

/// The `subsequence` setting: one attribute also matched as fzf matches a line. The records
/// it finds come first in fzf's order — the order the lines engine (checked against fzf
/// itself by FzfFilterTableTests) gives the same values — then those only the words find.
@Suite struct SubsequenceTests {
    private static let paths = [
        "Sources/TerminalUI/App/SearchApp.swift", "Sources/TerminalUI/App", "Sources/TerminalUI/Terminal/AppProtocol.swift",
        "Sources/TerminalUI/App/ListLayout.swift", "Sources/SearchEngine/Search/SearchIndex+Search.swift", "Tests/TerminalUITests/AppTests.swift",
        "README.md", "Sources/TerminalUI/Widgets/HitsList.swift", "docs/terminal-apps.md", "Sources/TermApp/main.swift",
        "Makefile", "Sources/SearchEngine/Lines/LineScan.swift",
    ]

    private static func index(_ subsequence: SubsequenceSetting? = SubsequenceSetting(attribute: "path", scheme: .path)) -> SearchIndex {
        let records: [JSONValue] = paths.enumerated().map { number, path in
            let ext = path.split(separator: ".").count > 1 ? String(path.split(separator: ".").last!) : "(none)"
            return ["objectID": .string(String(number + 1)), "path": .string(path), "ext": .string(ext)]
        }
        var settings = IndexSettings(searchableAttributes: ["path"], attributesForFaceting: ["ext"])
        settings.relevance.subsequence = subsequence
        return SearchIndex(name: "files", records: records, settings: settings)
    }

    /// The same paths as plain lines, searched fzf's way under the path scheme: the object ids
    /// of lines and records are both the 1-based position.
    private static func fzfOrder(_ query: String) throws -> [String] {
        let lines = try SearchIndex(name: "lines", bytes: Array(paths.joined(separator: "\n").utf8), sourceName: "<test>", format: .lines, settings: nil)
        var options = LineMatchOptions()
        options.scheme = .path
        var noTypos = Query(text: query, hitsPerPage: 100)
        noTypos.typoTolerance = false
        return try lines.searchLines(noTypos, options: options).hits.map(\.objectID)
    }

    private static func ids(_ query: Query, _ index: SearchIndex = index()) throws -> [String] {
        try index.search(query).hits.map(\.objectID)
    }

    @Test func lettersInOrderFindWhatWordsCannotInFzfsOrder() throws {
        for text in ["termapp", "srchidx", "sear ind", "'Line scan", "^Sources .swift$", "tui !test", "app | make"] {
            let expected = try Self.fzfOrder(text)
            #expect(!expected.isEmpty, "\(text)")
            let found = try Self.ids(Query(text: text, hitsPerPage: 100))
            #expect(Array(found.prefix(expected.count)) == expected, "\(text)")
        }
        let wordsOnly = try Self.ids(Query(text: "termapp", hitsPerPage: 100), Self.index(nil))
        #expect(!wordsOnly.contains("3"), "without the setting, words only: \(wordsOnly)")
    }

    @Test func wordMatchesWithTyposComeAfter() throws {
        // "raedme" is no subsequence of any path: README.md comes by its typo alone.
        #expect(try Self.fzfOrder("raedme").isEmpty)
        #expect(try Self.ids(Query(text: "raedme")) == ["7"])
        // "serch" is a subsequence of the paths holding "search", and one typo from the word
        // "search": the typo's records that fzf does not find follow fzf's.
        let expected = try Self.fzfOrder("serch")
        let found = try Self.ids(Query(text: "serch", hitsPerPage: 100))
        #expect(Array(found.prefix(expected.count)) == expected)
        #expect(Set(found.dropFirst(expected.count)).isDisjoint(with: expected))
    }

    @Test func facetsCountAndRefinementsKeepTheSubsequenceMatches() throws {
        var query = Query(text: "termapp", hitsPerPage: 100)
        query.facets = ["ext"]
        let all = try Self.index().search(query)
        let expected = try Self.fzfOrder("termapp")
        #expect(all.nbHits == expected.count)
        let counts = Dictionary(uniqueKeysWithValues: (all.facets["ext"] ?? []).map { ($0.value, $0.count) })
        let byExt = Dictionary(grouping: expected) { id in
            let path = Self.paths[Int(id)! - 1]
            return path.split(separator: ".").count > 1 ? String(path.split(separator: ".").last!) : "(none)"
        }.mapValues(\.count)
        #expect(counts == byExt)
        query.facetRefinements = ["ext": ["md"]]
        let refined = try Self.index().search(query)
        #expect(refined.hits.map(\.objectID) == expected.filter { Self.paths[Int($0)! - 1].hasSuffix(".md") })
    }

    @Test func theMatchedLettersAreHighlighted() throws {
        let hit = try #require(try Self.index().search(Query(text: "termapp")).hits.first { $0.objectID == "3" })
        #expect(hit.highlights["path"]?.values.first?.tagged() == "Sources/TerminalUI/<em>Term</em>inal/<em>App</em>Protocol.swift")
    }

    @Test func theSettingIsReadCheckedAndWrittenBack() throws {
        #expect(try IndexSettings.parse(text: #"{"subsequence": "path"}"#).relevance.subsequence == SubsequenceSetting(attribute: "path"))
        let object = try IndexSettings.parse(text: #"{"subsequence": {"attribute": "command", "scheme": "history"}}"#)
        #expect(object.relevance.subsequence == SubsequenceSetting(attribute: "command", scheme: .history))
        #expect(object.relevance.subsequence?.json == ["attribute": "command", "scheme": "history"])
        for wrong in [
            #"{"subsequence": ""}"#, #"{"subsequence": 3}"#, #"{"subsequence": {"attribute": "a", "scheme": "paths"}}"#, #"{"subsequence": {"attr": "a"}}"#,
        ] {
            #expect(throws: DataError.self, "\(wrong)") { try IndexSettings.parse(text: wrong) }
        }
        #expect(try SubsequenceSetting(option: "path:path") == SubsequenceSetting(attribute: "path", scheme: .path))
        #expect(throws: SyntaxSettingError.self) { try SubsequenceSetting(option: "path:pathname") }
        let changed = try Self.index(nil).withSettings(changing: ["subsequence": "path"], file: "settings")
        #expect(changed.settings.relevance.subsequence == SubsequenceSetting(attribute: "path"))
    }
}
