/// Reading one query word's postings into `(document << 32 | cell)` pairs, sorted by document.
///
/// These loops run over every posting of every matching term (30k for "the", more for a
/// prefix with a typo), so they are written without branches that depend on the data:
/// whether a posting is kept is an integer 0 or 1 added to a count, since a test of the
/// survivor bitset is as unpredictable as the documents it keeps.
extension TextMatcher {
    /// One word's pairs, sorted by document; with `keepOnly`, only pairs of its documents.
    static func gather(_ terms: [TermMatch], index: SearchIndex, keepOnly: SurvivorSet?) throws -> [UInt64] {
        let dictionary = index.dictionary
        let total = terms.reduce(0) { $0 + dictionary.postingCount(ofTerm: Int($1.term)) }
        if terms.count > 1, total >= index.recordCount / 4 {
            return try gatherDense(terms, index: index, keepOnly: keepOnly)
        }
        // Room for every posting: each is written at the end, and the end moves on if kept.
        var pairs = [UInt64](unsafeUninitializedCapacity: total) { pairs, initialized in
            var count = 0
            forEachPosting(terms, index: index, keepOnly: keepOnly) { document, cell, keep in
                pairs[count] = UInt64(document) << 32 | UInt64(cell)
                count &+= keep
            }
            initialized = count
        }
        if total > 1 << 20, Task.isCancelled { throw CancellationError() }
        if terms.count > 1 { RadixSort.sortByDocument(&pairs, documentCount: index.recordCount) }
        return pairs
    }

    /// The same pairs when the postings outnumber a quarter of the documents ("sta" with a typo
    /// reaches "starring" in every plot): the best cell per document goes into an array of
    /// all documents, read back in order, which is cheaper than sorting that many pairs.
    private static func gatherDense(_ terms: [TermMatch], index: SearchIndex, keepOnly: SurvivorSet?) throws -> [UInt64] {
        var best = [UInt32](repeating: .max, count: index.recordCount)
        best.withUnsafeMutableBufferPointer { best in
            forEachPosting(terms, index: index, keepOnly: keepOnly) { document, cell, keep in
                best[document] = min(best[document], keep == 1 ? cell : .max)
            }
        }
        if Task.isCancelled { throw CancellationError() }
        // Sized exactly: the first word's pairs are kept in `TermMatchCache`.
        let found = best.reduce(0) { $0 + ($1 != .max ? 1 : 0) }
        return [UInt64](unsafeUninitializedCapacity: found) { pairs, initialized in
            var count = 0
            for (document, cell) in best.enumerated() where cell != .max {
                pairs[count] = UInt64(document) << 32 | UInt64(cell)
                count += 1
            }
            initialized = count
        }
    }

    /// Calls `body` with the document and cell of each posting of `terms`, term by term, and
    /// 1 to keep it or 0 to drop it: dropped are typo matches in attributes without typo
    /// tolerance, and documents not in `keepOnly`.
    @inline(__always)
    private static func forEachPosting(
        _ terms: [TermMatch], index: SearchIndex, keepOnly: SurvivorSet?, _ body: (Int, UInt32, Int) -> Void
    ) {
        let dictionary = index.dictionary
        dictionary.postings.withUnsafeBufferPointer { postings in
            index.noTypoAttribute.withUnsafeBufferPointer { noTypo in
                for match in terms {
                    let typoMatch = match.typos > 0
                    for p in dictionary.offsets[Int(match.term)]..<dictionary.offsets[Int(match.term) + 1] {
                        let posting = postings[p]
                        let document = Int(posting.record)
                        var keep = keepOnly?.bit(document) ?? 1
                        if typoMatch, noTypo[Int(posting.attribute)] { keep = 0 }
                        let cell = cell(typos: match.typos, posting: posting, exact: match.exact)
                        body(document, cell, keep)
                    }
                }
            }
        }
    }

    /// Calls `body` once per document of sorted pairs, with its smallest (best) cell.
    @inline(__always)
    static func forEachDocument(_ pairs: [UInt64], _ body: (Int32, UInt32) -> Void) {
        pairs.withUnsafeBufferPointer { pairs in
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
    }
}
