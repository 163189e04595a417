import CLineScan
import InstantSearchCore
import Testing

@testable import SearchEngine

/// The scan's fast paths (a word of lines compared at once, words without a line to read
/// skipped, the few words that hold candidates visited alone with their lines fetched ahead,
/// words ruled out by their best score) against each line's own
/// key, which the scorer makes one line at a time: the same lines match, the same page comes first.
struct LineScanCountTests {
    /// Patterns of every kind the count treats apart: edges of up to eight bytes and longer,
    /// negated, one letter, several terms, alternatives, alternatives with a one-letter term.
    static let patterns = [
        "^ab", "ab$", "!^a", "!b$", "^abab", "^1", "1$", "^abcdabcd", "^abcdabcda", "bab$", "'ab", "ab", "a b", "ab | ba", "^a 1", "!^a b$",
        "^A", "b1$", "Ab", "b1a", "abba", "!ab", "ab d1", "cd | ab", "abcdabca", "abcdabcda",
        "abd | c", "c | !ab", "c | d ab", "ab | c d1", "'ba | d", "^a | c | b1$",
    ]

    /// Which lines a scan reads: every line, a random part of them with every third word none,
    /// or a few lines in one word of four (fewer than half the words: visited alone).
    enum Candidates: CaseIterable { case all, most, few }

    @Test(arguments: 0..<8)
    func theCountAndThePageAreEachLinesOwn(seed: UInt64) throws {
        var random = SplitMix64(state: 0xC0DE + seed)
        // White space at either end in some words only, lines outside ASCII in some others,
        // lines shorter than eight bytes, empty lines, lines on either side of 32 bytes, and
        // one line of 70 bytes (a word's loads near the text's ends included).
        let alphabet = Array("aAbB1cd/ ".utf8)
        var bytes: [UInt8] = []
        var ends = TextEnds()
        // Tables long enough for the words visited alone to be fetched ahead from inside the loop.
        let count = Int.random(in: seed < 4 ? 1...700 : 2500...4000, using: &random)
        for line in 0..<count {
            let whiteWord = (line / LineSet.wordLines) % 3 == 0
            var text = (0..<Int.random(in: 0...(line == count / 2 ? 70 : line % 5 == 0 ? 40 : 14), using: &random)).map { _ in
                alphabet.randomElement(using: &random)!
            }
            if !whiteWord { text = Array(text.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed()) }
            // Some words with lines outside ASCII, which are matched line by line.
            if (line / LineSet.wordLines) % 5 == 3, Bool.random(using: &random) {
                text.insert(contentsOf: Array("é".utf8), at: Int.random(in: 0...text.count, using: &random))
            }
            bytes += text
            ends.append(bytes.count)
        }
        let table = LineTable(bytes: bytes, ends: ends)
        for text in Self.patterns {
            for kind in Candidates.allCases {
                let scan = LineScan(table: table, pattern: LinePattern(text, options: LineMatchOptions()), options: LineMatchOptions())
                let candidateWords = (0..<(count + 63) / 64).map { word -> UInt64 in
                    let lines = min(64, count - word * 64)
                    let all = lines == 64 ? UInt64.max : (1 << UInt64(lines)) - 1
                    switch kind {
                    case .all: return all
                    case .most: return word % 3 == 1 ? 0 : all & random.next() & random.next()
                    case .few: return word % 4 == 2 ? all & random.next() & random.next() & random.next() : 0
                    }
                }
                let candidates = kind == .all ? nil : LineSet(words: candidateWords)
                let matches = try scan.matches(candidates: candidates, best: 5)
                var expected: [Int] = []
                var keys: [UInt64] = []
                for line in 0..<count where candidates?.contains(line) ?? true {
                    guard let key = scan.key(of: line) else { continue }
                    expected.append(line)
                    keys.append(key)
                }
                var found: [Int] = []
                matches.lines.forEach { found.append($0) }
                #expect(found == expected, "\(text.debugDescription) \(kind), seed \(seed)")
                #expect(matches.best == Array(keys.sorted().prefix(5)), "\(text.debugDescription) \(kind), seed \(seed)")
            }
        }
    }
}

