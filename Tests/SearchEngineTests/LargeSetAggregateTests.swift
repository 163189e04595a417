import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// Facet counts and stats over hit sets large enough to be split over the cores and to be
/// counted in advance (`KnownAggregates`), against counts taken by scanning the rows here.
@Suite struct LargeSetAggregateTests {
    struct Row {
        var name: String
        var sex: String
        var year: Int
        var n: Int
    }

    /// 160k rows, nine in ten named with an "a" word, so that "a", the empty query and the
    /// refined queries all have more records than `KnownAggregates.minimumRecords`.
    static let rows: [Row] = {
        var rng = SplitMix64(state: 7)
        let aNames = ["alba", "alma", "anna", "ada", "amy", "ava", "alex", "abe"]
        let others = ["bo", "bea", "cy", "dee", "eve"]
        return (0..<160_000).map { _ in
            let name = Int.random(in: 0..<10, using: &rng) < 9 ? aNames.randomElement(using: &rng)! : others.randomElement(using: &rng)!
            return Row(
                name: name, sex: Bool.random(using: &rng) ? "F" : "M", year: 1900 + Int.random(in: 0..<100, using: &rng),
                n: Int.random(in: 0..<1000, using: &rng))
        }
    }()

    static let index: SearchIndex = {
        let csv = "name,sex,year,n\n" + rows.map { "\($0.name),\($0.sex),\($0.year),\($0.n)" }.joined(separator: "\n")
        let records = try! DataLoader.loadRecords(bytes: Array(csv.utf8), name: "rows.csv", format: .csv)
        let settings = IndexSettings(
            searchableAttributes: ["name"], attributesForFaceting: ["sex", "year"], numericAttributesForFiltering: ["n", "year"],
            customRanking: [CustomRankingCriterion(attribute: "n", ascending: false)])
        return SearchIndex(name: "rows", records: records, settings: settings)
    }()

    /// Counts and stats by scanning every row: `matches` decides the text, `passes` the refinements.
    static func expected(
        _ matches: (Row) -> Bool, sex: Set<String>? = nil, years: ClosedRange<Int>? = nil
    ) -> (hits: Int, sex: [String: Int], year: [String: Int], n: FacetStats?) {
        var sexCounts: [String: Int] = [:]
        var yearCounts: [String: Int] = [:]
        var hits = 0
        var values: [Double] = []
        for row in rows where matches(row) {
            let sexPasses = sex.map { $0.contains(row.sex) } ?? true
            let yearPasses = years.map { $0.contains(row.year) } ?? true
            if sexPasses, yearPasses { hits += 1 }
            if yearPasses { sexCounts[row.sex, default: 0] += 1 }  // sex is disjunctive: its own refinement ignored
            if sexPasses, yearPasses { yearCounts[String(row.year), default: 0] += 1 }
            if sexPasses, yearPasses { values.append(Double(row.n)) }  // stats ignore only a range on n itself
        }
        let stats =
            values.isEmpty
            ? nil
            : FacetStats(
                min: values.min()!, max: values.max()!, avg: values.reduce(0, +) / Double(values.count), sum: values.reduce(0, +))
        return (hits, sexCounts, yearCounts, stats)
    }

    static func counts(_ results: SearchResults, _ attribute: String) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: (results.facets[attribute] ?? []).map { ($0.value, $0.count) })
    }

    @Test(arguments: ["", "a", "al", "ann", "b", "e"])
    func countsEveryRecordExactly(text: String) throws {
        var query = Query(text: text, hitsPerPage: 5, facets: ["sex", "year"], maxValuesPerFacet: 1000)
        let results = try Self.index.search(query)
        let want = Self.expected { text.isEmpty || $0.name.hasPrefix(text) }
        #expect(results.nbHits == want.hits)
        #expect(Self.counts(results, "sex") == want.sex)
        #expect(Self.counts(results, "year") == want.year)
        #expect(results.facetStats["n"]?.min == want.n?.min)
        #expect(results.facetStats["n"]?.max == want.n?.max)
        #expect(results.facetStats["n"]?.sum == want.n?.sum)

        // Refined, the same large set is counted on the keystroke, through the filters.
        query.facetRefinements = ["sex": ["F"]]
        query.disjunctiveFacets = ["sex"]
        query.numericRanges = ["year": NumericRange(lower: 1950, upper: 1979)]
        let refined = try Self.index.search(query)
        let wantRefined = Self.expected({ text.isEmpty || $0.name.hasPrefix(text) }, sex: ["F"], years: 1950...1979)
        #expect(refined.nbHits == wantRefined.hits)
        #expect(Self.counts(refined, "sex") == wantRefined.sex)
        #expect(Self.counts(refined, "year") == wantRefined.year)
        #expect(refined.facetStats["n"]?.sum == wantRefined.n?.sum)
    }

    @Test func theLargestSetsAreKnownAndOnlyThoseExactSets() throws {
        let all = (0..<Int32(Self.index.recordCount)).map { $0 }
        let entry = try #require(Self.index.knownAggregates.entry(for: all))
        let counted = try FacetAggregator.counts(Self.index.facetColumns["year"]!, records: all, status: [], ignoring: nil)
        #expect(entry.counts["year"] == counted)

        let aList = try #require(Self.index.prefixLists.list(for: Array("a".utf8)))
        #expect(aList.count >= KnownAggregates.minimumRecords)
        let aRecords = aList.pairs(keepOnly: nil).map { Int32(truncatingIfNeeded: $0 >> 32) }
        #expect(Self.index.knownAggregates.entry(for: aRecords) != nil)

        // The same size with one document swapped is another set: not known.
        var other = aRecords
        let inA = Set(aRecords)
        let outside = all.first { !inA.contains($0) }!
        other[other.count / 2] = outside
        other.sort()
        #expect(Self.index.knownAggregates.entry(for: other) == nil)
    }

    @Test func fingerprintsTellSetsOfOneSizeApart() {
        typealias Fingerprint = KnownAggregates.Fingerprint
        #expect(Fingerprint([1, 2, 3]) == Fingerprint([1, 2, 3]))
        #expect(Fingerprint([1, 2, 3]) != Fingerprint([1, 2, 4]))
        #expect(Fingerprint([0, 5]) != Fingerprint([1, 4]))
        #expect(Fingerprint([0, 1, 2]) != Fingerprint([0, 1]))
        // Every one-document change of a large set gives another fingerprint.
        let base = (0..<Int32(1000)).map { $0 * 3 }
        var seen: Set<Fingerprint> = [Fingerprint(base)]
        for i in base.indices {
            var other = base
            other[i] += 1
            seen.insert(Fingerprint(other))
        }
        #expect(seen.count == base.count + 1)
    }
}
