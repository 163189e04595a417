import InstantSearchCore
import Testing

@testable import SearchEngine

/// The relevance table: query → the expected top hits, in order, and the rule that decides it.
@Suite struct RelevanceTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var query: String
        var expected: [String]
        var why: String
        var testDescription: String { "\(query.debugDescription) → \(expected): \(why)" }
    }

    static let table: [Row] = [
        Row(query: "godfather", expected: ["1", "2"], why: "whole word; popularity breaks the tie"),
        Row(query: "godf", expected: ["1", "2"], why: "prefix on the last word"),
        Row(query: "godfahter", expected: ["1", "2"], why: "swapped letters are one typo (Damerau)"),
        Row(query: "gdfather", expected: ["1", "2"], why: "a missing letter is one typo"),
        Row(query: "cristopher", expected: ["8", "16"], why: "one typo beats two"),
        Row(query: "christopher", expected: ["8", "16"], why: "exact before one typo"),
        Row(query: "mray", expected: ["10"], why: "transposition from 4 letters; 'marty' is two typos away"),
        Row(query: "marty", expected: ["11", "10"], why: "typos outrank popularity"),
        Row(query: "jon", expected: [], why: "no typos under 4 letters"),
        Row(query: "jhon wayne", expected: ["9", "14"], why: "typo in a first word; popularity"),
        Row(query: "star wars", expected: ["3", "5"], why: "proximity outranks popularity"),
        Row(query: "wars star", expected: ["3", "5"], why: "both words anywhere; order only costs proximity"),
        Row(query: "star", expected: ["5", "3", "4", "6", "9"], why: "exact words, the prefix 'starship', then 'searchers' (one typo)"),
        Row(query: "john", expected: ["15", "9", "14"], why: "title outranks cast"),
        Row(query: "AMÉLIE", expected: ["7"], why: "case and diacritics folded"),
        Row(query: "amelie", expected: ["7"], why: "diacritics folded in the index"),
        Row(query: "zoe", expected: ["12"], why: "ë folds to e"),
        Row(query: "leon ", expected: ["13"], why: "whole word"),
        Row(query: "2001", expected: ["17"], why: "numbers are tokens"),
        Row(query: "space 2001 odyssey", expected: ["17"], why: "several words, any order"),
        Row(query: "al pacino", expected: ["2", "1"], why: "cast position: first-billed beats second, before popularity"),
        Row(query: "godfather zzzzz", expected: ["1", "2"], why: "no result for every word: the last is dropped"),
    ]

    @Test(arguments: table)
    func topHits(_ row: Row) throws {
        let results = try RelevanceFixture.index.search(Query(text: row.query, hitsPerPage: row.expected.count + 5))
        let got = results.hits.map(\.objectID)
        #expect(Array(got.prefix(row.expected.count)) == row.expected, "\(row.why); got \(got)")
        // Exactly the expected films: the table lists every match.
        #expect(got == row.expected, "\(row.why); got \(got)")
    }

    @Test func droppedWordsAreReported() throws {
        let results = try RelevanceFixture.index.search(Query(text: "godfather zzzzz"))
        #expect(results.queryAfterRemoval == "godfather <em>zzzzz</em>")
        #expect(try RelevanceFixture.index.search(Query(text: "godfather")).queryAfterRemoval == nil)
        var settings = RelevanceFixture.settings
        settings.relevance.removeWordsIfNoResults = false
        let strict = SearchIndex(name: "f", records: RelevanceFixture.films, settings: settings)
        #expect(try strict.search(Query(text: "godfather zzzzz")).nbHits == 0)
    }

    @Test func typoToleranceIsConfigurable() throws {
        var settings = RelevanceFixture.settings
        settings.relevance.disableTypoToleranceOnAttributes = ["cast"]
        let noCastTypos = SearchIndex(name: "f", records: RelevanceFixture.films, settings: settings)
        #expect(try noCastTypos.search(Query(text: "jhon ")).hits.map(\.objectID) == ["15"])  // "John" in a title only
        settings.relevance.typoTolerance = false
        let none = SearchIndex(name: "f", records: RelevanceFixture.films, settings: settings)
        #expect(try none.search(Query(text: "godfahter")).nbHits == 0)
        settings = RelevanceFixture.settings
        settings.relevance.minWordSizefor1Typo = 3
        let looser = SearchIndex(name: "f", records: RelevanceFixture.films, settings: settings)
        #expect(try looser.search(Query(text: "jon ")).hits.map(\.objectID) == ["15", "9", "14"])
    }

    @Test func rankingOrderComesFromSettings() throws {
        var settings = RelevanceFixture.settings
        settings.relevance.ranking = [.custom]
        let byPopularity = SearchIndex(name: "f", records: RelevanceFixture.films, settings: settings)
        #expect(try byPopularity.search(Query(text: "marty")).hits.map(\.objectID) == ["10", "11"])
        let parsed = try IndexSettings.parse(text: #"{"ranking": ["custom", "typo"], "minWordSizefor1Typo": 5}"#)
        #expect(parsed.relevance.ranking == [.custom, .typo])
        #expect(parsed.relevance.minWordSizefor1Typo == 5)
    }

    @Test func typoMatchesAreHighlighted() throws {
        let hit = try #require(try RelevanceFixture.index.search(Query(text: "godfahter")).hits.first)
        #expect(hit.highlights["title"]?.values.first?.tagged() == "The <em>Godfather</em>")
        #expect(hit.highlights["title"]?.matchLevel == .full)
    }

    @Test func searchForFacetValuesToleratesTypos() throws {
        let sci = try Fixture.index.searchForFacetValues(attribute: "genres", text: "sience", query: Query())
        #expect(sci.facetHits == [FacetValueCount(value: "Science Fiction", count: 2)])
        let prefix = try Fixture.index.searchForFacetValues(attribute: "genres", text: "wes", query: Query())
        #expect(prefix.facetHits.map(\.value) == ["Western"])
        // Exact before typos: "drama" itself, then nothing else within one typo.
        let drama = try Fixture.index.searchForFacetValues(attribute: "genres", text: "drama", query: Query())
        #expect(drama.facetHits.map(\.value) == ["Drama"])
    }

    @Test func typoMatcherAgreesWithDirectDistance() {
        // Every term of the fixture against a few words: the trie walk equals the plain DP.
        let dictionary = RelevanceFixture.index.dictionary
        for word in ["mary", "godfahter", "chris", "stra", "wayen", "pacin", "jhon"] {
            for prefix in [false, true] {
                for k in 1...2 {
                    let walked = Dictionary(
                        uniqueKeysWithValues: TypoMatcher.matches(
                            word: Array(word.utf8), prefix: prefix, maxTypos: k, in: dictionary
                        ).map { (Int($0.term), Int($0.typos)) })
                    var direct: [Int: Int] = [:]
                    for t in 0..<dictionary.termCount {
                        if let d = TypoMatcher.distance(Array(word.utf8), Array(dictionary.terms[t].utf8), prefix: prefix, limit: k) {
                            direct[t] = d
                        }
                    }
                    #expect(walked == direct, "\(word) prefix \(prefix) k \(k)")
                }
            }
        }
    }

    @Test func aWordWalkedAmongItsShorterPrefixsMatchesFindsWhatAWholeWalkFinds() {
        // Each keystroke walks only the terms the word less its last character matched: the
        // same terms and typos as a walk of the whole dictionary, at every length and typo
        // count, for words with typos, swapped letters and a letter outside ASCII.
        let dictionary = RelevanceFixture.index.dictionary
        let words = ["godfahter", "christopher", "wayen", "jhon", "pacin", "tarnitno", "étoile", "sttar", "hraryp"]
        for word in words {
            let bytes = Array(word.utf8)
            for k in 1...2 {
                var shorter: [TermMatch]?
                for length in 1...bytes.count where length == bytes.count || bytes[length] & 0xC0 != 0x80 {
                    let prefix = Array(bytes[..<length])
                    let whole = TypoMatcher.matches(word: prefix, prefix: true, maxTypos: k, in: dictionary)
                    if let shorter {
                        let among = TypoMatcher.matches(word: prefix, prefix: true, maxTypos: k, in: dictionary, among: shorter)
                        #expect(among.map(\.term) == whole.map(\.term), "\(word) at \(length) bytes, k \(k)")
                        #expect(among.map(\.typos) == whole.map(\.typos), "\(word) at \(length) bytes, k \(k)")
                        #expect(among.map(\.exact) == whole.map(\.exact), "\(word) at \(length) bytes, k \(k)")
                    }
                    shorter = whole
                }
            }
        }
        // A dictionary of thousands of short words over four letters (one outside ASCII), so
        // that terms share long prefixes and candidates skip runs of the dictionary between them.
        var random = SplitMix64(state: 29)
        let letters = ["a", "b", "c", "é"]
        let generated = Set(
            (0..<4_000).map { _ in
                (0..<Int.random(in: 1...9, using: &random)).map { _ in letters.randomElement(using: &random)! }.joined()
            })
        let terms = generated.sorted(by: TermDictionary.precedes)
        let synthetic = TermDictionary(terms: terms, offsets: [Int](repeating: 0, count: terms.count + 1), postings: [])
        for _ in 0..<60 {
            let word = (0..<Int.random(in: 3...8, using: &random)).map { _ in letters.randomElement(using: &random)! }
            let k = Int.random(in: 1...2, using: &random)
            for length in 2...word.count {
                let shorter = Array(word.prefix(length - 1).joined().utf8)
                let prefix = Array(word.prefix(length).joined().utf8)
                let among = TypoMatcher.matches(
                    word: prefix, prefix: true, maxTypos: k, in: synthetic,
                    among: TypoMatcher.matches(word: shorter, prefix: true, maxTypos: k, in: synthetic))
                let whole = TypoMatcher.matches(word: prefix, prefix: true, maxTypos: k, in: synthetic)
                #expect(among.map(\.term) == whole.map(\.term), "\(word.joined()) at \(length), k \(k)")
                #expect(among.map(\.typos) == whole.map(\.typos), "\(word.joined()) at \(length), k \(k)")
            }
        }
        // Through the index's cache, keystroke by keystroke, as a search asks for them.
        let cache = TermMatchCache()
        for length in 1...8 {
            let prefix = Array("godfahte".utf8.prefix(length))
            let cached = cache.typoTerms(prefix, prefix: true, maxTypos: 2, in: dictionary)
            let whole = TypoMatcher.matches(word: prefix, prefix: true, maxTypos: 2, in: dictionary)
            #expect(cached.map(\.term) == whole.map(\.term) && cached.map(\.typos) == whole.map(\.typos))
        }
        #expect(!cache.typoTerms(Array("godfahte".utf8), prefix: true, maxTypos: 2, in: dictionary).isEmpty)
    }
}
