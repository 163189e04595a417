/// A set of line numbers as one bit a line: what a scan found, and what a longer query scans
/// again. At 10M lines it is 1.25 MB whatever it holds, where a list of numbers would take
/// 4 bytes a match (40 MB for a first letter most lines hold).
struct LineSet: Sendable {
    /// Bit `l % 64` of word `l / 64` is line `l`.
    private(set) var words: [UInt64]
    private(set) var count: Int

    /// Lines per word, and so the alignment of the ranges a scan is split into.
    static let wordLines = 64

    init(words: [UInt64]) {
        self.words = words
        count = words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    var isEmpty: Bool { count == 0 }

    func contains(_ line: Int) -> Bool {
        let word = line / Self.wordLines
        return word >= 0 && word < words.count && words[word] & (1 << UInt64(line % Self.wordLines)) != 0
    }

    /// The lines in increasing order.
    func forEach(_ body: (Int) throws -> Void) rethrows {
        for (index, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                try body(index * Self.wordLines + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
    }
}
