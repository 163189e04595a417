import InstantSearchCore

/// Marks the query words in a hit's searchable attributes, in Character offsets of the
/// original text. A prefix match marks only the typed part: `<em>Ap</em>ple`.
struct Highlighter {
    let words: [QueryWord]
    private var tokenizer = Tokenizer()
    /// Per distinct token of the hits' texts, each word's typos against it (-1: no match).
    /// Long plots repeat their words, and one search highlights twenty of them.
    private var memo: [String: [Int8]] = [:]

    private let anyTypos: Bool

    init(words: [QueryWord]) {
        self.words = words
        anyTypos = words.contains { $0.maxTypos > 0 }
    }

    /// Each searchable attribute's highlight, and the snippets of its long values (see `Snippeter`).
    mutating func highlights(
        of record: JSONValue, attributes: [String]
    ) -> (highlights: [String: AttributeHighlight], snippets: [String: AttributeHighlight]) {
        var result: [String: AttributeHighlight] = [:]
        var snippets: [String: AttributeHighlight] = [:]
        for attribute in attributes {
            let texts = SearchIndex.searchableTexts(record[attribute])
            guard !texts.isEmpty else { continue }
            var matched = Set<Int>()
            let cut = texts.map { highlight($0, matchedWords: &matched) }
            let values = cut.map(\.full)
            let distinctWords = Set(words.map(\.term))
            let matchedTerms = Set(matched.map { words[$0].term })
            let level: MatchLevel =
                matchedTerms.isEmpty ? .none : matchedTerms.count == distinctWords.count ? .full : .partial
            var seen = Set<String>()
            let matchedWords = words.indices.filter { matched.contains($0) }.map { words[$0].term }.filter { seen.insert($0).inserted }
            result[attribute] = AttributeHighlight(values: values, matchLevel: level, matchedWords: matchedWords)
            if cut.contains(where: { $0.snippet != nil }) {
                snippets[attribute] = AttributeHighlight(
                    values: cut.map { $0.snippet ?? $0.full }, matchLevel: level, matchedWords: matchedWords)
            }
        }
        return (result, snippets)
    }

    private mutating func highlight(
        _ text: String, matchedWords: inout Set<Int>
    ) -> (full: HighlightedText, snippet: HighlightedText?) {
        var tokens: [(term: String, range: Range<Int>)] = []
        tokenizer.forEachToken(in: text) { tokens.append(($0, $1)) }
        var byteRanges: [Range<Int>] = []
        var firstMatchToken: Int?
        for (tokenIndex, (term, range)) in tokens.enumerated() where !words.isEmpty {
            var longest = 0  // how much of the token, in folded bytes, the best-matching word covers
            let typosOfWords: [Int8]
            if !anyTypos {
                // Without typo tolerance a match is a byte comparison: cheaper than the memo.
                typosOfWords = words.map { $0.matches(term) ? 0 : -1 }
            } else if let known = memo[term] {
                typosOfWords = known
            } else {
                typosOfWords = words.map { word in word.typos(against: term).map { Int8($0) } ?? -1 }
                memo[term] = typosOfWords
            }
            for (index, word) in words.enumerated() {
                let typos = Int(typosOfWords[index])
                guard typos >= 0 else { continue }
                matchedWords.insert(index)
                // A prefix marks what was typed; a whole word, even with a typo, is marked whole.
                let covered = word.isPrefix && typos == 0 ? word.term.utf8.count : term.utf8.count
                longest = max(longest, covered)
            }
            guard longest > 0 else { continue }
            if firstMatchToken == nil { firstMatchToken = tokenIndex }
            if longest >= term.utf8.count {
                byteRanges.append(range)
            } else {
                byteRanges.append(range.lowerBound..<prefixEnd(in: text, token: range, foldedLength: longest))
            }
        }
        let snippet = Snippeter.snippet(
            of: text, tokens: tokens.map(\.range), matches: byteRanges, firstMatchToken: firstMatchToken)
        guard let lastByte = byteRanges.last?.upperBound else { return (HighlightedText(text: text), snippet) }
        // Characters are counted only as far as the last match: the rest of a plot needs none.
        let offsets = CharacterOffsets(text, upTo: lastByte)
        return (HighlightedText(text: text, matchedRanges: byteRanges.map { offsets.characterRange($0) }), snippet)
    }

    /// Where, in the original bytes of a token, its first `foldedLength` folded bytes end:
    /// "Éclair" folds to "eclair", and a typed "ec" must mark "Éc", which is three bytes.
    private mutating func prefixEnd(in text: String, token: Range<Int>, foldedLength: Int) -> Int {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: token.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: token.upperBound)
        var folded = 0
        var offset = token.lowerBound
        for character in text[start..<end] {
            folded += tokenizer.fold(String(character)).utf8.count
            offset += character.utf8.count
            if folded >= foldedLength { return offset }
        }
        return token.upperBound
    }
}
