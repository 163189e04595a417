import Foundation
import InstantSearchCore
import SearchEngine

/// `instantsearch-bench --dump FILE`: the engine's whole answer (hits, highlights, every facet
/// count, stats, page counts) to many queries over FILE, one JSON line per query, without the
/// processing time. Run by two builds, the outputs compared byte for byte show that a speed
/// change changed no answer: every keystroke of the typed queries, each alone and with facet
/// refinements (conjunctive and disjunctive), numeric ranges, filter strings and later pages.
enum OutputDump {
    static func run(path: String, dataset: BenchDataset) throws {
        let index = SearchIndex(name: dataset.name, records: try DataLoader.loadRecords(path: path), settings: dataset.settings)
        let probe = try index.search(Query(text: "", hitsPerPage: 0, facets: dataset.facets))
        let output = FileHandle.standardOutput
        for query in queries(dataset, facets: probe.facets) {
            var results = try index.search(query)
            results.processingTimeMS = 0
            let line = AlgoliaResponse.json(results).serialized() + "\n"
            output.write(Data(line.utf8))
        }
    }

    static func queries(_ dataset: BenchDataset, facets: [String: [FacetValueCount]]) -> [Query] {
        let texts = [""] + BenchDataset.keystrokes + ["mary ann", "xq", "jon", "chirstopher", "wars star", "the the"]
        // Per facet, its two most and its least frequent values: narrow and wide refinements.
        let refinements: [(String, Set<String>)] = dataset.facets.flatMap { facet -> [(String, Set<String>)] in
            let values = (facets[facet] ?? []).map(\.value)
            guard let first = values.first else { return [] }
            return [(facet, [first]), (facet, Set(values.prefix(2))), (facet, [values.last!])]
        }
        var result: [Query] = []
        for (n, text) in texts.enumerated() {
            result.append(Query(text: text, hitsPerPage: 20, facets: dataset.facets))
            // Every text gets a few of the variations, in turn, so all are met many times.
            let (facet, values) = refinements.isEmpty ? ("", []) : refinements[n % refinements.count]
            if !facet.isEmpty {
                var conjunctive = Query(text: text, hitsPerPage: 20, facets: dataset.facets)
                conjunctive.facetRefinements = [facet: values]
                result.append(conjunctive)
                var disjunctive = conjunctive
                disjunctive.disjunctiveFacets = [facet]
                result.append(disjunctive)
            }
            if let numeric = dataset.numeric.first {
                var ranged = Query(text: text, hitsPerPage: 20, facets: dataset.facets)
                ranged.numericRanges = [numeric: NumericRange(lower: n % 2 == 0 ? 1990 : 100, upper: n % 3 == 0 ? nil : 2000)]
                result.append(ranged)
            }
            if n % 4 == 0, let facet = dataset.facets.first, let value = facets[facet]?.first?.value {
                var filtered = Query(text: text, hitsPerPage: 20, facets: dataset.facets)
                filtered.filters = "NOT \(facet):\"\(value)\""
                result.append(filtered)
            }
            if n % 5 == 0 {
                result.append(Query(text: text, page: 3, hitsPerPage: 7, facets: dataset.facets))
            }
        }
        return result
    }
}
