import Testing

@testable import InstantSearchCore
@testable import SearchEngine

/// Inference on data shaped like what people open: imdb's table (flags, a rating
/// distribution over ten columns, a sparse budget) and a package registry's list (a month, a
/// rank that most rows lack, a long summary).
@Suite struct InferenceOnRealShapesTests {
    /// imdb.csv's columns, on 400 made-up films: `r1`…`r10` share a film's votes between ten
    /// rating steps, `budget` is known for one film in ten, the genres are 0/1.
    static var imdbLike: [JSONValue] {
        (0..<400).map { i in
            var fields: [(String, JSONValue)] = [
                ("title", .string("Film \(i)")), ("year", .number(Double(1920 + i % 90))),
                ("length", .number(Double(70 + i % 80))),
            ]
            if i % 10 == 0 { fields.append(("budget", .number(Double(100_000 * (1 + i % 37))))) }
            fields += [("rating", .number(Double(10 + i % 90) / 10)), ("votes", .number(Double(5 + i * 13 % 5000)))]
            for step in 1...10 { fields.append(("r\(step)", .number([4.5, 14.5, 24.5, 0, 44.5][(i + step) % 5]))) }
            fields.append(("mpaa", .string(["", "R", "PG", "PG-13"][i % 4])))
            for genre in ["Action", "Comedy", "Drama"] { fields.append((genre, .number(Double((i + genre.count) % 2)))) }
            return .object(.init(uniqueKeysWithValues: fields))
        }
    }

    @Test func imdbGetsAHandfulOfSlidersNotTheRatingDistribution() {
        let resolved = IndexSettings().resolved(for: Self.imdbLike)
        #expect(resolved.widgets.sliders == ["year", "length", "rating", "votes", "budget"], "the fullest first, budget last")
        #expect(resolved.numericAttributesForFiltering.contains("r1"), "r1…r10 can still be filtered and sorted by")
        #expect(resolved.widgets.toggles == ["Action", "Comedy", "Drama"])
        #expect(resolved.attributesForFaceting == ["mpaa"])
        let description = SearchIndex(name: "imdb", records: Self.imdbLike).indexDescription
        #expect(description.numericAttributes == ["year", "length", "rating", "votes", "budget"])
        #expect(!description.displayAttributes.contains("r1"))
    }

    @Test func atMostFiveSlidersAndNoneForAConstantOrACopy() {
        let records: [JSONValue] = (0..<50).map { i in
            var fields: [(String, JSONValue)] = [("name", .string("item \(i)"))]
            for (k, column) in ["a", "b", "c", "d", "e", "f", "g"].enumerated() { fields.append((column, .number(Double(i * (k + 1) + i % 7)))) }
            fields += [("constant", .number(3)), ("a_copy", .number(Double(i + i % 7)))]
            return .object(.init(uniqueKeysWithValues: fields))
        }
        let sliders = IndexSettings().resolved(for: records).widgets.sliders ?? []
        #expect(sliders == ["a", "b", "c", "d", "e"])
        #expect(
            SliderChoice.choose(
                among: ["constant", "a", "a_copy"].map { name in
                    var profile = AttributeProfile()
                    for (i, record) in records.enumerated() { profile.record(record[name]!, at: i) }
                    return (name: name, profile: profile)
                }, sampled: records.count) == ["a"], "a constant has no spread; a copy of a chosen column is left out")
    }

    @Test func numbersANamedOrAFileGivesAreAllSliders() {
        let records = Self.imdbLike
        let named = IndexSettings(numericAttributesForFiltering: ["r1", "r2", "year"]).resolved(for: records)
        #expect(named.widgets.sliders == nil)
        #expect(
            SearchIndex(name: "imdb", records: records, settings: IndexSettings(numericAttributesForFiltering: ["r1", "r2", "year"]))
                .indexDescription.numericAttributes == ["r1", "r2", "year"])
        var declared = IndexSettings()
        declared.widgets.sliders = ["votes", "mpaa"]
        #expect(
            SearchIndex(name: "imdb", records: records, settings: declared).indexDescription.numericAttributes == ["votes"],
            "a declared slider that is not a number is none")
    }

    /// The PyPI list's columns (name, version, month, rank among the most downloaded, summary),
    /// sorted by name as the registry publishes it: months over twenty years, a rank for few.
    static var pypiLike: [JSONValue] {
        (0..<10_000).map { i in
            var fields: [(String, JSONValue)] = [
                ("name", .string("package-\(i)")), ("version", .string("\(i % 3).\(i % 41).\(i % 17)")),
                ("month", .string("\(2005 + (i / 12) % 21)-\(i % 12 < 9 ? "0" : "")\(1 + i % 12)")),
            ]
            if i % 50 == 0 { fields.append(("rank_among_15000_most_downloaded", .number(Double(1 + i / 50)))) }
            fields.append(("summary", .string("A library for thing number \(i)")))
            fields.append(("homepage", .string("")))
            return .object(.init(uniqueKeysWithValues: fields))
        }
    }

    @Test func aMonthOfAPackageListIsAFacetAndAnEmptyColumnIsNone() {
        let resolved = IndexSettings().resolved(for: Self.pypiLike)
        #expect(resolved.attributesForFaceting == ["month"], "252 months, each shared by about forty packages")
        #expect(!resolved.attributesForFaceting.contains("version"), "2,091 versions: too many for a list")
        #expect(!resolved.attributesForFaceting.contains("homepage"), "every value empty: no facet of one empty value")
        #expect(!resolved.searchableAttributes.contains("homepage"))
        #expect(resolved.widgets.sliders == ["rank_among_15000_most_downloaded"])
        #expect(resolved.displayAttributes.contains("rank_among_15000_most_downloaded"))
    }

    @Test func aFacetOfFewValuesStillNeedsThemShared() {
        // 300 distinct values among 1,000 records: more than 200, each shared by three: no list.
        let records: [JSONValue] = (0..<1000).map { .object(["code": .string("c\($0 % 300)"), "title": .string("t \($0)")]) }
        #expect(IndexSettings().resolved(for: records).attributesForFaceting.isEmpty)
    }
}
