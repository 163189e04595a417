/// Ready-merged matches for one- and two-byte prefixes — what the first keystrokes of every
/// query ask for. "a" alone starts thousands of terms, and a plot summary holds dozens of
/// them, so merging their postings on the keystroke would gather and sort a million pairs.
/// Built once, like FTS5's `prefix='1 2'` indexes: per prefix, one `(document << 32 | cell)`
/// pair per document, sorted by document, the cell being the best match among its terms.
struct PrefixLists: Sendable {
    static let maxLength = 2
    private let lists: [UInt32: [UInt64]]

    static func key(_ bytes: some Collection<UInt8>) -> UInt32? {
        guard (1...maxLength).contains(bytes.count) else { return nil }
        return bytes.reduce(UInt32(bytes.count) << 24) { $0 << 8 | UInt32($1) }
    }

    func list(for word: [UInt8]) -> [UInt64]? {
        PrefixLists.key(word).flatMap { lists[$0] }
    }

    init(lists: [UInt32: [UInt64]]) {
        self.lists = lists
    }

    /// Every list, by key, for the index writer.
    var all: [(key: UInt32, list: [UInt64])] {
        lists.keys.sorted().map { ($0, lists[$0]!) }
    }

    init(dictionary: TermDictionary, documentCount: Int) {
        var lists: [UInt32: [UInt64]] = [:]
        let count = dictionary.termCount
        for length in 1...PrefixLists.maxLength {
            var start = 0
            while start < count {
                // The run of terms sharing this term's first `length` bytes.
                guard dictionary.length(ofTerm: start) >= length else { start += 1; continue }
                let from = Int(dictionary.starts[start])
                let prefix = dictionary.bytes[from..<from + length]
                var end = start + 1
                while end < count, Int(dictionary.sharedPrefix[end]) >= length { end += 1 }
                // A single term's own postings serve as well; only merged runs are stored.
                if end - start > 1, let key = PrefixLists.key(prefix) {
                    var pairs: [UInt64] = []
                    for term in start..<end {
                        let exact = dictionary.length(ofTerm: term) == length
                        for posting in dictionary.postings(ofTerm: term) {
                            let cell = TextMatcher.cell(typos: 0, attribute: posting.attribute, position: posting.position, exact: exact)
                            pairs.append(UInt64(UInt32(bitPattern: posting.record)) << 32 | UInt64(cell))
                        }
                    }
                    RadixSort.sortByDocument(&pairs, documentCount: documentCount)
                    var kept = 0
                    for pair in pairs {
                        if kept > 0, pairs[kept - 1] >> 32 == pair >> 32 {
                            if pair < pairs[kept - 1] { pairs[kept - 1] = pair }
                        } else {
                            pairs[kept] = pair
                            kept += 1
                        }
                    }
                    pairs.removeLast(pairs.count - kept)
                    lists[key] = pairs
                }
                start = end
            }
        }
        self.lists = lists
    }
}
