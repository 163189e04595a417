import InstantSearchCore
import Testing

@testable import IndexLoading

/// `--display`, `--facets`, `--sort`… parsed once for the interactive search and `query`.
@Suite struct SettingsOverridesTests {
    private func overrides(_ options: [(SettingsOverrides.Option, String)]) throws -> SettingsOverrides {
        var overrides = SettingsOverrides()
        for (option, value) in options { try overrides.add(option, value) }
        return overrides
    }

    @Test func optionsLayOverTheSettingsFileForEveryIndexOrOne() throws {
        let given = try overrides([
            (.display, "name,count"), (.facets, "movies:genres,year"), (.sort, "count:desc"), (.numeric, "movies:"),
        ])
        let file = IndexSettings(attributesForFaceting: ["sex"], disjunctiveFacets: ["sex", "genres"], displayAttributes: ["title"])
        let babynames = given.settings(file, forIndex: "babynames")
        #expect(babynames.displayAttributes == ["name", "count"])
        #expect(babynames.attributesForFaceting == ["sex"], "the movies: prefix leaves other indices alone")
        #expect(babynames.customRanking == [CustomRankingCriterion(attribute: "count", ascending: false)])
        let movies = given.settings(file, forIndex: "movies")
        #expect(movies.attributesForFaceting == ["genres", "year"])
        #expect(movies.disjunctiveFacets == ["genres"], "disjunctive facets stay only while they are facets")
        #expect(movies.numericAttributesForFiltering == [], "NAME: with nothing after it: none")
        #expect(given.settings(IndexSettings(), forIndex: "x").searchableAttributes == nil, "not given: still inferred")
    }

    @Test func sortOnTheCommandLineIsAlsoASortF7Offers() throws {
        let given = try overrides([(.sort, "count:desc,year:asc")])
        var file = IndexSettings()
        file.widgets.sorts = [SortOption(name: "Most popular", criterion: SortCriterion(attribute: "count", ascending: false))]
        let sorts = given.settings(file, forIndex: "babynames").widgets.sorts
        #expect(sorts.map(\.name) == ["Most popular", "year:asc"], "a sort the file names already keeps its name")
    }

    @Test func anIndexsOwnOptionBeatsEveryIndexsAndALaterOneAnEarlier() throws {
        let given = try overrides([(.sort, "movies:year:asc"), (.sort, "count:desc"), (.hitsLayout, "two"), (.hitsLayout, "movies:one")])
        #expect(given.scope(forIndex: "movies").sort == [CustomRankingCriterion(attribute: "year", ascending: true)])
        #expect(given.scope(forIndex: "movies").hitsLayout == .one)
        #expect(given.scope(forIndex: "other").hitsLayout == .two)
        let described = given.description(IndexDescription(name: "movies", displayAttributes: ["title"]))
        #expect(described.hitsLayout == .one && described.displayAttributes == ["title"])
    }

    @Test func mistakesNameTheOption() {
        func message(_ option: SettingsOverrides.Option, _ value: String) -> String? {
            do {
                _ = try overrides([(option, value)])
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(message(.sort, "count:down") == #"--sort: "count:down" must be ATTRIBUTE:asc or ATTRIBUTE:desc (e.g. count:desc)"#)
        #expect(message(.sort, "count") == #"--sort: "count" must be ATTRIBUTE:asc or ATTRIBUTE:desc (e.g. count:desc)"#)
        #expect(message(.hitsLayout, "three") == #"--hits-layout: "three" must be one or two"#)
        #expect(message(.queryType, "prefixFirst") == #"--query-type: "prefixFirst" must be prefixLast, prefixAll or prefixNone"#)
        #expect(message(.display, "a,,b") == #"--display: an empty attribute name in "a,,b""#)
        #expect(message(.facets, ":a") == #"--facets: the index name before ":" is empty in ":a""#)
    }

    @Test func aPrefixNamingNoIndexIsRefusedWithTheNearestName() throws {
        let given = try overrides([(.facets, "moveis:genres")])
        #expect(
            throws: SettingsOptionError(
                message: #"--facets: no index is named "moveis" (given before ":"); the indices: movies, actors; did you mean "movies"?"#)
        ) {
            try given.checkIndexNames(["movies", "actors"])
        }
    }

    @Test func namedAttributesCarryTheirOption() throws {
        let given = try overrides([(.display, "nmae"), (.sort, "cuont:desc")])
        #expect(given.namedAttributes(forIndex: "x") == [NamedAttribute("nmae", source: "--display"), NamedAttribute("cuont", source: "--sort")])
        #expect(given.cacheKey(forIndex: "x") != SettingsOverrides().cacheKey(forIndex: "x"))
    }

    @Test func queryTypeSetsTheRelevanceSettingForEveryIndexOrOneAndKeysTheCache() throws {
        let given = try overrides([(.queryType, "prefixAll"), (.queryType, "history:prefixNone")])
        #expect(given.settings(IndexSettings(), forIndex: "files").relevance.queryType == .prefixAll)
        #expect(given.settings(IndexSettings(), forIndex: "history").relevance.queryType == .prefixNone)
        #expect(SettingsOverrides().settings(IndexSettings(), forIndex: "files").relevance.queryType == .prefixLast)
        // An index built for one query type is cached apart from one built for another.
        let keys = try ["prefixAll", "prefixNone", "prefixLast"].map { try overrides([(.queryType, $0)]).cacheKey(forIndex: "x") }
        #expect(Set(keys + [SettingsOverrides().cacheKey(forIndex: "x")]).count == 4)
    }
}
