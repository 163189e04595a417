import InstantSearchCore

/// Marks the query words in a hit's searchable attributes, in Character offsets of the
/// original text. A prefix match marks only the typed part: `<em>Ap</em>ple`.
struct Highlighter {
    let words: [QueryWord]
    private var tokenizer = Tokenizer()

    init(words: [QueryWord]) {
        self.words = words
    }

    mutating func highlights(of record: JSONValue, attributes: [String]) -> [String: AttributeHighlight] {
        var result: [String: AttributeHighlight] = [:]
        for attribute in attributes {
            let texts = SearchIndex.searchableTexts(record[attribute])
            guard !texts.isEmpty else { continue }
            var matched = Set<Int>()
            let values = texts.map { highlight($0, matchedWords: &matched) }
            let distinctWords = Set(words.map(\.term))
            let matchedTerms = Set(matched.map { words[$0].term })
            let level: MatchLevel =
                matchedTerms.isEmpty ? .none : matchedTerms.count == distinctWords.count ? .full : .partial
            var seen = Set<String>()
            let matchedWords = words.indices.filter { matched.contains($0) }.map { words[$0].term }.filter { seen.insert($0).inserted }
            result[attribute] = AttributeHighlight(values: values, matchLevel: level, matchedWords: matchedWords)
        }
        return result
    }

    private mutating func highlight(_ text: String, matchedWords: inout Set<Int>) -> HighlightedText {
        guard !words.isEmpty else { return HighlightedText(text: text) }
        var tokens: [(term: String, range: Range<Int>)] = []
        tokenizer.forEachToken(in: text) { tokens.append(($0, $1)) }
        var byteRanges: [Range<Int>] = []
        for (term, range) in tokens {
            var longest = 0  // how much of the token, in folded bytes, the best-matching word covers
            for (index, word) in words.enumerated() where word.matches(term) {
                matchedWords.insert(index)
                longest = max(longest, word.term.utf8.count)
            }
            guard longest > 0 else { continue }
            if longest >= term.utf8.count {
                byteRanges.append(range)
            } else {
                byteRanges.append(range.lowerBound..<prefixEnd(in: text, token: range, foldedLength: longest))
            }
        }
        guard !byteRanges.isEmpty else { return HighlightedText(text: text) }
        let offsets = CharacterOffsets(text)
        return HighlightedText(text: text, matchedRanges: byteRanges.map { offsets.characterRange($0) })
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
