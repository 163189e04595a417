import InstantSearchCore

/// A query word found inside an indexed word (`zip` in `gunzip`, never at its start), on the folded bytes records
/// are indexed and highlighted as. The search is the lines' own exact-term match (`LineScorer`,
/// fzf's `'term`: the occurrence at a word boundary inside the word first), so records and
/// lines find a word inside another the same way.
struct InfixMatch {
    private static let scorer = LineScorer(scheme: .default)
    private let term: LinePattern.Term
    let count: Int

    init(_ word: some Collection<UInt8>) {
        // Folded already: compared byte for byte, no case or diacritics to fold again.
        term = LinePattern.Term(kind: .exact, inverse: false, text: word.map(UInt32.init), caseSensitive: true, normalize: false)
        count = word.count
    }

    /// Where in `bytes` the word is found past the first byte, nil when it is not. Inside
    /// only: a word at the start of another is a prefix, which Algolia's rules give the last
    /// query word alone ("libre ofic" finds no `libreoffice`). A folded word starts with a
    /// lead byte, so it is never found at a continuation byte.
    func range(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard count > 0, bytes.count > count else { return nil }
        let inside = UnsafeBufferPointer(rebasing: bytes[1...])
        guard let found = Self.scorer.match(term, in: ByteLine(bytes: inside))?.range else { return nil }
        return found.lowerBound + 1..<found.upperBound + 1
    }

    /// The dictionary's terms holding `word` but not among `found` (the word's matches at
    /// word starts), as inexact matches with `typos` (one more than the word allows: an infix
    /// match ranks below every match at a word start). A walk of the whole dictionary, made
    /// only for a word whose infix mode asks for it, then kept in `TermMatchCache`.
    static func terms(of word: [UInt8], typos: UInt8, besides found: [TermMatch], in dictionary: TermDictionary) -> [TermMatch] {
        let matcher = InfixMatch(word)
        let known = Set(found.map(\.term))
        var terms: [TermMatch] = []
        dictionary.bytes.withUnsafeBufferPointer { bytes in
            for term in 0..<dictionary.termCount where !known.contains(Int32(term)) {
                let start = Int(dictionary.starts[term])
                let end = Int(dictionary.starts[term + 1])
                guard end - start > word.count else { continue }
                if matcher.range(in: UnsafeBufferPointer(rebasing: bytes[start..<end])) != nil {
                    terms.append(TermMatch(term: Int32(term), typos: typos, exact: false))
                }
            }
        }
        return terms
    }
}

extension SearchIndex {
    /// Per query word, the attribute slots where it may match inside words (`QueryWord.infixSlots`),
    /// from the `infix` setting: `always` slots, and `fallback` ones when the word matches no
    /// indexed word at its start. The first `phraseWords` (an `advancedSyntax` phrase's) never do.
    func settingInfix(_ words: [QueryWord], phraseWords: Int) -> [QueryWord] {
        let infix = settings.relevance.infix
        let modes = settings.searchableAttributes.map { infix.mode(of: $0) }
        guard modes.contains(where: { $0 != .off }) else { return words }
        func slots(_ mode: InfixMode) -> UInt64 {
            modes.enumerated().reduce(0) { $1.element == mode ? $0 | QueryWord.infixBit(slot: $1.offset) : $0 }
        }
        let always = slots(.always)
        let fallback = slots(.fallback)
        return words.enumerated().map { position, word in
            guard position >= phraseWords else { return word }
            var word = word
            word.infixSlots = always | (fallback != 0 && !matchesAtWordStarts(word) ? fallback : 0)
            return word
        }
    }

    /// Whether some indexed word matches `word` at its start: as typed, as a prefix, with its
    /// typos or as one of its alternatives (the same cached lookup the search makes).
    private func matchesAtWordStarts(_ word: QueryWord) -> Bool {
        if word.isPrefix ? !dictionary.prefixTerms(word.term).isEmpty : dictionary.exactTerm(word.term) != nil { return true }
        if word.alternatives.contains(where: { dictionary.exactTerm($0) != nil }) { return true }
        guard word.maxTypos > 0 else { return false }
        return !termMatchCache.typoTerms(Array(word.term.utf8), prefix: word.isPrefix, maxTypos: word.maxTypos, in: dictionary).isEmpty
    }
}

extension TextMatcher {
    /// `gather` for one query word: when it may match inside words in some attributes only,
    /// the postings of its infix terms are kept in those attributes alone.
    static func gather(_ terms: [TermMatch], of word: QueryWord, index: SearchIndex, keepOnly: SurvivorSet?) throws -> [UInt64] {
        let slots = index.settings.searchableAttributes.count
        let everywhere = (0..<slots).allSatisfy { word.infixSlots & QueryWord.infixBit(slot: $0) != 0 }
        guard word.infixSlots != 0, !everywhere else { return try gather(terms, index: index, keepOnly: keepOnly) }
        let isInfix = { (match: TermMatch) in !match.exact && match.typos == word.infixTypos }
        let atStarts = try gather(terms.filter { !isInfix($0) }, index: index, keepOnly: keepOnly)
        let inside = try gather(terms.filter(isInfix), index: index, keepOnly: keepOnly).filter { pair in
            word.infixSlots & QueryWord.infixBit(slot: Int(pair >> 20 & 0xFF)) != 0
        }
        guard !inside.isEmpty else { return atStarts }
        guard !atStarts.isEmpty else { return inside }
        // Both sorted by document (the high half): one merge keeps them so.
        var merged: [UInt64] = []
        merged.reserveCapacity(atStarts.count + inside.count)
        var (i, j) = (0, 0)
        while i < atStarts.count || j < inside.count {
            if j == inside.count || (i < atStarts.count && atStarts[i] <= inside[j]) {
                merged.append(atStarts[i])
                i += 1
            } else {
                merged.append(inside[j])
                j += 1
            }
        }
        return merged
    }
}
