import InstantSearchCore
import Testing

@testable import SearchEngine

/// A small, seedable generator so a failing case can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The engine against the obvious, slow answer: scan every record for every query.
@Suite struct BruteForceComparisonTests {
    static let vocabulary = ["ab", "abc", "Abd", "b", "bca", "ca", "cab", "Éa", "ea", "zz"]
    static let colors = ["red", "blue", "green"]
    static let tags = ["x", "y", "z", "w"]

    static func randomRecord(_ i: Int, _ rng: inout SplitMix64) -> JSONValue {
        var fields: [(String, JSONValue)] = [("objectID", .string("r\(i)"))]
        let words = (0..<Int.random(in: 0...4, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)! }
        if !words.isEmpty { fields.append(("text", .string(words.joined(separator: Bool.random(using: &rng) ? " " : ", ")))) }
        if Int.random(in: 0..<5, using: &rng) > 0 { fields.append(("color", .string(colors.randomElement(using: &rng)!))) }
        let recordTags = tags.filter { _ in Bool.random(using: &rng) }
        fields.append(("tags", .array(recordTags.map { .string($0) })))
        if Int.random(in: 0..<4, using: &rng) > 0 { fields.append(("n", .number(Double(Int.random(in: 0...10, using: &rng))))) }
        return .object(.init(fields, uniquingKeysWith: { a, _ in a }))
    }

    /// Folding for the fixed vocabulary above, written independently of the engine's tokenizer.
    static func words(_ record: JSONValue, attributes: [String]) -> [String] {
        attributes.flatMap { attribute -> [String] in
            let texts = record[attribute].map { value -> [String] in
                if case .array(let items) = value { return items.compactMap(\.stringValue) }
                return value.stringValue.map { [$0] } ?? []
            } ?? []
            return texts.flatMap { $0.lowercased().replacingOccurrences(of: "é", with: "e").split { $0 == " " || $0 == "," }.map(String.init) }
        }
    }

    struct Case {
        var query: Query
        var numericRange: NumericRange?
    }

    static func randomQuery(_ rng: inout SplitMix64) -> Query {
        var query = Query(hitsPerPage: 1000, facets: ["color", "tags"], maxValuesPerFacet: 1000)
        let wordCount = Int.random(in: 0...3, using: &rng)
        var text = (0..<wordCount).map { _ -> String in
            let word = vocabulary.randomElement(using: &rng)!
            return Bool.random(using: &rng) ? String(word.prefix(Int.random(in: 1...word.count, using: &rng))) : word
        }.joined(separator: " ")
        if Bool.random(using: &rng) { text += " " }
        query.text = text
        for (attribute, values) in [("color", colors + ["purple"]), ("tags", tags)] where Bool.random(using: &rng) {
            query.facetRefinements[attribute] = Set(values.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 })
            if Bool.random(using: &rng) { query.disjunctiveFacets.insert(attribute) }
        }
        if Bool.random(using: &rng) {
            let low = Int.random(in: 0...10, using: &rng)
            query.numericRanges["n"] = NumericRange(
                lower: Bool.random(using: &rng) ? Double(low) : nil, upper: Double(Int.random(in: low...10, using: &rng)))
        }
        return query
    }

    /// Which clauses a record passes, by name: "text", each refined facet, "n".
    static func failedClauses(_ record: JSONValue, _ query: Query) -> Set<String> {
        var failed = Set<String>()
        let recordWords = words(record, attributes: ["text", "color"])
        let queryWords = query.text.lowercased().replacingOccurrences(of: "é", with: "e").split(separator: " ").map(String.init)
        let prefixLast = !(query.text.last?.isWhitespace ?? true)
        for (i, word) in queryWords.enumerated() {
            let asPrefix = prefixLast && i == queryWords.count - 1
            if !recordWords.contains(where: { asPrefix ? $0.hasPrefix(word) : $0 == word }) { failed.insert("text") }
        }
        for (attribute, refined) in query.facetRefinements where !refined.isEmpty {
            let values = Set(FacetColumn.facetValues(record[attribute]))
            let passes = query.disjunctiveFacets.contains(attribute) ? !refined.isDisjoint(with: values) : refined.isSubset(of: values)
            if !passes { failed.insert(attribute) }
        }
        if let range = query.numericRanges["n"] {
            if !(record["n"]?.numberValue.map(range.contains) ?? false) { failed.insert("n") }
        }
        return failed
    }

    @Test(arguments: 0..<40)
    func engineAgreesWithBruteForce(seed: UInt64) throws {
        var rng = SplitMix64(state: seed)
        let records = (0..<Int.random(in: 0...40, using: &rng)).map { Self.randomRecord($0, &rng) }
        let settings = IndexSettings(
            searchableAttributes: ["text", "color"], attributesForFaceting: ["color", "tags"],
            numericAttributesForFiltering: ["n"], customRanking: [CustomRankingCriterion(attribute: "n", ascending: false)])
        let index = SearchIndex(name: "random", records: records, settings: settings)

        for _ in 0..<25 {
            let query = Self.randomQuery(&rng)
            let results = try index.search(query)
            let failures = records.map { Self.failedClauses($0, query) }
            let expected = Set(records.indices.filter { failures[$0].isEmpty }.map { "r\($0)" })
            let context = "seed \(seed), query \(query.text.debugDescription) \(query.facetRefinements) \(query.disjunctiveFacets) \(query.numericRanges)"
            #expect(Set(results.hits.map(\.objectID)) == expected, "\(context)")
            #expect(results.nbHits == expected.count, "\(context)")

            for attribute in ["color", "tags"] {
                let ignored: Set<String> = query.disjunctiveFacets.contains(attribute) ? [attribute] : []
                var counts: [String: Int] = [:]
                for (i, record) in records.enumerated() where failures[i].subtracting(ignored).isEmpty {
                    for value in Set(FacetColumn.facetValues(record[attribute])) { counts[value, default: 0] += 1 }
                }
                for value in query.facetRefinements[attribute] ?? [] where counts[value] == nil { counts[value] = 0 }
                let actual = Dictionary(uniqueKeysWithValues: (results.facets[attribute] ?? []).map { ($0.value, $0.count) })
                #expect(actual == counts, "\(attribute) counts, \(context)")
            }

            let statValues = records.indices.filter { failures[$0].subtracting(["n"]).isEmpty }.compactMap { records[$0]["n"]?.numberValue }
            #expect(results.facetStats["n"]?.sum == (statValues.isEmpty ? nil : statValues.reduce(0, +)), "\(context)")
            #expect(results.facetStats["n"]?.min == statValues.min(), "\(context)")

            // Pages cut from the same ranking: reading page by page gives the full list.
            var paged: [String] = []
            var pageQuery = query
            pageQuery.hitsPerPage = 3
            for page in 0..<((expected.count + 2) / 3) {
                pageQuery.page = page
                paged += try index.search(pageQuery).hits.map(\.objectID)
            }
            #expect(paged == results.hits.map(\.objectID), "\(context)")
        }
    }
}
