import Foundation
import InstantSearchCore
import SearchEngine

/// For instruction counts (`valgrind --tool=callgrind --toggle-collect='*ProfileRunO4type*'`),
/// which a shared machine's clock cannot give: `--make-index DATA OUT` writes an index file
/// once, `--profile OUT` opens it and types every keystroke once (or `BENCH_ONLY`'s text).
enum ProfileRun {
    static func makeIndex(data: String, output: String, dataset: BenchDataset) throws {
        let index = SearchIndex(name: dataset.name, records: try DataLoader.loadRecords(path: data), settings: dataset.settings)
        try index.write(to: output)
    }

    static func run(indexPath: String, dataset: BenchDataset) throws {
        let index = try SearchIndex.open(path: indexPath)
        let texts = ProcessInfo.processInfo.environment["BENCH_ONLY"].map { [$0] } ?? BenchDataset.keystrokes
        print("\(texts.count) searches, \(try type(texts, into: index, facets: dataset.facets)) hits")
    }

    /// The searches alone, kept out of line so that a profiler can count just them.
    @inline(never)
    static func type(_ texts: [String], into index: SearchIndex, facets: [String]) throws -> Int {
        var hits = 0
        for text in texts {
            hits += try index.search(Query(text: text, hitsPerPage: 20, facets: facets)).nbHits
        }
        return hits
    }
}
