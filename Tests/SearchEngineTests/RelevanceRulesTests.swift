import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// The relevance table for rules, on `RelevanceRulesFixture`: query → every hit, in
/// order, the rule that decides it, and which settings the index has.
@Suite struct RelevanceRulesTests {
    enum Variant: String, Sendable {
        case standard, wordExactness, noExactness, stopWords, plurals

        var index: SearchIndex {
            switch self {
            case .standard: return RelevanceRulesFixture.standard
            case .wordExactness: return RelevanceRulesFixture.wordExactness
            case .noExactness: return RelevanceRulesFixture.noExactness
            case .stopWords: return RelevanceRulesFixture.stopWords
            case .plurals: return RelevanceRulesFixture.plurals
            }
        }
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var variant: Variant = .standard
        var query: String
        var expected: [String]
        var why: String
        var testDescription: String { "[\(variant.rawValue)] \(query.debugDescription) → \(expected): \(why)" }
    }

    static let table: [Row] = [
        // 1. Exactness (exactOnSingleWordQuery: attribute, the default; word; none), multi-word.
        Row(
            query: "git", expected: ["git", "gitk", "git-doc", "git-lfs"],
            why: "attribute: the name that is the word, a one-word name completing it, then longer names by popularity"),
        Row(query: "git ", expected: ["git", "git-doc", "git-lfs"], why: "attribute: whole value first, though least popular"),
        Row(
            query: "imagemagick", expected: ["imagemagick", "imagemagick-doc", "image-magick-helper"],
            why: "attribute: named exactly the word; the split reading 'image magick' last"),
        Row(
            query: "imagemag", expected: ["imagemagick", "imagemagick-doc", "image-magick-helper"],
            why: "a prefix nearly complete: the one-word name before its longer, more popular sibling"),
        Row(
            variant: .wordExactness, query: "git ", expected: ["git-doc", "git-lfs", "git"],
            why: "word: every exact word ties; popularity decides"),
        Row(
            variant: .wordExactness, query: "git", expected: ["git-doc", "git-lfs", "git", "gitk"],
            why: "word: the completion 'gitk' is inexact"),
        Row(
            variant: .noExactness, query: "git", expected: ["git-doc", "git-lfs", "gitk", "git"],
            why: "none: popularity alone after attribute"),
        Row(
            query: "numpy doc", expected: ["numpy-doc", "numpy-docs"],
            why: "multi-word: two exact words beat an exact word and a completion, before popularity"),
        // 2. Joined and split words, identifiers.
        Row(
            query: "image magick", expected: ["image-magick-helper", "imagemagick-doc", "imagemagick"],
            why: "joined 'imagemagick' found, ranked below the literal words"),
        Row(query: "node js", expected: ["nodejs"], why: "adjacent words joined"),
        Row(query: "node j", expected: ["nodejs"], why: "joined with the prefix: 'nodej…'"),
        Row(query: "libre office writer", expected: ["libreoffice-writer"], why: "two of three words joined"),
        Row(query: "libre office", expected: ["libreoffice-calc", "libreoffice-writer"], why: "joined; popularity"),
        // Typos in joined words: the join is searched with the typos its length allows.
        Row(
            query: "libre ofice ", expected: ["libreoffice-calc", "libreoffice-writer"],
            why: "joined 'libreofice' is one typo from 'libreoffice'; no record has the words apart"),
        Row(
            query: "libre ofic", expected: [],
            why: "no typo join while 'ofic' is still typed ('libreofic…' is the start of nothing), and 'libre' alone is no word"),
        Row(query: "node jss ", expected: ["nodejs"], why: "joined 'nodejss', one typo from 'nodejs'"),
        Row(
            query: "imag emagick ", expected: ["imagemagick-doc", "imagemagick", "image-magick-helper"],
            why: "joined exactly: typo-free, before the literal words reached with a typo each"),
        Row(
            query: "image magik ", expected: ["image-magick-helper", "imagemagick-doc", "imagemagick"],
            why: "the literal words (one typo) and the join (one typo) tie on typos; the literal words win on exactness"),
        Row(query: "no djs ", expected: ["nodejs"], why: "joined 'nodjs': five letters allow one typo, and 'nodejs' is one away"),
        Row(query: "lua 5.4", expected: ["lua5.4"], why: "joins with digits stay typo-free: 'lua5.3' is another version, not a typo"),
        Row(
            query: "dataframe", expected: ["dataframe-tools", "pandas-lite"],
            why: "split into 'data frame' side by side, below the literal word; 'frame of data' is not"),
        Row(query: "dataframe ", expected: ["dataframe-tools", "pandas-lite"], why: "split of a complete word"),
        Row(query: "framedata", expected: [], why: "a split needs its parts side by side and in order"),
        Row(query: "numpy", expected: ["numpy-docs", "numpy-doc", "python3-numpy"], why: "identifier found by its part"),
        Row(query: "python3-numpy", expected: ["python3-numpy"], why: "identifier found whole"),
        Row(query: "python3numpy", expected: ["python3-numpy"], why: "identifier typed without its hyphen: split"),
        Row(query: "pyhton3-nunpy", expected: ["python3-numpy"], why: "typos counted per part: one each"),
        Row(query: "lua5.4", expected: ["lua5.4"], why: "dotted version: 'lua5' and '4'"),
        Row(
            query: "lua54", expected: ["lua5.4", "lua5.3"],
            why: "split before a digit, typo-free, beats 'lua5' reached with one typo"),
        Row(query: "lua", expected: ["lua5.3", "lua5.4"], why: "prefix of both; popularity"),
        Row(query: "ninja_build", expected: ["ninja_build"], why: "underscore separates parts"),
        Row(query: "ninjabuild", expected: ["ninja_build"], why: "split"),
        Row(query: "build", expected: ["ninja_build"], why: "second part alone"),
        // 3. Synonyms, stop words, plurals.
        Row(query: "tv ", expected: ["television-guide", "tv-remote"], why: "multi-way synonym, counted exact"),
        Row(query: "television ", expected: ["television-guide", "tv-remote"], why: "multi-way, the other way"),
        Row(query: "laptop ", expected: ["notebook-cover", "laptop-stand"], why: "one-way synonym"),
        Row(query: "notebook ", expected: ["notebook-cover"], why: "one-way: not back"),
        Row(query: "ny ", expected: ["ny-subway", "new-york-map"], why: "phrase synonym, one word to two"),
        Row(query: "new york ", expected: ["ny-subway", "new-york-map"], why: "phrase synonym, two words to one"),
        Row(
            query: "the tv remote", expected: ["frame-grabber", "imagemagick-doc"],
            why: "without removeStopWords 'the' is required; trailing words dropped until 'the' finds something"),
        Row(variant: .stopWords, query: "the tv remote", expected: ["tv-remote"], why: "English stop word left out"),
        Row(variant: .stopWords, query: "le tv", expected: ["television-guide", "tv-remote"], why: "French stop word left out"),
        Row(
            variant: .stopWords, query: "the ", expected: ["frame-grabber", "imagemagick-doc"],
            why: "never every word: a query of stop words searches them"),
        Row(query: "berry ", expected: [], why: "plurals differ by default"),
        Row(variant: .plurals, query: "berry ", expected: ["berries-basket"], why: "ignorePlurals: berry ↔ berries"),
        Row(variant: .plurals, query: "boxes ", expected: ["boxes-set", "box-cutter"], why: "boxes ↔ box, counted exact"),
        Row(variant: .plurals, query: "box ", expected: ["boxes-set", "box-cutter"], why: "box ↔ boxes"),
        Row(variant: .plurals, query: "children ", expected: ["children-books", "child-seat"], why: "irregular plural"),
        // 5. Text without spaces.
        Row(query: "夜景", expected: ["大阪の夜景ツアー", "東京の夜景"], why: "a word inside runs without spaces"),
        Row(query: "東京", expected: ["東京タワー", "東京の夜景"], why: "at a run's start"),
        Row(query: "京の夜", expected: ["東京の夜景"], why: "three characters: two pairs side by side"),
        Row(query: "夜", expected: ["大阪の夜景ツアー", "東京の夜景"], why: "one character: the pairs it starts"),
        Row(query: "景", expected: ["東京の夜景", "大阪の夜景ツアー"], why: "one character ending a run, then inside one"),
        Row(query: "ツアー", expected: ["大阪の夜景ツアー", "東京の夜景"], why: "katakana; name before description"),
    ]

