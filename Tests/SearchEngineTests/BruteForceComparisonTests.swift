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
    /// Short words (no typos), and longer ones a typo or two apart, to exercise typo tolerance.
    static let vocabulary = [
        "ab", "abc", "Abd", "b", "bca", "ca", "cab", "Éa", "ea", "zz", "abcd", "abdc", "bcad", "abcde", "acbde",
        "abcdefgh", "abdcefhg", "bacdefgh",
    ]
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
            let texts =
                record[attribute].map { value -> [String] in
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
        if Int.random(in: 0..<3, using: &rng) == 0 {
            query.filters = filterStrings.randomElement(using: &rng)!.text
        }
        if Bool.random(using: &rng) {
            let low = Int.random(in: 0...10, using: &rng)
            query.numericRanges["n"] = NumericRange(
                lower: Bool.random(using: &rng) ? Double(low) : nil, upper: Double(Int.random(in: low...10, using: &rng)))
        }
        return query
    }

    /// Filter strings and what each means, written as plain Swift over a record.
    static let filterStrings: [(text: String, test: @Sendable (JSONValue) -> Bool)] = [
        ("color:red", { $0["color"] == "red" }),
        ("NOT color:blue", { $0["color"] != "blue" }),
        ("n > 5", { ($0["n"]?.numberValue).map { $0 > 5 } ?? false }),
        ("n:2 TO 6", { ($0["n"]?.numberValue).map { $0 >= 2 && $0 <= 6 } ?? false }),
        ("tags:x OR tags:y", { tags($0).contains("x") || tags($0).contains("y") }),
        ("(color:red OR color:green) AND NOT tags:z", { ($0["color"] == "red" || $0["color"] == "green") && !tags($0).contains("z") }),
        ("tags:w AND n <= 3 OR color:Green", { (tags($0).contains("w") && ($0["n"]?.numberValue).map { $0 <= 3 } ?? false) || $0["color"] == "green" }),
    ]

    static func tags(_ record: JSONValue) -> [String] { record["tags"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// Optimal-string-alignment distance, written out plainly (the oracle's own, not the engine's).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// Typos of the best match of a query word among a record's words, nil when none is close enough.
    static func typos(_ word: String, asPrefix: Bool, in recordWords: [String], cap: Int = .max) -> Int? {
        let allowed = min(cap, word.count >= 8 ? 2 : word.count >= 4 ? 1 : 0)
        let w = Array(word)
        let best = recordWords.map { candidate -> Int in
            let c = Array(candidate)
            if !asPrefix { return distance(w, c) }
            return (0...c.count).map { distance(w, Array(c.prefix($0))) }.min()!
        }.min()
        return best.flatMap { $0 <= allowed ? $0 : nil }
    }

    static func queryWords(_ query: Query) -> [String] {
        query.text.lowercased().replacingOccurrences(of: "é", with: "e").split(separator: " ").map(String.init)
    }

    /// One way of reading the query: its words, whether each is a prefix, and at most how many
    /// typos each may have besides what its length allows (0: none).
    typealias Reading = [(word: String, asPrefix: Bool, typoCap: Int)]

    /// The query as typed, and each reading with two adjacent words joined into one (as a prefix
    /// when the second word is the typed last word): typo-free when some record holds it, else
    /// (not as a prefix) with the typos its length allows, fewer than either part's letters.
    /// (Split readings need a part of three letters that is a term on its own: this vocabulary
    /// has none, so the oracle leaves them out.)
    static func readings(_ words: [String], prefixLast: Bool, dictionary: Set<String>) -> [Reading] {
        let literal: Reading = words.enumerated().map { ($1, prefixLast && $0 == words.count - 1, .max) }
        var all = [literal]
        for i in words.indices.dropLast() {
            let joined = words[i] + words[i + 1]
            let asPrefix = literal[i + 1].asPrefix
            // Held as typed: typo-free; else, once its second word is complete, searched with the
            // typos its length allows (no digits in this vocabulary), which finds nothing when no
            // word is close enough.
            let held = asPrefix ? dictionary.contains(where: { $0.hasPrefix(joined) }) : dictionary.contains(joined)
            let cap = held ? 0 : min(words[i].count, words[i + 1].count) - 1
            guard held || (!asPrefix && cap > 0) else { continue }
            var reading = literal
            reading.replaceSubrange(i...i + 1, with: [(joined, asPrefix, cap)])
            all.append(reading)
        }
        return all
    }

    /// Which clauses a record fails, by name: "text", each refined facet, "n"; and its total typos.
    /// `wordCount` words of the query are used (the rest were dropped); only the typed last word is a prefix.
    static func failedClauses(
        _ record: JSONValue, _ query: Query, wordCount: Int, dictionary: Set<String>
    ) -> (failed: Set<String>, typos: Int) {
        var failed = Set<String>()
        let recordWords = words(record, attributes: ["text", "color"])
        let queryWords = Array(queryWords(query).prefix(wordCount))
        let typedCount = Self.queryWords(query).count
        let prefixLast = !(query.text.last?.isWhitespace ?? true) && wordCount == typedCount
        // The record's typos under its best reading; it matches if any reading matches.
        let typoCounts = readings(queryWords, prefixLast: prefixLast, dictionary: dictionary).compactMap { reading -> Int? in
            var total = 0
            for part in reading {
                if part.typoCap > 0, let t = typos(part.word, asPrefix: part.asPrefix, in: recordWords, cap: part.typoCap) {
                    total += t
                } else if part.typoCap == 0, recordWords.contains(where: { part.asPrefix ? $0.hasPrefix(part.word) : $0 == part.word }) {
                    continue
                } else {
                    return nil
                }
            }
            return total
        }
        let totalTypos = typoCounts.min() ?? 0
        if typoCounts.isEmpty { failed.insert("text") }
        for (attribute, refined) in query.facetRefinements where !refined.isEmpty {
            let values = Set(FacetColumn.facetValues(record[attribute]))
            let passes = query.disjunctiveFacets.contains(attribute) ? !refined.isDisjoint(with: values) : refined.isSubset(of: values)
            if !passes { failed.insert(attribute) }
        }
        if let range = query.numericRanges["n"] {
            if !(record["n"]?.numberValue.map(range.contains) ?? false) { failed.insert("n") }
        }
        if let filter = query.filters, let entry = filterStrings.first(where: { $0.text == filter }), !entry.test(record) {
            failed.insert("filters")
        }
        return (failed, totalTypos)
    }

    /// Every word, then fewer from the end while nothing passes every clause; when no count
    /// of words finds anything, the answer is the query as typed.
    static func oracle(_ records: [JSONValue], _ query: Query) -> [(failed: Set<String>, typos: Int)] {
        let typed = queryWords(query).count
        let dictionary = Set(records.flatMap { words($0, attributes: ["text", "color"]) })
        let asTyped = records.map { failedClauses($0, query, wordCount: typed, dictionary: dictionary) }
        var wordCount = typed
        var evaluated = asTyped
        while true {
            if evaluated.contains(where: { $0.failed.isEmpty }) { return evaluated }
            if wordCount <= 1 { return asTyped }
            wordCount -= 1
            evaluated = records.map { failedClauses($0, query, wordCount: wordCount, dictionary: dictionary) }
        }
    }

    @Test(arguments: 0..<40)
    func engineAgreesWithBruteForce(seed: UInt64) throws {
        var rng = SplitMix64(state: seed)
        let records = (0..<Int.random(in: 0...40, using: &rng)).map { Self.randomRecord($0, &rng) }
        var settings = IndexSettings(
            searchableAttributes: ["text", "color"], attributesForFaceting: ["color", "tags"],
            numericAttributesForFiltering: ["n"], customRanking: [CustomRankingCriterion(attribute: "n", ascending: false)])
        // The oracle matches words at their starts; matching inside words (`infix`) has InfixTests.
        settings.relevance.infix = InfixSetting(mode: .off)
        let index = SearchIndex(name: "random", records: records, settings: settings)

        for _ in 0..<25 {
            let query = Self.randomQuery(&rng)
            let results = try index.search(query)
            let evaluated = Self.oracle(records, query)
            let failures = evaluated.map(\.failed)
            let expected = Set(records.indices.filter { failures[$0].isEmpty }.map { "r\($0)" })
            let context =
                "seed \(seed), query \(query.text.debugDescription) \(query.filters ?? "") \(query.facetRefinements) \(query.disjunctiveFacets) \(query.numericRanges)"
            #expect(Set(results.hits.map(\.objectID)) == expected, "\(context)")
            #expect(results.nbHits == expected.count, "\(context)")
            // Typos are the first criterion: the hits' typo counts never go down.
            let typoCounts = results.hits.compactMap { hit in Int(hit.objectID.dropFirst()).map { evaluated[$0].typos } }
            #expect(typoCounts == typoCounts.sorted(), "typo order, \(context)")

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
