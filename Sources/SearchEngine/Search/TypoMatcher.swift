/// One dictionary term a query word matches, and how well.
struct TermMatch: Sendable {
    var term: Int32
    var typos: UInt8
    /// The term is the query word itself: no typo, not a longer completion of a prefix.
    var exact: Bool
}

/// Finds the dictionary terms within a Damerau–Levenshtein distance (optimal string alignment:
/// insert, delete, substitute, swap two neighbours) of a query word.
///
/// Terms are sorted, so walking them in order is a depth-first walk of the trie they would
/// form: a term shares its first `sharedPrefix` bytes with the previous one, and so the DP rows
/// for those bytes. When a row's minimum exceeds the allowed typos, no term below that node
/// can match, and the whole run of terms sharing that prefix is skipped at once.
///
/// For a prefix word (the last word, still being typed) a term matches with `t` typos when
/// some prefix of it is within `t` of the word: "mray" finds "maryann" with one typo.
enum TypoMatcher {
    /// `among`: the terms a shorter prefix of this word (the word less its last character)
    /// matched as a prefix with as many typos, when known. Every term the word matches as a
    /// prefix is among them (a prefix of the term within `maxTypos` of the word leaves a shorter
    /// or equal one within `maxTypos` of the word less a byte, whichever edit the last byte took
    /// part in; byte by byte, of any shorter prefix), so only they are walked: the next
    /// keystroke of a word costs its earlier matches, not a walk of the whole dictionary.
    static func matches(
        word: [UInt8], prefix: Bool, maxTypos: Int, in dictionary: TermDictionary, among: [TermMatch]? = nil
    ) -> [TermMatch] {
        if maxTypos == 0 || word.count > 200 { return exactMatches(word: word, prefix: prefix, in: dictionary) }
        let m = word.count
        let cap = m + maxTypos  // no term longer than this matches a whole word; for a prefix, deeper bytes change nothing
        var rows = [Int](repeating: 0, count: (cap + 1) * (m + 1))
        for j in 0...m { rows[j] = j }
        // bestPrefix[d]: the fewest typos of any prefix of length ≤ d of the current term.
        var bestPrefix = [Int](repeating: Int.max, count: cap + 1)
        bestPrefix[0] = m
        var out: [TermMatch] = []
        let candidates = prefix ? among.map { Candidates($0, in: dictionary) } : nil
        let order = candidates?.terms ?? []
        let shared = candidates?.shared ?? dictionary.sharedPrefix
        // Raw buffers throughout: a long word with two typos walks much of the dictionary on
        // each keystroke, and bounds and uniqueness checks were a good part of that.
        word.withUnsafeBufferPointer { word in
            dictionary.bytes.withUnsafeBufferPointer { bytes in
                dictionary.starts.withUnsafeBufferPointer { starts in
                    shared.withUnsafeBufferPointer { shared in
                        order.withUnsafeBufferPointer { order in
                            rows.withUnsafeMutableBufferPointer { rows in
                                bestPrefix.withUnsafeMutableBufferPointer { bestPrefix in
                                    let walk = Walk(
                                        word: word, prefix: prefix, k: maxTypos, count: candidates == nil ? dictionary.termCount : order.count,
                                        order: candidates == nil ? nil : order, bytes: bytes, starts: starts, shared: shared)
                                    walk.run(rows: rows, bestPrefix: bestPrefix, into: &out)
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Some terms in dictionary order, each with the bytes it shares with the one before: what
    /// the walk needs to treat them as a trie, as it treats the whole dictionary.
    private struct Candidates {
        var terms: [Int32]
        var shared: [UInt8]

        init(_ matches: [TermMatch], in dictionary: TermDictionary) {
            terms = matches.map(\.term)
            shared = [UInt8](repeating: 0, count: terms.count)
            dictionary.bytes.withUnsafeBufferPointer { bytes in
                for n in terms.indices.dropFirst() {
                    let (a, b) = (Int(dictionary.starts[Int(terms[n - 1])]), Int(dictionary.starts[Int(terms[n])]))
                    let limit = min(255, dictionary.length(ofTerm: Int(terms[n - 1])), dictionary.length(ofTerm: Int(terms[n])))
                    var common = 0
                    while common < limit, bytes[a + common] == bytes[b + common] { common += 1 }
                    shared[n] = UInt8(common)
                }
            }
        }
    }

    /// The walk over the sorted terms, on the dictionary's and the DP's raw buffers.
    private struct Walk {
        let word: UnsafeBufferPointer<UInt8>
        let prefix: Bool
        let k: Int
        /// The terms walked: the `order`'s, or every term of the dictionary when nil.
        let count: Int
        let order: UnsafeBufferPointer<Int32>?
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int32>
        /// Per walked term, the bytes it shares with the term walked before it.
        let shared: UnsafeBufferPointer<UInt8>

        @inline(__always)
        private func term(_ n: Int) -> Int { order.map { Int($0[n]) } ?? n }

        func run(rows: UnsafeMutableBufferPointer<Int>, bestPrefix: UnsafeMutableBufferPointer<Int>, into out: inout [TermMatch]) {
            let m = word.count
            let width = m + 1
            let cap = m + k
            let big = k + 1  // any distance past the limit: all that matters is that it is too far
            var validDepth = 0
            var i = 0
            while i < count {
                let t = term(i)
                let start = Int(starts[t])
                let length = Int(starts[t + 1]) - start
                var depth = min(Int(shared[i]), validDepth)
                var verdict = -1  // typos of this term, or -1: no match
                var skipFrom = -1  // when set, every following term sharing this many bytes gets `verdict`
                while true {
                    if depth == length {
                        verdict = prefix ? bestPrefix[depth] : rows[depth * width + m]
                        if verdict > k { verdict = -1 }
                        if prefix, depth == cap { skipFrom = depth }
                        break
                    }
                    if depth == cap {
                        // Deeper bytes cannot help: a prefix keeps its best, a whole word is too long.
                        verdict = prefix && bestPrefix[depth] <= k ? bestPrefix[depth] : -1
                        skipFrom = depth
                        break
                    }
                    depth += 1
                    let c = bytes[start + depth - 1]
                    let previousByte = depth > 1 ? bytes[start + depth - 2] : 0
                    let row = depth * width
                    let above = row - width
                    // Only the diagonal band |j - depth| ≤ k can hold distances within k; the
                    // cells just outside it are marked too far, which is all the next row reads.
                    let low = max(1, depth - k)
                    let high = min(m, depth + k)
                    rows[row] = depth
                    if low > 1 { rows[row + low - 1] = big }
                    if high < m { rows[row + high + 1] = big }
                    var rowMin = depth
                    if low <= high {
                        for j in low...high {
                            var v = min(rows[above + j] + 1, rows[row + j - 1] + 1)
                            v = min(v, rows[above + j - 1] + (c == word[j - 1] ? 0 : 1))
                            if depth > 1, j > 1, c == word[j - 2], previousByte == word[j - 1] {
                                v = min(v, rows[above - width + j - 2] + 1)
                            }
                            rows[row + j] = v
                            if v < rowMin { rowMin = v }
                        }
                    }
                    let last = high == m ? rows[row + m] : big
                    if high < m { rows[row + m] = big }
                    bestPrefix[depth] = min(bestPrefix[depth - 1], last)
                    if rowMin > k {
                        // Dead node: nothing below gets closer than what its ancestors already had.
                        verdict = prefix && bestPrefix[depth - 1] <= k ? bestPrefix[depth - 1] : -1
                        skipFrom = depth
                        break
                    }
                }
                validDepth = depth
                emit(t, verdict, &out)
                i += 1
                if skipFrom >= 0 {
                    while i < count, Int(shared[i]) >= skipFrom {
                        emit(term(i), verdict, &out)
                        i += 1
                    }
                    validDepth = min(validDepth, skipFrom)
                }
            }
        }

        @inline(__always)
        private func emit(_ term: Int, _ typos: Int, _ out: inout [TermMatch]) {
            guard typos >= 0 else { return }
            let length = Int(starts[term + 1] - starts[term])
            out.append(TermMatch(term: Int32(term), typos: UInt8(typos), exact: typos == 0 && length == word.count))
        }
    }

    /// Without typos: a binary search for the word, or the run of terms it starts.
    static func exactMatches(word: [UInt8], prefix: Bool, in dictionary: TermDictionary) -> [TermMatch] {
        let text = String(decoding: word, as: UTF8.self)
        if prefix {
            return dictionary.prefixTerms(text).map {
                TermMatch(term: Int32($0), typos: 0, exact: dictionary.length(ofTerm: $0) == word.count)
            }
        }
        return dictionary.exactTerm(text).map { [TermMatch(term: Int32($0), typos: 0, exact: true)] } ?? []
    }

    /// The distance between two words, or nil past `limit`; with `prefix`, the best over the
    /// prefixes of `term`. What the highlighter uses to find typo matches in a hit's text.
    static func distance(_ word: [UInt8], _ term: [UInt8], prefix: Bool, limit: Int) -> Int? {
        word.withUnsafeBufferPointer { word in
            term.withUnsafeBufferPointer { term in distance(word, term, prefix: prefix, limit: limit) }
        }
    }

    /// `distance` on bytes in place: the highlighter asks it of words of a hit's text, which
    /// it never copies out.
    static func distance(
        _ word: UnsafeBufferPointer<UInt8>, _ term: UnsafeBufferPointer<UInt8>, prefix: Bool, limit: Int
    ) -> Int? {
        let m = word.count
        let n = prefix ? min(term.count, m + limit) : term.count
        if !prefix, abs(n - m) > limit { return nil }
        if n == 0 || m == 0 { return max(n, m) <= limit || (prefix && m <= limit) ? (prefix ? m : max(n, m)) : nil }
        // Three rolling rows in one scratch allocation: the highlighter calls this per token.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { buffer in
            var previous2 = buffer.baseAddress!
            var previous = previous2 + (m + 1)
            var current = previous + (m + 1)
            for j in 0...m { previous[j] = j }
            var best = prefix ? m : Int.max
            for d in 1...n {
                current[0] = d
                var rowMin = d
                let c = term[d - 1]
                for j in 1...m {
                    var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (c == word[j - 1] ? 0 : 1))
                    if d > 1, j > 1, c == word[j - 2], term[d - 2] == word[j - 1] { v = min(v, previous2[j - 2] + 1) }
                    current[j] = v
                    rowMin = min(rowMin, v)
                }
                if prefix { best = min(best, current[m]) }
                // A row all past the limit: no later row gets back under it (a swap reads two
                // rows up, but costs at least what the substitution of the row between does).
                if rowMin > limit { return prefix && best <= limit ? best : nil }
                (previous2, previous, current) = (previous, current, previous2)
            }
            let result = prefix ? best : previous[m]
            return result <= limit ? result : nil
        }
    }
}
