/// The records matching every query word, each with its ranking key.
struct TextMatches {
    /// Document numbers, ascending (so every column is read front to back).
    var records: [Int32]
    /// Smaller is better; unique per document, so sorting by key is a total, repeatable order.
    var keys: [UInt64]
}

/// Finds the documents containing all query words (AND, with typos and prefixes) and ranks them.
///
/// Each word's matching terms give `(document, cell)` pairs, the cell packing
/// `typos | attribute | position | inexact` so that the smallest is the word's best match in
/// that document. Pairs are radix-sorted by document (one term's list is sorted already) and
/// the words' lists intersected. The rarest word goes first; later words keep only pairs of
/// its documents (a bitset test), so a common prefix after a rare word costs little.
enum TextMatcher {
    static func cell(typos: UInt8, attribute: UInt16, position: UInt16, exact: Bool) -> UInt32 {
        UInt32(typos) << 28 | UInt32(min(attribute, 255)) << 20 | UInt32(min(position, 4095)) << 8 | (exact ? 0 : 1)
    }

    static func match(_ words: [QueryWord], removedWords: Int = 0, in index: SearchIndex) throws -> TextMatches {
        let documentCount = index.recordCount
        let ranking = index.rankingKey
        if words.isEmpty {
            let values = RankingKey.Values()
            return TextMatches(
                records: (0..<documentCount).map { Int32($0) },
                keys: (0..<documentCount).map { ranking.key(values, customRank: Int32($0)) })
        }
        let dictionary = index.dictionary
        var termsOfWord: [[TermMatch]] = []
        var weight: [Int] = []
        var merged: [PrefixList?] = []
        var keys: [TermMatchCache.Key] = []
        for word in words {
            keys.append(TermMatchCache.Key(word: Array(word.term.utf8), prefix: word.isPrefix, maxTypos: word.maxTypos))
            let bytes = Array(word.term.utf8)
            if word.isPrefix, word.maxTypos == 0, let list = index.prefixLists.list(for: bytes) {
                merged.append(list)
                termsOfWord.append([])
                weight.append(list.count)
                continue
            }
            merged.append(nil)
            let terms = index.termMatchCache.terms(for: keys[keys.count - 1]) {
                TypoMatcher.matches(word: bytes, prefix: word.isPrefix, maxTypos: word.maxTypos, in: dictionary)
            }
            if terms.isEmpty { return TextMatches(records: [], keys: []) }
            termsOfWord.append(terms)
            weight.append(terms.reduce(0) { $0 + dictionary.postingCount(ofTerm: Int($1.term)) })
        }
        let order = words.indices.sorted { weight[$0] < weight[$1] }
        let width = words.count

        // Surviving documents and, per document, one cell per query word (query order).
        var documents: [Int32] = []
        var cells: [UInt32] = []
        var survivors: [UInt64] = []  // bitset of `documents`, once a second word needs it
        for (step, word) in order.enumerated() {
            if Task.isCancelled { throw CancellationError() }
            let pairs: [UInt64]
            if let list = merged[word] {
                pairs = list.pairs(keepOnly: step == 0 ? nil : survivors)
            } else if step == 0 {
                // The word a query starts from is often the same as the last keystroke's.
                pairs = try index.termMatchCache.pairs(for: keys[word]) {
                    try gather(termsOfWord[word], index: index, keepOnly: nil)
                }
            } else {
                pairs = try gather(termsOfWord[word], index: index, keepOnly: survivors)
            }
            if step == 0 {
                documents.reserveCapacity(pairs.count)
                cells.reserveCapacity(pairs.count * width)
                forEachDocument(pairs) { document, best in
                    documents.append(document)
                    for w in 0..<width { cells.append(w == word ? best : .max) }
                }
            } else {
                // Intersect: both lists ascending; documents without this word are dropped.
                var kept = 0
                var i = 0
                forEachDocument(pairs) { document, best in
                    while i < documents.count, documents[i] < document { i += 1 }
                    guard i < documents.count, documents[i] == document else { return }
                    documents[kept] = document
                    for w in 0..<width { cells[kept * width + w] = cells[i * width + w] }
                    cells[kept * width + word] = best
                    kept += 1
                    i += 1
                }
                documents.removeLast(documents.count - kept)
                cells.removeLast(cells.count - kept * width)
            }
            if documents.isEmpty { return TextMatches(records: [], keys: []) }
            if step + 1 < order.count {
                survivors = [UInt64](repeating: 0, count: documentCount / 64 + 1)
                for d in documents { survivors[Int(d) >> 6] |= 1 << UInt64(d & 63) }
            }
        }

        var rankingKeys: [UInt64] = []
        rankingKeys.reserveCapacity(documents.count)
        for (slot, document) in documents.enumerated() {
            let base = slot * width
            var values = RankingKey.Values()
            values.removedWords = removedWords
            var best = UInt32.max
            for w in 0..<width {
                let c = cells[base + w]
                values.typos += Int(c >> 28)
                values.inexact += Int(c & 1)
                best = min(best, c & 0x0FFF_FF00)
                if w > 0 { values.proximity += proximity(cells[base + w - 1], c) }
            }
            values.attribute = Int(best >> 20)
            values.position = Int(best >> 8 & 0xFFF)
            rankingKeys.append(ranking.key(values, customRank: document))
        }
        return TextMatches(records: documents, keys: rankingKeys)
    }

