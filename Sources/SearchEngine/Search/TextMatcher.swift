/// A word of the query, folded like indexed text. Only the last word of a query still being
/// typed is a prefix: "star wa" finds "wars", "star wa " does not.
struct QueryWord: Hashable, Sendable {
    var term: String
    var isPrefix: Bool

    /// Per-record match counters are bytes; a longer "query" is a pasted text, not a search.
    static let maxWords = 64

    static func parse(_ text: String) -> [QueryWord] {
        var tokenizer = Tokenizer()
        let terms = Array(tokenizer.terms(in: text).prefix(maxWords))
        let endsWithSpace = text.last?.isWhitespace ?? true
        return terms.enumerated().map { index, term in
            QueryWord(term: term, isPrefix: index == terms.count - 1 && !endsWithSpace)
        }
    }

    func matches(_ indexedTerm: String) -> Bool {
        isPrefix ? indexedTerm.utf8.starts(with: term.utf8) : indexedTerm == term
    }
}

/// The records matching every query word, each with its ranking key.
struct TextMatches {
    var records: [Int32]
    /// Smaller is better; unique per record, so sorting by key is a total, repeatable order.
    var keys: [UInt64]
}

/// Finds the records containing all query words (AND) and scores them.
///
/// Works over dense per-record arrays: each word's posting lists are walked once, and from
/// the second word on only records that matched every earlier word are kept, so the
/// rarest words (processed first) bound the work.
enum TextMatcher {
    /// The ranking key packs, most significant first: the sum of the best attribute rank of
    /// each word (earlier attributes win), the sum of their positions in it, the number of
    /// words matched only as a prefix, then the customRanking rank (which also breaks ties
    /// by record order).
    static func key(attributeSum: Int, positionSum: Int, prefixOnly: Int, customRank: Int32) -> UInt64 {
        UInt64(min(attributeSum, 0xFFF)) << 52 | UInt64(min(positionSum, 0xFFF)) << 40
            | UInt64(min(prefixOnly, 0xFF)) << 32 | UInt64(UInt32(bitPattern: customRank))
    }

    static func match(_ words: [QueryWord], in index: SearchIndex) throws -> TextMatches {
        let recordCount = index.recordCount
        if words.isEmpty {
            let keys = (0..<recordCount).map { key(attributeSum: 0, positionSum: 0, prefixOnly: 0, customRank: index.customRank[$0]) }
            return TextMatches(records: (0..<recordCount).map { Int32($0) }, keys: keys)
        }
        let dictionary = index.dictionary
        var termsOfWord: [(word: QueryWord, terms: [Int], postings: Int)] = []
        for word in words {
            let terms: [Int]
            if word.isPrefix {
                terms = Array(dictionary.prefixTerms(word.term))
            } else {
                terms = dictionary.exactTerm(word.term).map { [$0] } ?? []
            }
            if terms.isEmpty { return TextMatches(records: [], keys: []) }
            termsOfWord.append((word, terms, terms.reduce(0) { $0 + dictionary.postingCount(ofTerm: $1) }))
        }
        termsOfWord.sort { $0.postings < $1.postings }

        var matchedWords = [UInt8](repeating: 0, count: recordCount)
        var attributeSum = [Int32](repeating: 0, count: recordCount)
        var positionSum = [Int32](repeating: 0, count: recordCount)
        var exactWords = [UInt8](repeating: 0, count: recordCount)
        // Per word: the best (attribute, position) seen, and whether a whole-word match was seen.
        var best = [UInt32](repeating: .max, count: recordCount)
        var exact = [Bool](repeating: false, count: recordCount)
        var touched: [Int32] = []
        var walked = 0

        for (step, entry) in termsOfWord.enumerated() {
            touched.removeAll(keepingCapacity: true)
            for term in entry.terms {
                let isWholeWord = dictionary.terms[term] == entry.word.term
                for posting in dictionary.postings(ofTerm: term) {
                    let record = Int(posting.record)
                    guard Int(matchedWords[record]) == step else { continue }
                    if best[record] == .max { touched.append(posting.record) }
                    let score = UInt32(posting.attribute) << 16 | UInt32(posting.position)
                    if score < best[record] { best[record] = score }
                    if isWholeWord { exact[record] = true }
                }
                walked += dictionary.postingCount(ofTerm: term)
                if walked > 1 << 16 {
                    walked = 0
                    if Task.isCancelled { throw CancellationError() }
                }
            }
            for record32 in touched {
                let record = Int(record32)
                matchedWords[record] += 1
                attributeSum[record] += Int32(best[record] >> 16)
                positionSum[record] += Int32(best[record] & 0xFFFF)
                if exact[record] { exactWords[record] += 1 }
                best[record] = .max
                exact[record] = false
            }
            if touched.isEmpty { break }
        }

        let records = touched.sorted()
        let keys = records.map { record32 in
            let record = Int(record32)
            return key(
                attributeSum: Int(attributeSum[record]), positionSum: Int(positionSum[record]),
                prefixOnly: words.count - Int(exactWords[record]), customRank: index.customRank[record]
            )
        }
        return TextMatches(records: records, keys: keys)
    }
}
