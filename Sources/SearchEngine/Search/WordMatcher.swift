/// Which query words match one folded word of a hit's text, and how much of it to mark:
/// `QueryWord.matches` and `QueryWord.typos(against:)`, on bytes the tokenizer lends, so the
/// highlighter makes no String per word of a plot summary.
struct WordMatcher {
    struct Match {
        /// Bit `i` set: query word `i` matches.
        var words: UInt64 = 0
        /// How much of the word, in folded bytes, the best-matching query word covers: a
        /// prefix without typo covers what was typed, any other match the whole word. 0: none.
        var covered = 0
        /// Where the covered bytes start: 0 but for a match inside the word (infix), which
        /// counts only when no query word matches the word at its start.
        var coveredStart = 0
    }

    /// A query word, its bytes being `bytes[start..<start + count]` (no array per word, so
    /// looping over the words retains nothing).
    private struct Word {
        /// The bit of `Match.words` it sets: its own index, or the query word it stands for.
        var bit: Int
        var start: Int
        var count: Int
        var isPrefix: Bool
        var maxTypos: Int
        var hasNonASCII: Bool
        /// Found inside words too (the query word's `infixSlots`), by `infixMatchers[index]`.
        var infix: Bool
    }

    private let words: [Word]
    private let infixMatchers: [InfixMatch?]
    private let bytes: [UInt8]
    /// With typo tolerance, most words of a text need an edit distance per query word; plots
    /// repeat their words ("the", "film", "star"), so short words' results are remembered.
    private let anyTypos: Bool
    private var memo = ShortWordMemo()

    /// `words`, each with its `alternatives` as exact whole words, and `standIns`: words that
    /// match on behalf of a query word (the joined or split forms of the query's words).
    init(_ words: [QueryWord], standIns: [(word: QueryWord, for: Int)] = []) {
        var bytes: [UInt8] = []
        var entries: [(QueryWord, Int)] = []
        // Bits of a UInt64 name the words; a query has at most `QueryWord.maxWords` of them.
        for (index, word) in words.prefix(64).enumerated() {
            entries.append((word, index))
            for alternative in word.alternatives { entries.append((QueryWord(term: alternative, isPrefix: false), index)) }
        }
        entries += standIns.filter { $0.for < 64 }.map { ($0.word, $0.for) }
        self.words = entries.map { word, bit in
            let start = bytes.count
            bytes.append(contentsOf: word.term.utf8)
            return Word(
                bit: bit, start: start, count: bytes.count - start, isPrefix: word.isPrefix, maxTypos: word.maxTypos,
                hasNonASCII: bytes[start...].contains { $0 >= 0x80 }, infix: word.infixSlots != 0)
        }
        infixMatchers = self.words.map { $0.infix ? InfixMatch(bytes[$0.start..<$0.start + $0.count]) : nil }
        self.bytes = bytes
        anyTypos = entries.contains { $0.0.maxTypos > 0 }
    }

    mutating func match(_ term: UnsafeBufferPointer<UInt8>) -> Match {
        // Without typos a match is a few byte comparisons: cheaper than the memo.
        guard anyTypos, let key = ShortWordMemo.key(term) else { return compute(term) }
        if let known = memo[key] { return known }
        let result = compute(term)
        memo[key] = result
        return result
    }

    private func compute(_ term: UnsafeBufferPointer<UInt8>) -> Match {
        bytes.withUnsafeBufferPointer { bytes in
            var result = Match()
            var isASCII: Bool?  // found out only if a whole word's bytes differ
            var inside: Range<Int>?
            for (index, word) in words.enumerated() {
                let wordBytes = UnsafeBufferPointer(rebasing: bytes[word.start..<word.start + word.count])
                guard let typos = typos(of: word, wordBytes, against: term, isASCII: &isASCII) else {
                    if let range = infixMatchers[index]?.range(in: term) {
                        result.words |= 1 << UInt64(word.bit)
                        inside = inside ?? range
                    }
                    continue
                }
                result.words |= 1 << UInt64(word.bit)
                result.covered = max(result.covered, word.isPrefix && typos == 0 ? word.count : term.count)
            }
            if result.covered == 0, let inside { (result.coveredStart, result.covered) = (inside.lowerBound, inside.count) }
            return result
        }
    }

    /// `QueryWord.typos(against:)`: 0 for a match as typed, nil for none.
    private func typos(
        of word: Word, _ wordBytes: UnsafeBufferPointer<UInt8>, against term: UnsafeBufferPointer<UInt8>, isASCII: inout Bool?
    ) -> Int? {
        if matchesAsTyped(word, wordBytes, term, isASCII: &isASCII) { return 0 }
        guard word.maxTypos > 0 else { return nil }
        let length = term.count
        if length < word.count - word.maxTypos || (!word.isPrefix && length > word.count + word.maxTypos) { return nil }
        return TypoMatcher.distance(wordBytes, term, prefix: word.isPrefix, limit: word.maxTypos)
    }

    /// `QueryWord.matches`: a prefix compares bytes; a whole word compares as Strings do, by
    /// canonical equivalence, which only non-ASCII bytes can tell from byte equality.
    @inline(__always)
    private func matchesAsTyped(
        _ word: Word, _ wordBytes: UnsafeBufferPointer<UInt8>, _ term: UnsafeBufferPointer<UInt8>, isASCII: inout Bool?
    ) -> Bool {
        let count = word.count
        if word.isPrefix || term.count == count, term.count >= count {
            var i = 0
            while i < count, wordBytes[i] == term[i] { i += 1 }
            if i == count { return true }
        }
        if word.isPrefix { return false }
        if isASCII == nil { isASCII = term.allSatisfy { $0 < 0x80 } }
        if !word.hasNonASCII, isASCII == true { return false }
        return String(decoding: term, as: UTF8.self) == String(decoding: wordBytes, as: UTF8.self)
    }
}

/// `WordMatcher` results for words of up to eight bytes, each word packed into an integer
/// key: an open-addressing table, with no String made or hashed per word.
private struct ShortWordMemo {
    /// Slots, a power of two (`slot` takes that many bits); the table stops taking entries when half full (twenty plots use
    /// some two thousand distinct words).
    static let capacity = 4096
    private var keys: [UInt64] = []  // 0: empty; allocated on first use
    private var values: [WordMatcher.Match] = []
    private var count = 0

    /// The word's bytes as an integer (folded bytes are never 0, so lengths cannot collide),
    /// or nil when it is too long.
    static func key(_ term: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard term.count <= 8 else { return nil }
        var key: UInt64 = 0
        for byte in term.reversed() { key = key << 8 | UInt64(byte) }
        return key
    }

    subscript(key: UInt64) -> WordMatcher.Match? {
        get {
            guard !keys.isEmpty else { return nil }
            var slot = ShortWordMemo.slot(key)
            while keys[slot] != 0 {
                if keys[slot] == key { return values[slot] }
                slot = (slot + 1) & (ShortWordMemo.capacity - 1)
            }
            return nil
        }
        set {
            guard let newValue, count < ShortWordMemo.capacity / 2 else { return }
            if keys.isEmpty {
                keys = [UInt64](repeating: 0, count: ShortWordMemo.capacity)
                values = [WordMatcher.Match](repeating: WordMatcher.Match(), count: ShortWordMemo.capacity)
            }
            var slot = ShortWordMemo.slot(key)
            while keys[slot] != 0, keys[slot] != key { slot = (slot + 1) & (ShortWordMemo.capacity - 1) }
            if keys[slot] == 0 { count += 1 }
            keys[slot] = key
            values[slot] = newValue
        }
    }

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52)  // the top 12 bits: 4096 slots
    }
}
