import InstantSearchCore

/// Marks the query words in a hit's searchable attributes, in Character offsets of the
/// original text. A prefix match marks only the typed part: `<em>Ap</em>ple`; a match
/// inside a word (infix) the part found: `gun<em>zip</em>`.
///
/// Twenty hits, each with a long plot summary, are highlighted per keystroke, so a text is
/// read once as UTF-8 bytes: words are matched as the tokenizer folds them (no String per
/// word), and Characters are counted only as far as the last match, a byte at a time in ASCII.
struct Highlighter {
    let words: [QueryWord]
    private var matcher: WordMatcher
    private var tokenizer = Tokenizer()
    /// Per word, the first word with the same term: levels and matched words count terms, and
    /// "star star" has one. (Bit masks of words: a query has at most `QueryWord.maxWords`.)
    private let termIndex: [Int]
    private let distinctTerms: Int
    /// Reused from text to text: the words of the text at hand, its marks (byte ranges), and
    /// which marks still need their end found the slow way (see `prefixEnd`).
    private var tokens: [Range<Int>] = []
    private var marks: [Range<Int>] = []
    private var partialMarks: [(mark: Int, foldedStart: Int, foldedLength: Int)] = []

    init(words: [QueryWord], standIns: [(word: QueryWord, for: Int)] = []) {
        self.words = words
        matcher = WordMatcher(words, standIns: standIns)
        let terms = words.map(\.term)
        termIndex = terms.map { terms.firstIndex(of: $0)! }
        distinctTerms = Set(terms).count
    }

    /// Each searchable attribute's highlight, and the snippets of its long values (see `Snippeter`).
    mutating func highlights(
        of record: JSONValue, attributes: [String]
    ) -> (highlights: [String: AttributeHighlight], snippets: [String: AttributeHighlight]) {
        var result: [String: AttributeHighlight] = [:]
        var snippets: [String: AttributeHighlight] = [:]
        for attribute in attributes {
            let texts = SearchIndex.searchableTexts(record.value(atPath: attribute))
            guard !texts.isEmpty else { continue }
            var matched: UInt64 = 0
            let cut = texts.map { highlight($0, matchedWords: &matched) }
            var matchedTerms: UInt64 = 0
            var matchedWords: [String] = []
            for (index, word) in words.enumerated() where matched & 1 << UInt64(index) != 0 {
                let term: UInt64 = 1 << UInt64(termIndex[index])
                if matchedTerms & term == 0 { matchedWords.append(word.term) }
                matchedTerms |= term
            }
            let level: MatchLevel =
                matchedTerms == 0 ? .none : matchedTerms.nonzeroBitCount == distinctTerms ? .full : .partial
            result[attribute] = AttributeHighlight(values: cut.map(\.full), matchLevel: level, matchedWords: matchedWords)
            if cut.contains(where: { $0.snippet != nil }) {
                snippets[attribute] = AttributeHighlight(
                    values: cut.map { $0.snippet ?? $0.full }, matchLevel: level, matchedWords: matchedWords)
            }
        }
        return (result, snippets)
    }

    private mutating func highlight(
        _ text: String, matchedWords: inout UInt64
    ) -> (full: HighlightedText, snippet: HighlightedText?) {
        var utf8 = text
        return utf8.withUTF8 { bytes in
            let firstMatchToken = Highlighter.findMarks(
                in: bytes, matcher: &matcher, tokenizer: &tokenizer, tokens: &tokens, marks: &marks,
                partialMarks: &partialMarks, matchedWords: &matchedWords)
            for (mark, foldedStart, foldedLength) in partialMarks {
                let token = marks[mark]
                let start = foldedStart == 0 ? token.lowerBound : prefixEnd(in: text, token: token, foldedLength: foldedStart)
                marks[mark] = start..<prefixEnd(in: text, token: token, foldedLength: foldedStart + foldedLength)
            }
            Highlighter.mergeOverlaps(&marks)
            let snippet = Snippeter.snippet(of: bytes, tokens: tokens, matches: marks, firstMatchToken: firstMatchToken)
            guard !marks.isEmpty else { return (HighlightedText(text: text), snippet) }
            var cursor = CharacterCursor(text)
            let ranges = marks.map { cursor.characterRange($0, in: bytes) }
            return (HighlightedText(text: text, matchedRanges: ranges), snippet)
        }
    }

    /// Tokenizes `bytes` into `tokens` and marks every word a query word matches in `marks`;
    /// returns the token of the first match. A mark a prefix covers only part of is cut here
    /// when its word and neighbours are ASCII, else listed in `partialMarks` for `prefixEnd`.
    private static func findMarks(
        in bytes: UnsafeBufferPointer<UInt8>, matcher: inout WordMatcher, tokenizer: inout Tokenizer,
        tokens: inout [Range<Int>], marks: inout [Range<Int>], partialMarks: inout [(mark: Int, foldedStart: Int, foldedLength: Int)],
        matchedWords: inout UInt64
    ) -> Int? {
        tokens.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        partialMarks.removeAll(keepingCapacity: true)
        var firstMatchToken: Int?
        tokenizer.forEachToken(inUTF8: bytes) { term, range in
            tokens.append(range)
            let match = matcher.match(term)
            guard match.covered > 0 else { return }
            matchedWords |= match.words
            if firstMatchToken == nil { firstMatchToken = tokens.count - 1 }
            if match.covered >= term.count {
                marks.append(range)
            } else if isASCII(range, in: bytes) {
                // One byte, one folded byte and one Character each, up to the word's end.
                let start = range.lowerBound + match.coveredStart
                marks.append(start..<start + match.covered)
            } else {
                partialMarks.append((marks.count, match.coveredStart, match.covered))
                marks.append(range)
            }
        }
        return firstMatchToken
    }

    /// CJK pairs overlap ("京の" and "の夜" share "の"): marks that overlap or touch become one.
    /// Marks come in text order, so one pass does it (and none when nothing overlaps).
    private static func mergeOverlaps(_ marks: inout [Range<Int>]) {
        guard marks.count > 1 else { return }
        var kept = 0
        for i in 1..<marks.count {
            if marks[i].lowerBound <= marks[kept].upperBound {
                marks[kept] = marks[kept].lowerBound..<max(marks[kept].upperBound, marks[i].upperBound)
            } else {
                kept += 1
                marks[kept] = marks[i]
            }
        }
        marks.removeLast(marks.count - kept - 1)
    }

    /// Whether a word and the bytes either side of it are ASCII: then no Character straddles
    /// its ends (only non-ASCII characters combine with a neighbour).
    private static func isASCII(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let from = max(range.lowerBound - 1, 0)
        let to = min(range.upperBound + 1, bytes.count)
        for i in from..<to where bytes[i] >= 0x80 { return false }
        return true
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
