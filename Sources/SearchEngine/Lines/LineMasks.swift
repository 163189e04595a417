import CLineScan

/// The characters each line holds (a bit each, `LineTable.bit`), kept as columns: for each bit
/// and each word of 64 lines (`LineSet.wordLines`), which of the word's lines hold it. A scan
/// asks which lines of a word may hold a term with one AND a character of it, and reads 8
/// bytes a character and word, in order. Kept as a mask per line (the same 4 bytes a line),
/// every word's 64 masks were read and compared: `ma` read 40 MB at 10M lines, where its two
/// columns are 2.5 MB.
struct LineMasks: Sendable {
    /// Bit `b`'s column is `wordCount` words from `b * wordCount`.
    private let columns: [UInt64]
    let wordCount: Int

    /// The columns of `lineCount` lines, made on every core (the longest part of opening lines,
    /// a pass over every byte): `fill(word, columns)` adds the masks of each word's lines to its
    /// 32 columns (`add`), which start empty.
    /// `cores`: at most this many parts (one: a chunk of a streamed filter, on its own core).
    init(lineCount: Int, cores: Int = Parallel.cores, _ fill: (_ word: Int, _ columns: UnsafeMutablePointer<UInt64>) -> Void) {
        let wordCount = (lineCount + LineSet.wordLines - 1) / LineSet.wordLines
        self.wordCount = wordCount
        columns = [UInt64](unsafeUninitializedCapacity: 32 * wordCount) { columns, initialized in
            let first = columns.baseAddress
            _ = Parallel.map(Parallel.ranges(wordCount, minimum: 1 << 10, parts: cores)) { range in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 32) { word in
                    for index in range {
                        _ = word.initialize(repeating: 0)
                        fill(index, word.baseAddress!)
                        for bit in 0..<32 { (first! + (bit * wordCount + index)).initialize(to: word[bit]) }
                    }
                }
            }
            initialized = 32 * wordCount
        }
    }

    /// Adds the mask of line `line` of a word (0 to 63) to the word's columns.
    @inline(__always) static func add(_ mask: UInt32, line: Int, to columns: UnsafeMutablePointer<UInt64>) {
        var bits = mask
        while bits != 0 {
            columns[bits.trailingZeroBitCount] |= 1 &<< UInt64(line)
            bits &= bits &- 1
        }
    }

    /// A line's mask.
    subscript(line: Int) -> UInt32 { withReader { $0.mask(of: line, bits: ~0) } }

    func withReader<Result>(_ body: (Reader) throws -> Result) rethrows -> Result {
        try columns.withUnsafeBufferPointer { try body(Reader(columns: $0.baseAddress!, wordCount: wordCount)) }
    }

    struct Reader {
        let columns: UnsafePointer<UInt64>
        let wordCount: Int

        /// Which lines of word `word` hold every bit of `required` or a character outside ASCII
        /// (such a line is always read: a folded `é` matches `e`). Bits past the word's last
        /// line may be set: callers keep to their candidates.
        @inline(__always) func holding(_ required: UInt32, word: Int) -> UInt64 {
            var lines = UInt64.max
            var rest = required & ~LineTable.nonASCIIBit
            while rest != 0 {
                lines &= columns[rest.trailingZeroBitCount &* wordCount &+ word]
                rest &= rest &- 1
            }
            return lines | columns[31 &* wordCount &+ word]
        }

        /// Line `line`'s mask, only `bits` of it and the bit for characters outside ASCII read
        /// (those a pattern asks about: a line's whole mask is 32 reads).
        @inline(__always) func mask(of line: Int, bits: UInt32) -> UInt32 {
            let word = line &>> 6
            let shift = UInt64(line & 63)
            var mask: UInt32 = 0
            var rest = bits | LineTable.nonASCIIBit
            while rest != 0 {
                let bit = rest.trailingZeroBitCount
                rest &= rest &- 1
                mask |= UInt32(truncatingIfNeeded: (columns[bit &* wordCount &+ word] &>> shift) & 1) &<< UInt32(bit)
            }
            return mask
        }

        /// Asks the processor for the words `bits` of word `word`, to be read soon.
        @inline(__always) func prefetch(_ bits: UInt32, word: Int) {
            var rest = bits | LineTable.nonASCIIBit
            while rest != 0 {
                cprefetch(columns + (rest.trailingZeroBitCount &* wordCount &+ word))
                rest &= rest &- 1
            }
        }
    }
}