    @Test(arguments: table)
    func topHits(_ row: Row) throws {
        let results = try row.variant.index.search(Query(text: row.query, hitsPerPage: 50))
        #expect(results.hits.map(\.objectID) == row.expected, "\(row.why)")
    }

    static func highlighted(_ query: String, _ objectID: String, _ attribute: String, in index: SearchIndex = RelevanceRulesFixture.standard) throws -> String?
    {
        let hit = try index.search(Query(text: query, hitsPerPage: 50)).hits.first { $0.objectID == objectID }
        return hit?.highlights[attribute]?.values.first?.tagged()
    }

    @Test func alternativesAreHighlighted() throws {
        #expect(try Self.highlighted("京の夜", "東京の夜景", "name") == "東<em>京の夜</em>景")
        #expect(try Self.highlighted("夜景", "東京の夜景", "name") == "東京の<em>夜景</em>")
        #expect(try Self.highlighted("夜", "大阪の夜景ツアー", "name") == "大阪の<em>夜</em>景ツアー")
        #expect(try Self.highlighted("image magick", "imagemagick", "name") == "<em>imagemagick</em>")
        #expect(try Self.highlighted("dataframe", "pandas-lite", "description") == "a small <em>data</em> <em>frame</em> library")
        #expect(try Self.highlighted("tv ", "television-guide", "name") == "<em>television</em>-guide")
        #expect(try Self.highlighted("ny ", "new-york-map", "name") == "<em>new</em>-<em>york</em>-map")
        #expect(try Self.highlighted("berry ", "berries-basket", "name", in: RelevanceRulesFixture.plurals) == "<em>berries</em>-basket")
        let joined = try #require(try RelevanceRulesFixture.standard.search(Query(text: "node js")).hits.first)
        #expect(joined.highlights["name"]?.matchLevel == .full)
    }

