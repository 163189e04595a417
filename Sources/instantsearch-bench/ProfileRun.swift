import Foundation
import InstantSearchCore
import SearchEngine

/// For instruction counts (`valgrind --tool=callgrind --toggle-collect='*ProfileRunO4type*'`),
/// which a shared machine's clock cannot give: `--make-index DATA OUT` writes an index file
/// once, `--profile OUT` opens it and types every keystroke once (or `BENCH_ONLY`'s text).
/// With `BENCH_ROUNDS=N` it types them N times more and prints each keystroke's median CPU
/// time, slowest first: where to look, without building the index again.
enum ProfileRun {
    static func makeIndex(data: String, output: String, dataset: BenchDataset) throws {
        let index = SearchIndex(name: dataset.name, records: try DataLoader.loadRecords(path: data), settings: dataset.settings)
        try index.write(to: output)
    }

    static func run(indexPath: String, dataset: BenchDataset) throws {
        let index = try SearchIndex.open(path: indexPath)
        let texts = ProcessInfo.processInfo.environment["BENCH_ONLY"].map { $0.split(separator: ">").map(String.init) } ?? BenchDataset.keystrokes
        // The first pass runs on an index just opened, as a session's first keys do.
        let started = ContinuousClock.now
        let hits = try type(texts, into: index, facets: dataset.facets)
        print("\(texts.count) searches, \(hits) hits, \(Report.format(milliseconds(since: started), 1)) ms just after the open")
        guard let rounds = ProcessInfo.processInfo.environment["BENCH_ROUNDS"].flatMap(Int.init), rounds > 0 else { return }
        var cpu = [String: [Double]]()
        var all: [Double] = []
        for _ in 0..<rounds {
            for text in texts {
                let start = cpuMilliseconds()
                _ = try index.search(Query(text: text, hitsPerPage: 20, facets: dataset.facets))
                let spent = cpuMilliseconds() - start
                cpu[text, default: []].append(spent)
                all.append(spent)
            }
        }
        all.sort()
        func at(_ p: Double) -> Double { all[min(all.count - 1, max(0, Int((p * Double(all.count)).rounded(.up)) - 1))] }
        print(
            "cpu ms per keystroke over \(rounds) rounds: p50 \(Report.format(at(0.5), 3)) p99 \(Report.format(at(0.99), 3)) "
                + "max \(Report.format(all.last ?? .nan, 3))")
        let medians = cpu.map { ($0.key, $0.value.sorted()[$0.value.count / 2]) }.sorted { $0.1 > $1.1 }
        for (text, median) in medians.prefix(15) { print("  \(text.debugDescription)\t\(Report.format(median, 3))") }
    }

    /// The searches alone, kept out of line so that a profiler can count just them.
    @inline(never)
    static func type(_ texts: [String], into index: SearchIndex, facets: [String]) throws -> Int {
        var hits = 0
        let verbose = ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil
        for text in texts {
            let started = ContinuousClock.now
            hits += try index.search(Query(text: text, hitsPerPage: 20, facets: facets)).nbHits
            if verbose { print("  \(text.debugDescription)\t\(Report.format(milliseconds(since: started), 2)) ms") }
        }
        return hits
    }
}