    /// One word's `(document << 32 | cell)` pairs, sorted by document.
    private static func gather(_ terms: [TermMatch], index: SearchIndex, keepOnly: [UInt64]?) throws -> [UInt64] {
        let dictionary = index.dictionary
        let noTypo = index.noTypoAttribute
        let total = terms.reduce(0) { $0 + dictionary.postingCount(ofTerm: Int($1.term)) }
        if terms.count > 1, total >= index.recordCount / 4 {
            return try gatherDense(terms, index: index, keepOnly: keepOnly)
        }
        var pairs: [UInt64] = []
        if keepOnly == nil { pairs.reserveCapacity(total) }
        var walked = 0
        dictionary.postings.withUnsafeBufferPointer { postings in
            for match in terms {
                let range = dictionary.offsets[Int(match.term)]..<dictionary.offsets[Int(match.term) + 1]
                walked += range.count
                for p in range {
                    let posting = postings[p]
                    if match.typos > 0, noTypo[Int(posting.attribute)] { continue }
                    let document = Int(posting.record)
                    if let keepOnly, keepOnly[document >> 6] & (1 << UInt64(document & 63)) == 0 { continue }
                    let value = cell(typos: match.typos, attribute: posting.attribute, position: posting.position, exact: match.exact)
                    pairs.append(UInt64(UInt32(bitPattern: posting.record)) << 32 | UInt64(value))
                }
            }
        }
        if walked > 1 << 20, Task.isCancelled { throw CancellationError() }
        if terms.count > 1 { RadixSort.sortByDocument(&pairs, documentCount: index.recordCount) }
        return pairs
    }

    /// The same pairs when the postings outnumber a quarter of the documents ("sta" with a typo
    /// reaches "starring" in every plot): the best cell per document goes into an array of
    /// all documents, read back in order, which is cheaper than sorting that many pairs.
    private static func gatherDense(_ terms: [TermMatch], index: SearchIndex, keepOnly: [UInt64]?) throws -> [UInt64] {
        let dictionary = index.dictionary
        let noTypo = index.noTypoAttribute
        var best = [UInt32](repeating: .max, count: index.recordCount)
        var found = 0
        best.withUnsafeMutableBufferPointer { best in
            dictionary.postings.withUnsafeBufferPointer { postings in
                for match in terms {
                    for p in dictionary.offsets[Int(match.term)]..<dictionary.offsets[Int(match.term) + 1] {
                        let posting = postings[p]
                        if match.typos > 0, noTypo[Int(posting.attribute)] { continue }
                        let document = Int(posting.record)
                        if let keepOnly, keepOnly[document >> 6] & (1 << UInt64(document & 63)) == 0 { continue }
                        let value = cell(typos: match.typos, attribute: posting.attribute, position: posting.position, exact: match.exact)
                        if best[document] == .max { found += 1 }
                        if value < best[document] { best[document] = value }
                    }
                }
            }
        }
        if Task.isCancelled { throw CancellationError() }
        var pairs: [UInt64] = []
        pairs.reserveCapacity(found)
        for (document, value) in best.enumerated() where value != .max {
            pairs.append(UInt64(document) << 32 | UInt64(value))
        }
        return pairs
    }

    /// Calls `body` once per document of sorted pairs, with its smallest (best) cell.
    @inline(__always)
    private static func forEachDocument(_ pairs: [UInt64], _ body: (Int32, UInt32) -> Void) {
        var i = 0
        while i < pairs.count {
            let document = pairs[i] >> 32
            var best = UInt32(truncatingIfNeeded: pairs[i])
            i += 1
            while i < pairs.count, pairs[i] >> 32 == document {
                best = min(best, UInt32(truncatingIfNeeded: pairs[i]))
                i += 1
            }
            body(Int32(truncatingIfNeeded: document), best)
        }
    }

    /// How far apart two consecutive query words matched: their distance in words within one
    /// attribute, 8 (the most that counts) across attributes, as Algolia caps it.
    @inline(__always)
    static func proximity(_ a: UInt32, _ b: UInt32) -> Int {
        let attributeA = a >> 20 & 0xFF
        let attributeB = b >> 20 & 0xFF
        guard attributeA == attributeB else { return 8 }
        let positionA = Int(a >> 8 & 0xFFF)
        let positionB = Int(b >> 8 & 0xFFF)
        // Words in the typed order are closer than the same words reversed.
        let distance = positionB > positionA ? positionB - positionA : positionA - positionB + 1
        return min(distance, 8)
    }
}
