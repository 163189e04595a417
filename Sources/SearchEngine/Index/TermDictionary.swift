/// One occurrence of a word: which record, which searchable attribute (its rank in
/// `searchableAttributes`), and which word of that attribute. Eight bytes, so the posting
/// lists of a large data set stay compact and cache friendly.
struct Posting: Hashable, Sendable {
    var record: Int32
    var attribute: UInt16
    /// The word's place in the attribute (15 bits), and in the top bit whether the word is
    /// its value's only word: what exactness on an attribute (`exactOnSingleWordQuery`) needs.
    var position: UInt16

    static let wholeValueBit: UInt16 = 0x8000
    static let maxPosition = 0x7FFF

    var wordPosition: UInt16 { position & ~Posting.wholeValueBit }
    var isWholeValue: Bool { position & Posting.wholeValueBit != 0 }
}

/// The inverted index: every distinct word, sorted by its UTF-8 bytes, each with its posting
/// list. Sorting makes a prefix a contiguous run of terms (found by binary search), which is
/// also what later typo tolerance will walk. Posting lists are stored back to back in one
/// array (`offsets[t]..<offsets[t+1]`) and are ordered by record.
struct TermDictionary: Sendable {
    let terms: [String]
    let offsets: [Int]
    let postings: [Posting]
    /// The terms' bytes back to back (`bytes[starts[t]..<starts[t+1]]`), and each term's common
    /// prefix length with the term before it (capped at 255): together they let the typo
    /// matcher walk the sorted terms as if they were a trie, skipping whole subtrees.
    let bytes: [UInt8]
    let starts: [Int32]
    let sharedPrefix: [UInt8]

    init(terms: [String], offsets: [Int], postings: [Posting]) {
        self.terms = terms
        self.offsets = offsets
        self.postings = postings
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        var shared: [UInt8] = []
        starts.reserveCapacity(terms.count + 1)
        shared.reserveCapacity(terms.count)
        var previousStart = 0
        for term in terms {
            let start = bytes.count
            bytes.append(contentsOf: term.utf8)
            var common = 0
            let previousLength = start - previousStart
            while common < previousLength, start + common < bytes.count, common < 255,
                bytes[previousStart + common] == bytes[start + common]
            {
                common += 1
            }
            shared.append(UInt8(start == 0 && previousStart == 0 ? 0 : common))
            starts.append(Int32(bytes.count))
            previousStart = start
        }
        self.bytes = bytes
        self.starts = starts
        self.sharedPrefix = shared
    }

    func length(ofTerm index: Int) -> Int { Int(starts[index + 1] - starts[index]) }

    var termCount: Int { terms.count }

    func postings(ofTerm index: Int) -> ArraySlice<Posting> {
        postings[offsets[index]..<offsets[index + 1]]
    }

    func postingCount(ofTerm index: Int) -> Int {
        offsets[index + 1] - offsets[index]
    }

    /// The first term not ordered before `word`.
    func lowerBound(_ word: String) -> Int {
        var low = 0
        var high = terms.count
        while low < high {
            let mid = (low + high) / 2
            if TermDictionary.precedes(terms[mid], word) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func exactTerm(_ word: String) -> Int? {
        let index = lowerBound(word)
        return index < terms.count && terms[index] == word ? index : nil
    }

    /// The terms that start with `prefix`.
    func prefixTerms(_ prefix: String) -> Range<Int> {
        let start = lowerBound(prefix)
        // The run ends at the first term that does not start with the prefix: a binary search,
        // since "a" alone starts thousands of terms.
        let wanted = Array(prefix.utf8)
        var low = start
        var high = terms.count
        bytes.withUnsafeBufferPointer { bytes in
            while low < high {
                let mid = (low + high) / 2
                let from = Int(starts[mid])
                let length = Int(starts[mid + 1]) - from
                var startsWith = length >= wanted.count
                if startsWith {
                    for i in 0..<wanted.count where bytes[from + i] != wanted[i] {
                        startsWith = false
                        break
                    }
                }
                if startsWith { low = mid + 1 } else { high = mid }
            }
        }
        return start..<low
    }

    /// Byte order, not Swift's String order, so that all words sharing a prefix sit together.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

/// Lays out posting lists in two passes over the same sequence of (term, posting), so nothing
/// is held twice: the first counts each term's postings, the terms are sorted, and the second
/// writes every posting straight into its final place. (Collecting pairs and then sorting
/// them needs 20 bytes a posting at the peak; this needs the 8 the lists keep.)
struct TermDictionaryBuilder {
    private var idOfTerm: [String: Int32] = [:]
    private var termOfID: [String] = []
    private var postingCount: [Int] = []
    /// The last document each term was seen in: one posting per (term, document) is kept.
    private var lastDocument: [Int32] = []
    /// Second pass: where each term's next posting goes.
    private var cursor: [Int] = []
    private var postings: [Posting] = []
    private var sortedIDs: [Int] = []

    /// First pass. Documents must come in order, each one's attributes in ranking order and
    /// positions ascending. Then a term's first posting in a document is its best (earliest
    /// attribute, earliest position) and the only one ranking reads, so the others are not
    /// stored: a plot summary repeating "the" forty times costs one posting, not forty.
    mutating func count(term: String, document: Int32) {
        count(termID: id(of: term), document: document)
    }

    /// The term's id, given on first sight: a build that meets the same text often (a CSV
    /// column of names) keeps ids and spares hashing the term on every posting.
    mutating func id(of term: String) -> Int32 {
        if let id = idOfTerm[term] { return id }
        let id = Int32(termOfID.count)
        idOfTerm[term] = id
        termOfID.append(term)
        lastDocument.append(-1)
        postingCount.append(0)
        return id
    }

    mutating func count(termID id: Int32, document: Int32) {
        guard lastDocument[Int(id)] != document else { return }
        lastDocument[Int(id)] = document
        postingCount[Int(id)] += 1
    }

    /// Between the passes: sorts the terms and reserves each one's run of postings.
    mutating func layOut() {
        sortedIDs = termOfID.indices.sorted { TermDictionary.precedes(termOfID[$0], termOfID[$1]) }
        cursor = [Int](repeating: 0, count: termOfID.count)
        var total = 0
        for id in sortedIDs {
            cursor[id] = total
            total += postingCount[id]
        }
        postings = [Posting](repeating: Posting(record: 0, attribute: 0, position: 0), count: total)
        lastDocument = [Int32](repeating: -1, count: termOfID.count)
    }

    /// Second pass: the same calls as the first, with the postings.
    mutating func place(term: String, posting: Posting) {
        place(termID: idOfTerm[term]!, posting: posting)
    }

    mutating func place(termID: Int32, posting: Posting) {
        let id = Int(termID)
        guard lastDocument[id] != posting.record else { return }
        lastDocument[id] = posting.record
        postings[cursor[id]] = posting
        cursor[id] += 1
    }

    func build() -> TermDictionary {
        var offsets = [0]
        offsets.reserveCapacity(sortedIDs.count + 1)
        for id in sortedIDs { offsets.append(offsets[offsets.count - 1] + postingCount[id]) }
        return TermDictionary(terms: sortedIDs.map { termOfID[$0] }, offsets: offsets, postings: postings)
    }
}
