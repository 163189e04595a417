import Foundation
import InstantSearchCore
import SearchEngine

/// One data set of the benchmark, described once for both sides so they index and count the
/// same things: searchable text, facets (single-valued or arrays), numeric stats, custom order.
struct BenchDataset: Sendable {
    var name: String
    /// In the datasets folder; for a generated set, the file it is made from.
    var file: String
    /// Made by `GeneratedDataset` from `file` into the cache folder, not read as it is.
    var generated = false
    var searchable: [String]
    var facets: [String]
    /// Facets whose records hold several values (a JSON array): a side table in SQLite.
    var arrayFacets: Set<String> = []
    var numeric: [String]
    /// Sorted by this, descending, after relevance.
    var customRankingDesc: String?

    var settings: IndexSettings {
        IndexSettings(
            searchableAttributes: searchable, attributesForFaceting: facets, disjunctiveFacets: [],
            numericAttributesForFiltering: numeric,
            customRanking: customRankingDesc.map { [CustomRankingCriterion(attribute: $0, ascending: false)] } ?? [],
            objectIDAttribute: "objectID")
    }

    static let all: [BenchDataset] = [
        BenchDataset(
            name: "babynames", file: "babynames.csv", searchable: ["name"], facets: ["sex", "year"],
            numeric: ["count", "year"], customRankingDesc: "count"),
        BenchDataset(
            name: "movies", file: "movies.json", searchable: ["title", "cast", "extract"], facets: ["genres", "year"],
            arrayFacets: ["genres"], numeric: ["year"], customRankingDesc: nil),
        BenchDataset(
            name: "babynames-10m", file: "babynames.csv", generated: true, searchable: ["name"], facets: ["sex", "year"],
            numeric: ["count", "year"], customRankingDesc: "count"),
    ]

    /// What a person types: every prefix of each query, keystroke by keystroke.
    static let typed = [
        "mary", "christopher", "zoe", "star wars", "john wayne", "the godfather", "elizabeth", "william",
        "jose", "alexander", "sophia", "michael jordan", "harry potter", "emma", "jacob",
    ]

    static var keystrokes: [String] {
        typed.flatMap { text in (1...text.count).map { String(text.prefix($0)) } }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}

/// Process-wide peak resident memory (VmHWM), in MB.
func peakMemoryMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
        return kb / 1024
    }
    return .nan
}

func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// CPU time of the whole process (every thread), in ms: what a keystroke or a build cost the
/// cores, which other programs on a shared machine disturb far less than the wall clock.
func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}