    @Test func cjkTokensArePairs() {
        var tokenizer = Tokenizer()
        #expect(tokenizer.terms(in: "東京の夜景") == ["東京", "京の", "の夜", "夜景", "景"])
        #expect(tokenizer.terms(in: "東京の夜景", mode: .query) == ["東京", "京の", "の夜", "夜景"])
        #expect(tokenizer.terms(in: "iPhone対応 ケース", mode: .query) == ["iphone", "対応", "ケー", "ース"])
        #expect(tokenizer.terms(in: "夜", mode: .query) == ["夜"])
    }

    @Test func distinctKeepsTheBestOfEachGroup() throws {
        let index = RelevanceRulesFixture.distinct
        let numpy = try index.search(Query(text: "numpy", facets: ["source"]))
        #expect(numpy.hits.map(\.objectID) == ["numpy-docs"])
        #expect(numpy.nbHits == 1)
        #expect(numpy.facets["source"] == [FacetValueCount(value: "numpy", count: 3)], "facets count records")
        let git = try index.search(Query(text: "git"))
        #expect(git.hits.map(\.objectID) == ["git", "gitk", "git-lfs"], "git-doc shares git's group and ranks below it")
        var two = Query(text: "numpy")
        two.distinct = 2
        #expect(try index.search(two).hits.map(\.objectID) == ["numpy-docs", "numpy-doc"])
        #expect(try index.search(two).nbHits == 2)
        two.distinct = 0
        #expect(try index.search(two).nbHits == 3)
        // Pages are cut from the groups.
        var paged = Query(text: "git", hitsPerPage: 2)
        paged.page = 1
        #expect(try index.search(paged).hits.map(\.objectID) == ["git-lfs"])
        #expect(try index.search(paged).nbPages == 2)
        // Without an attribute for distinct, a query's distinct changes nothing.
        var asked = Query(text: "numpy")
        asked.distinct = 1
        #expect(try RelevanceRulesFixture.standard.search(asked).nbHits == 3)
        asked.distinct = 1000  // past Algolia's 4: four per group
        #expect(try index.search(asked).nbHits == 3)
    }