/// Lines that hold a one-term pattern only with a gap are scored after the scan, once the
/// page holds the lines that hold it as one run: the page is the one each line's own key makes,
/// whether the runs fill it or not, and whether the gapped lines come before or after them.
struct GappedLinesTests {
    @Test(arguments: [5, 20, 40, 200])
    func thePageIsEachLinesOwnWhateverTheRunsMake(page: Int) throws {
        let gapped = (0..<2500).map { "\($0 % 1900 + 100)/M/J\(String(repeating: "o", count: $0 % 4 + 1))n \($0 % 7)" }
        let runs = (0..<30).map { "\($0 + 1900)/M/Jno \($0 % 3)" }
        let lines = gapped.prefix(1500) + runs + gapped.suffix(1000) + ["jn", "J n", "JN"]
        var bytes: [UInt8] = []
        var ends = TextEnds()
        for line in lines {
            bytes += line.utf8
            ends.append(bytes.count)
        }
        let table = LineTable(bytes: bytes, ends: ends)
        for text in ["jn", "jon", "Jn", "m/jn"] {
            let scan = LineScan(table: table, pattern: LinePattern(text, options: LineMatchOptions()), options: LineMatchOptions())
            #expect(scan.defersGaps)
            let keys = (0..<lines.count).compactMap { scan.key(of: $0) }
            let matches = try scan.matches(candidates: nil, best: page)
            #expect(matches.lines.count == keys.count, "\(text)")
            #expect(matches.best == Array(keys.sorted().prefix(page)), "\(text), a page of \(page)")
        }
    }
}

/// The two versions of the branch-free subsequence count (SSE2, and AVX2 where the processor
/// has it) against a subsequence found one byte at a time, on random lines of every length
/// around 32 bytes, capitals and characters that are not letters included.
struct LineSubsequenceVersionsTests {
    @Test(arguments: 0..<4)
    func bothVersionsFindWhatAByteLoopFinds(seed: UInt64) {
        var random = SplitMix64(state: 0x5EB5 + seed)
        let alphabet = Array("aAbBcC1/-_ zZ@`[{".utf8)
        var text: [UInt8] = []
        var ends: [UInt16] = []
        for _ in 0..<64 {
            text += (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            ends.append(UInt16(text.count))
        }
        text += [UInt8](repeating: 0, count: 32)
        for _ in 0..<200 {
            let pattern = (0..<Int.random(in: 1...8, using: &random)).map { _ in Array("abc1/-_ z@`[{".utf8).randomElement(using: &random)! }
            let fold = Bool.random(using: &random)
            let packed = pattern.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
            let lines = random.next()
            var expected: UInt64 = 0
            var expectedLonger: UInt64 = 0
            for line in 0..<64 where lines & (1 << UInt64(line)) != 0 {
                let start = line == 0 ? 0 : Int(ends[line - 1])
                let bytes = text[start..<Int(ends[line])].map { fold && (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
                if bytes.count > 32 {
                    expectedLonger |= 1 << UInt64(line)
                    continue
                }
                var next = 0
                for byte in bytes where next < pattern.count && byte == pattern[next] { next += 1 }
                if next == pattern.count { expected |= 1 << UInt64(line) }
            }
            var longer: UInt64 = 0
            let narrow = cfuzzylines64_narrow(text, ends, lines, packed, Int32(pattern.count), fold ? 1 : 0, &longer)
            #expect(narrow == expected, "\(pattern) fold \(fold)")
            #expect(longer == expectedLonger)
            #if arch(x86_64)
            if cfuzzylines64_wide_supported() != 0 {
                longer = 0
                #expect(cfuzzylines64_wide(text, ends, lines, packed, Int32(pattern.count), fold ? 1 : 0, &longer) == expected, "\(pattern) fold \(fold)")
                #expect(longer == expectedLonger)
            }
            #endif
        }
    }
}
