import Foundation
import InstantSearchCore
import SearchEngine

/// Our engine: load, build, then replay the keystrokes — top 20 ranked and highlighted,
/// counts of every facet, facet stats — exactly what the TUI asks for on each key.
enum EngineSide {
    static func run(_ dataset: BenchDataset, path: String, rounds: Int) throws -> Measurement {
        var started = ContinuousClock.now
        // As `SearchIndex(path:)` loads a file: a CSV kept column by column, no row held parsed.
        let records = try DataLoader.loadRecords(path: path)
        let parseMS = milliseconds(since: started)
        started = ContinuousClock.now
        let buildCPU = cpuMilliseconds()
        let index = SearchIndex(name: dataset.name, records: records, settings: dataset.settings)
        let buildMS = milliseconds(since: started)
        let buildCPUMS = cpuMilliseconds() - buildCPU

        // BENCH_VERBOSE=1 lists each keystroke's wall and CPU time and hit count on standard error,
        // after the peak memory of loading and building.
        let verbose = ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil
        if verbose { FileHandle.standardError.write(Data("peak after the build: \(Report.format(peakMemoryMB(), 1)) MB\n".utf8)) }
        var samples: [Double] = []
        var cpuSamples: [Double] = []
        var totalHits = 0
        // BENCH_ONLY="text" replays that one keystroke instead (for profiling).
        let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
        let keystrokes = only.map { Array(repeating: $0, count: 200) } ?? BenchDataset.keystrokes
        // BENCH_SORT="count:desc" orders every keystroke's whole result set by that attribute (F7).
        let sort = try ProcessInfo.processInfo.environment["BENCH_SORT"].map { try SortCriterion.parse($0) }
        // BENCH_GAP_MS=400 waits that long before each keystroke, as a person types and as the
        // keys bench does: the engine then starts each search with cold caches (about twice as
        // long on babynames).
        let gap = ProcessInfo.processInfo.environment["BENCH_GAP_MS"].flatMap { UInt32($0) }.map { $0 * 1000 }
        for round in 0...rounds {  // round 0 warms caches and is not counted
            for text in keystrokes {
                if let gap { usleep(gap) }
                var query = Query(text: text, hitsPerPage: 20, facets: dataset.facets)
                query.sortBy = sort
                let start = ContinuousClock.now
                let cpu = cpuMilliseconds()
                let results = try index.search(query)
                let elapsed = milliseconds(since: start)
                if round > 0 { samples.append(elapsed); cpuSamples.append(cpuMilliseconds() - cpu) }
                if round == 1 { totalHits += results.nbHits }
                if round == 1, verbose {
                    let line = "\(text.debugDescription)\t\(Report.format(elapsed, 3))\t\(Report.format(cpuSamples.last!, 3))\t\(results.nbHits)\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
            }
        }
        // Peak memory of building and searching, before the index file's write and open add theirs.
        let peakMB = peakMemoryMB()
        // The persisted index: written aside, then opened the way `query` and the TUI open it.
        let indexPath = NSTemporaryDirectory() + "instantsearch-bench-\(getpid()).isidx"
        defer { try? FileManager.default.removeItem(atPath: indexPath) }
        try index.write(to: indexPath)
        started = ContinuousClock.now
        let opened = try SearchIndex.open(path: indexPath)
        let openMS = milliseconds(since: started)
        precondition(opened.recordCount == index.recordCount)
        return Measurement(
            side: "engine", dataset: dataset.name, records: index.recordCount, parseMS: parseMS, buildMS: buildMS, openMS: openMS,
            peakMB: peakMB, keystrokeMS: samples, totalHits: totalHits, buildCPUMS: buildCPUMS, keystrokeCPUMS: cpuSamples)
    }
}
