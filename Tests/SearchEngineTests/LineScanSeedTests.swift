import InstantSearchCore
import Testing

@testable import SearchEngine

/// The ceiling a ranked scan starts from (`LineScan+Seed.swift`): the key of a real match, so
/// the page is each line's own whatever lines it was found from, and tight where the best lines
/// start with the query and come last in the input (the PyPI names' `t`).
struct LineScanSeedTests {
    /// Long lines starting with `t` first, then lines without one, then the short ones at the end.
    static let lines: [String] =
        (0..<3000).map { "t\(String(repeating: "x", count: $0 % 20 + 8))\($0)" } + (0..<2000).map { "abc\($0)" }
        + (0..<40).map { "t\($0)" }

    static func table(_ lines: [String]) -> LineTable {
        var bytes: [UInt8] = []
        var ends = TextEnds()
        for line in lines {
            bytes += line.utf8
            ends.append(bytes.count)
        }
        return LineTable(bytes: bytes, ends: ends)
    }

    @Test(arguments: ["t", "t1", "t 3", "tx", "^t", "t | abc", "3$"])
    func thePageIsEachLinesOwnWithTheCeiling(text: String) throws {
        let table = Self.table(Self.lines)
        let scan = LineScan(table: table, pattern: LinePattern(text, options: LineMatchOptions()), options: LineMatchOptions())
        let keys = (0..<table.count).compactMap { scan.key(of: $0) }.sorted()
        for page in [1, 20, 100] {
            let matches = try scan.matches(candidates: nil, best: page)
            #expect(matches.lines.count == keys.count, "\(text)")
            #expect(matches.best == Array(keys.prefix(page)), "\(text), a page of \(page)")
            if let ceiling = scan.seedCeiling(candidates: nil, best: page) {
                #expect(ceiling > keys[min(page, keys.count) - 1], "\(text): the page's worst key still enters")
            }
        }
    }

    @Test func theCeilingIsTheWorstKeyOfTheBestLinesWhenTheyStartWithTheQuery() throws {
        let table = Self.table(Self.lines)
        let scan = LineScan(table: table, pattern: LinePattern("t", options: LineMatchOptions()), options: LineMatchOptions())
        let keys = (0..<table.count).compactMap { scan.key(of: $0) }.sorted()
        #expect(scan.seedCeiling(candidates: nil, best: 20) == keys[19] + 1)
    }

    @Test func noCeilingWithoutEnoughMatchesOrRanking() throws {
        let table = Self.table(Self.lines)
        let rare = LineScan(table: table, pattern: LinePattern("'t39", options: LineMatchOptions()), options: LineMatchOptions())
        #expect(rare.seedCeiling(candidates: nil, best: 20) == nil, "one line matches: no twenty keys to take the worst of")
        var unsorted = LineMatchOptions()
        unsorted.sort = false
        let inOrder = LineScan(table: table, pattern: LinePattern("t", options: unsorted), options: unsorted)
        #expect(inOrder.seedCeiling(candidates: nil, best: 20) == nil)
        let negated = LineScan(table: table, pattern: LinePattern("!abc", options: LineMatchOptions()), options: LineMatchOptions())
        #expect(negated.seedCeiling(candidates: nil, best: 20) == nil)
    }

    @Test func narrowedScansTryOnlyTheirCandidates() throws {
        let table = Self.table(Self.lines)
        let options = LineMatchOptions()
        let scan = LineScan(table: table, pattern: LinePattern("t", options: options), options: options)
        // Every line but the short ones at the end: the ceiling comes from the long lines.
        let candidates = LineSet(words: (0..<(table.count + 63) / 64).map { word in word * 64 + 63 < 5000 ? UInt64.max : 0 })
        let keys = (0..<table.count).filter(candidates.contains).compactMap { scan.key(of: $0) }.sorted()
        let matches = try scan.matches(candidates: candidates, best: 20)
        #expect(matches.best == Array(keys.prefix(20)))
        #expect(try #require(scan.seedCeiling(candidates: candidates, best: 20)) > keys[19])
    }
}