    /// `facetingAfterDistinct`: facet counts of the hits distinct keeps, in settings or per query;
    /// a disjunctive facet counts the groups' best records as if its own refinement were absent.
    @Test func facetingAfterDistinctCountsTheHitsKept() throws {
        let index = RelevanceRulesFixture.distinct
        var query = Query(text: "numpy", facets: ["source"])
        query.facetingAfterDistinct = true
        let numpy = try index.search(query)
        #expect(numpy.hits.map(\.objectID) == ["numpy-docs"])
        #expect(numpy.facets["source"] == [FacetValueCount(value: "numpy", count: 1)], "one hit kept of the group of three")
        query.facetingAfterDistinct = false
        #expect(try index.search(query).facets["source"] == [FacetValueCount(value: "numpy", count: 3)])

        let inSettings = RelevanceRulesFixture.index {
            $0.attributeForDistinct = "source"
            $0.distinct = 1
            $0.facetingAfterDistinct = true
        }
        var all = Query(text: "", facets: ["source"], disjunctiveFacets: ["source"])
        let counts = try inSettings.search(all).facets["source"] ?? []
        #expect(!counts.isEmpty && counts.allSatisfy { $0.count == 1 }, "every group counted once: \(counts)")
        all.facetRefinements = ["source": ["git"]]
        let refined = try inSettings.search(all)
        #expect(refined.hits.map(\.objectID) == ["git-doc"], "the group's most popular, no text to rank by")
        #expect(
            refined.facets["source"]?.first { $0.value == "numpy" }?.count == 1,
            "disjunctive: the other groups still counted, each once")
        var two = all
        two.distinct = 2
        #expect(try inSettings.search(two).facets["source"]?.first { $0.value == "git" }?.count == 2, "two kept of git's group")
        #expect(try IndexSettings.parse(text: #"{"facetingAfterDistinct": true}"#).relevance.facetingAfterDistinct)
        do {
            _ = try IndexSettings.parse(text: #"{"facetingAfterDistinct": 1}"#, file: "s.json")
            Issue.record("a number is refused")
        } catch {
            #expect("\(error)".contains("must be true or false"))
        }
    }

    @Test func rankingInfoExplainsEachCriterion() throws {
        var query = Query(text: "star wars")
        query.getRankingInfo = true
        let hits = try RelevanceFixture.index.search(query).hits
        let first = try #require(hits.first?.rankingInfo)
        #expect(hits.first?.objectID == "3")
        #expect(first.nbTypos == 0)
        #expect(first.words == 2)
        #expect(first.proximityDistance == 1)
        #expect(first.matchedAttribute == "title")
        #expect(first.firstMatchedWord == 0)
        #expect(first.nbExactWords == 2)
        #expect(first.customRanking == ["popularity": 95])
        #expect(first.ranking == ["typo", "geo", "words", "proximity", "attribute", "exact", "custom"], "Algolia's default order")
        let second = try #require(hits.dropFirst().first?.rankingInfo)
        #expect(second.proximityDistance == 4, "'Star Kids and the Wars': four words apart")
        #expect(first.userScore > 0 && second.userScore > first.userScore, "5 is more popular than 3")

        query.text = "godfahter"
        let typo = try #require(try RelevanceFixture.index.search(query).hits.first?.rankingInfo)
        #expect(typo.nbTypos == 1)
        #expect(typo.nbExactWords == 0)
        query.text = "pacino"
        let cast = try #require(try RelevanceFixture.index.search(query).hits.first?.rankingInfo)
        #expect(cast.matchedAttribute == "cast")
        #expect(cast.firstMatchedWord == 1001, "cast is attribute 1; 'Pacino' its second word")
        #expect(try RelevanceFixture.index.search(Query(text: "star")).hits.allSatisfy { $0.rankingInfo == nil }, "only when asked")
    }

    @Test func rankingInfoIsInTheResponse() throws {
        var query = Query(text: "git ")
        query.getRankingInfo = true
        let results = try RelevanceRulesFixture.standard.search(query)
        let json = AlgoliaResponse.json(results)
        let info = try #require(json["hits"]?.arrayValue?.first?["_rankingInfo"])
        #expect(info["exact"] == .number(0))
        #expect(info["nbTypos"] == .number(0))
        #expect(info["matchedAttribute"] == .string("name"))
        #expect(AlgoliaResponse.json(try RelevanceRulesFixture.standard.search(Query(text: "git")))["hits"]?.arrayValue?.first?["_rankingInfo"] == nil)
    }

