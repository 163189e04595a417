/// One occurrence of a word: which record, which searchable attribute (its rank in
/// `searchableAttributes`), and which word of that attribute. Eight bytes, so the posting
/// lists of a large data set stay compact and cache friendly.
struct Posting: Hashable, Sendable {
    var record: Int32
    var attribute: UInt16
    var position: UInt16
}

/// The inverted index: every distinct word, sorted by its UTF-8 bytes, each with its posting
/// list. Sorting makes a prefix a contiguous run of terms (found by binary search), which is
/// also what later typo tolerance will walk. Posting lists are stored back to back in one
/// array (`offsets[t]..<offsets[t+1]`) and are ordered by record.
struct TermDictionary: Sendable {
    let terms: [String]
    let offsets: [Int]
    let postings: [Posting]

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
        var end = start
        while end < terms.count, terms[end].utf8.starts(with: prefix.utf8) { end += 1 }
        return start..<end
    }

    /// Byte order, not Swift's String order, so that all words sharing a prefix sit together.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

/// Collects postings record by record, then sorts the vocabulary once at the end.
struct TermDictionaryBuilder {
    private var idOfTerm: [String: Int32] = [:]
    private var termOfID: [String] = []
    private var entryTerms: [Int32] = []
    private var entryPostings: [Posting] = []

    mutating func add(term: String, posting: Posting) {
        let id: Int32
        if let known = idOfTerm[term] {
            id = known
        } else {
            id = Int32(termOfID.count)
            idOfTerm[term] = id
            termOfID.append(term)
        }
        entryTerms.append(id)
        entryPostings.append(posting)
    }

    /// Sorts terms and lays posting lists out contiguously with a counting sort, which keeps
    /// each list in the record order it was added in.
    func build() -> TermDictionary {
        let sortedIDs = termOfID.indices.sorted { TermDictionary.precedes(termOfID[$0], termOfID[$1]) }
        var rankOfID = [Int](repeating: 0, count: termOfID.count)
        for (rank, id) in sortedIDs.enumerated() { rankOfID[id] = rank }

        var offsets = [Int](repeating: 0, count: termOfID.count + 1)
        for id in entryTerms { offsets[rankOfID[Int(id)] + 1] += 1 }
        for i in 0..<termOfID.count { offsets[i + 1] += offsets[i] }

        var cursor = offsets
        var postings = [Posting](repeating: Posting(record: 0, attribute: 0, position: 0), count: entryPostings.count)
        for (id, posting) in zip(entryTerms, entryPostings) {
            let rank = rankOfID[Int(id)]
            postings[cursor[rank]] = posting
            cursor[rank] += 1
        }
        return TermDictionary(terms: sortedIDs.map { termOfID[$0] }, offsets: offsets, postings: postings)
    }
}
