import InstantSearchCore

/// A word of the query, folded like indexed text. Which words are prefixes is the settings'
/// `queryType`: by default only the last word of a query still being typed ("star wa" finds
/// "wars", "star wa " does not).
struct QueryWord: Hashable, Sendable {
    var term: String
    var isPrefix: Bool
    /// How many typos a matching term may have (0 below `minWordSizefor1Typo` letters).
    var maxTypos: Int = 0
    /// Other words found as this one, without typos, and counted exact: its synonyms and
    /// other plural forms (Algolia's `alternativesAsExact`).
    var alternatives: [String] = []
    /// The attribute slots where the word may also match inside an indexed word (bit `i`: slot
    /// `i`, the last bit every slot from 63 on); 0: at word starts only (see `InfixMatch`).
    var infixSlots: UInt64 = 0

    static func infixBit(slot: Int) -> UInt64 { 1 << UInt64(min(slot, 63)) }

    /// The typos an infix match counts: one more than the word allows, so it ranks below.
    var infixTypos: UInt8 { UInt8(min(maxTypos + 1, 15)) }

    /// Per-record match cells are small; a longer "query" is a pasted text, not a search.
    static let maxWords = 32

    /// Said with the results when a query had more words than `maxWords`: nothing is dropped silently.
    static let cutNotice = "only the first \(maxWords) words of the query are searched"

    /// Whether `parse` kept only the first `maxWords` of the words of `text`.
    static func isCut(_ text: String, parsed: [QueryWord]) -> Bool {
        guard parsed.count == maxWords else { return false }
        var tokenizer = Tokenizer()
        return tokenizer.terms(in: text, mode: .query).count > maxWords
    }

    static func parse(_ text: String, relevance: RelevanceSettings? = nil) -> [QueryWord] {
        var tokenizer = Tokenizer()
        let terms = Array(tokenizer.terms(in: text, mode: .query).prefix(maxWords))
        let endsWithSpace = text.last?.isWhitespace ?? true
        return terms.enumerated().map { index, term in
            // One character of CJK text is matched as the start of the pairs it begins.
            let isPrefix =
                (relevance?.queryType ?? .prefixLast).isPrefix(position: index, count: terms.count, endsWithSpace: endsWithSpace)
                || Tokenizer.isSingleCJKCharacter(term)
            return QueryWord(
                term: term, isPrefix: isPrefix, maxTypos: relevance?.allowedTypos(letters: term.unicodeScalars.count) ?? 0)
        }
    }

    /// Whether an indexed word matches without typos.
    func matches(_ indexedTerm: String) -> Bool {
        isPrefix ? indexedTerm.utf8.starts(with: term.utf8) : indexedTerm == term
    }

    /// The typos with which an indexed word matches, nil when it does not; lengths that cannot
    /// match are turned away before the distance is computed. (The highlighter does the same on
    /// bytes, in `WordMatcher`: keep the two in step.)
    func typos(against indexedTerm: String) -> Int? {
        if matches(indexedTerm) { return 0 }
        guard maxTypos > 0 else { return nil }
        let length = indexedTerm.utf8.count
        let wordLength = term.utf8.count
        if length < wordLength - maxTypos || (!isPrefix && length > wordLength + maxTypos) { return nil }
        return TypoMatcher.distance(Array(term.utf8), Array(indexedTerm.utf8), prefix: isPrefix, limit: maxTypos)
    }
}
