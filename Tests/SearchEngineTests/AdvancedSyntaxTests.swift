import InstantSearchCore
import Testing

@testable import SearchEngine

/// Algolia's `advancedSyntax` for records: `"a phrase"` (its words side by side, in order, in
/// one attribute) and `-word` (records holding it left out), as a setting and per query.
@Suite struct AdvancedSyntaxTests {
    private static let records: [JSONValue] = [
        ["objectID": "1", "name": "The Left Hand of Darkness", "about": "winter planet"],
        ["objectID": "2", "name": "Hand left behind", "about": "a glove story"],
        ["objectID": "3", "name": "Left", "about": "hand of fate"],
        ["objectID": "4", "name": "Phone case", "about": "leather phone case"],
        ["objectID": "5", "name": "Phone charger", "about": "fast charger for a phone"],
    ]

    private static func index(advancedSyntax: Bool = true, features: Set<AdvancedSyntaxFeature>? = nil) -> SearchIndex {
        var settings = IndexSettings(searchableAttributes: ["name", "about"])
        settings.relevance.advancedSyntax = advancedSyntax
        if let features { settings.relevance.advancedSyntaxFeatures = features }
        return SearchIndex(name: "books", records: records, settings: settings)
    }

    private static func ids(_ text: String, in index: SearchIndex = index(), _ change: (inout Query) -> Void = { _ in }) throws -> [String] {
        var query = Query(text: text, hitsPerPage: 50)
        change(&query)
        return try index.search(query).hits.map(\.objectID).sorted()
    }

    @Test func aQueryIsReadIntoPlainWordsPhrasesAndExclusions() {
        let read = AdvancedSyntax(#"dune "Children  of" -Messiah sci-fi"#, features: Set(AdvancedSyntaxFeature.allCases))
        #expect(read.phrases == [["children", "of"]])
        #expect(read.excluded == ["messiah"])
        #expect(read.plainText.split(separator: " ") == ["dune", "sci-fi"], "a hyphen inside a word is no exclusion")
        #expect(read.plainText.count == #"dune "Children  of" -Messiah sci-fi"#.count, "blanked, not removed: the last word stays last")
    }

    @Test func aPhraseStillBeingTypedAndALoneMinusArePlainText() {
        let features = Set(AdvancedSyntaxFeature.allCases)
        let open = AdvancedSyntax(#"dune "children of"#, features: features)
        #expect(open.phrases.isEmpty && open.plainText == #"dune "children of"#)
        let minus = AdvancedSyntax("phone - case -", features: features)
        #expect(minus.excluded.isEmpty && minus.plainText == "phone - case -")
    }

    @Test func eachFeatureWorksAlone() {
        let phrases = AdvancedSyntax(#""left hand" -case"#, features: [.exactPhrase])
        #expect(phrases.phrases == [["left", "hand"]] && phrases.excluded.isEmpty)
        let exclusions = AdvancedSyntax(#""left hand" -case"#, features: [.excludeWords])
        #expect(exclusions.phrases.isEmpty && exclusions.excluded == ["case"])
    }

    @Test func aPhraseNeedsItsWordsSideBySideInOrderInOneAttribute() throws {
        #expect(try Self.ids(#""left hand""#) == ["1"], "2 has them reversed, 3 in two attributes")
        #expect(try Self.ids("left hand") == ["1", "2", "3"], "without quotes, any order and place")
        #expect(try Self.ids(#""hand of""#) == ["1", "3"], "inside a longer value")
        #expect(try Self.ids(#"winter "left hand""#) == ["1"], "with plain words around it")
    }

    @Test func anExcludedWordLeavesOutTheRecordsHoldingIt() throws {
        #expect(try Self.ids("phone -case") == ["5"])
        #expect(try Self.ids("-case") == ["1", "2", "3", "5"], "exclusions alone: every other record")
        #expect(try Self.ids("phone -cas") == ["4", "5"], "an excluded word is matched whole, never as a prefix")
    }

    @Test func theFeaturesTheSettingLeavesOutAreReadAsPlainText() throws {
        let phrasesOnly = Self.index(features: [.exactPhrase])
        #expect(try Self.ids("phone -case", in: phrasesOnly) == ["4"], "-case is the word case then")
        let exclusionsOnly = Self.index(features: [.excludeWords])
        #expect(try Self.ids(#""left hand""#, in: exclusionsOnly) == ["1", "2", "3"])
    }

    @Test func aQueryTurnsItOnOrOffWhateverTheSetting() throws {
        let off = Self.index(advancedSyntax: false)
        #expect(try Self.ids("phone -case", in: off) == ["4"], "off: -case is the word case")
        #expect(try Self.ids("phone -case", in: off) { $0.advancedSyntax = true } == ["5"])
        #expect(try Self.ids("phone -case") { $0.advancedSyntax = false } == ["4"])
        #expect(try Self.ids(#""left hand""#) { $0.advancedSyntaxFeatures = [.excludeWords] } == ["1", "2", "3"])
    }

    @Test func phraseWordsAreHighlightedAndNeverDroppedWhenNothingMatches() throws {
        let index = Self.index()
        let hit = try #require(try index.search(Query(text: #""left hand""#)).hits.first)
        #expect(hit.highlights["name"]?.values.first?.tagged() == "The <em>Left</em> <em>Hand</em> of Darkness")
        // removeWordsIfNoResults drops plain words from the end, never the phrase.
        #expect(try Self.ids(#""left hand" zebra"#) == ["1"])
        #expect(try Self.ids(#""hand left" zebra"#) == ["2"])
        #expect(try Self.ids(#""darkness left""#).isEmpty)
    }

    @Test func theSettingsAreReadCheckedAndKept() throws {
        let settings = try IndexSettings.parse(text: #"{"advancedSyntax": true, "advancedSyntaxFeatures": ["excludeWords"]}"#)
        #expect(settings.relevance.advancedSyntax && settings.relevance.advancedSyntaxFeatures == [.excludeWords])
        #expect(throws: DataError.self) { try IndexSettings.parse(text: #"{"advancedSyntaxFeatures": ["phrases"]}"#) }
        let changed = try Self.index(advancedSyntax: false).withSettings(changing: ["advancedSyntax": true], file: "settings")
        #expect(changed.settings.relevance.advancedSyntax, "an index's settings round trip (index files, setSettings)")
    }
}