    @Test func settingsParseAndRoundTrip() throws {
        let settings = try IndexSettings.parse(
            text: """
                {"exactOnSingleWordQuery": "word", "queryType": "prefixAll", "removeStopWords": ["en"], "ignorePlurals": ["en"],
                 "attributeForDistinct": "source", "distinct": true,
                 "synonyms": [{"objectID": "1", "type": "synonym", "synonyms": ["tv", "television"]},
                              {"type": "oneWaySynonym", "input": "laptop", "synonyms": ["notebook"]}, ["ny", "new york"]]}
                """)
        let relevance = settings.relevance
        #expect(relevance.exactOnSingleWordQuery == .word)
        #expect(relevance.queryType == .prefixAll)
        #expect(relevance.removeStopWords == ["en"])
        #expect(relevance.ignorePlurals)
        #expect(relevance.attributeForDistinct == "source")
        #expect(relevance.distinct == 1)
        #expect(
            relevance.synonyms == [
                Self.named(Synonym(multiWay: ["tv", "television"]), "1"), Synonym(oneWay: "laptop", synonyms: ["notebook"]),
                Synonym(multiWay: ["ny", "new york"]),
            ])
        #expect(try IndexSettings.parse(text: #"{"removeStopWords": true}"#).relevance.removeStopWords == StopWords.languages)
        // What an index file stores reads back the same.
        let resolved = settings.resolved(for: [])
        let reread = try IndexSettings.parse(text: resolved.fileJSON().serialized()).resolved(for: [])
        #expect(reread.relevance == resolved.relevance)

        func message(_ text: String) -> String? {
            do { _ = try IndexSettings.parse(text: text, file: "s.json"); return nil } catch { return "\(error)" }
        }
        #expect(message(#"{"exactOnSingleWordQuery": "phrase"}"#)?.contains("\"attribute\", \"word\" or \"none\"") == true)
        #expect(message(#"{"queryType": "prefixFirst"}"#)?.contains("\"queryType\" must be \"prefixLast\", \"prefixAll\" or \"prefixNone\"") == true)
        #expect(message(#"{"removeStopWords": ["xx"]}"#)?.contains("no stop words for \"xx\"") == true)
        #expect(message(#"{"ignorePlurals": ["fr"]}"#)?.contains("only \"en\"") == true)
        #expect(message(#"{"distinct": 9}"#)?.contains("0 to 4") == true)
        #expect(message(#"{"synonyms": [{"type": "oneWaySynonym", "synonyms": ["a"]}]}"#)?.contains("needs an \"input\"") == true)
        #expect(message(#"{"synonyms": [{"type": "altCorrection1", "synonyms": ["a"]}]}"#)?.contains("\"type\" must be") == true)
        #expect(message(#"{"synonyms": [[]]}"#)?.contains("non-empty array") == true)
        let huge = "[" + Array(repeating: "[" + (0..<100).map { "\"w\($0)\"" }.joined(separator: ",") + "]", count: 30).joined(separator: ",") + "]"
        #expect(message(#"{"synonyms": "# + huge + "}")?.contains("at most 200000 are allowed") == true)
    }

    @Test func indexFileKeepsRelevanceSettings() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("relevance-\(UUID().uuidString).idx").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RelevanceRulesFixture.distinct.write(to: path)
        let opened = try SearchIndex.open(path: path)
        for text in ["git", "tv ", "image magick", "京の夜", "numpy"] {
            #expect(
                try opened.search(Query(text: text)).hits.map(\.objectID)
                    == RelevanceRulesFixture.distinct.search(Query(text: text)).hits.map(\.objectID), "\(text)")
        }
    }

    /// A synonym with the objectID its settings gave it (serve's synonyms routes name it so).
    private static func named(_ synonym: Synonym, _ objectID: String) -> Synonym {
        var named = synonym
        named.objectID = objectID
        return named
    }
}
