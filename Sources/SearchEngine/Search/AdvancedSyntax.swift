import InstantSearchCore

/// A query of records read with Algolia's `advancedSyntax`: `"a phrase"` (its words side by
/// side, in this order, in one attribute) and `-word` (records holding the word are left out),
/// as the features allowed say. What is left is searched as plain words.
///
/// A quote not closed yet (a phrase still being typed) and a `-` with nothing after it are
/// read as plain text. Phrase and excluded words are matched as typed: no prefix, no typo,
/// no plural or synonym, and never inside another word.
struct AdvancedSyntax: Equatable {
    /// The query's text with phrases and exclusions blanked out: its words are the plain
    /// words, the last a prefix only when it was typed last.
    var plainText: String
    /// Each phrase's words, folded as the index folds them.
    var phrases: [[String]] = []
    /// The excluded words, folded.
    var excluded: [String] = []

    /// Nothing read: the text as it is.
    init(plain text: String) {
        plainText = text
    }

    init(_ text: String, features: Set<AdvancedSyntaxFeature>) {
        var tokenizer = Tokenizer()
        var plain = ""
        var phrases: [[String]] = []
        var excluded: [String] = []
        var characters = Array(text)[...]
        var previous: Character = " "
        while let character = characters.first {
            if features.contains(.exactPhrase), character == "\"",
                let close = characters.dropFirst().firstIndex(of: "\"")
            {
                let words = tokenizer.terms(in: String(characters[characters.startIndex + 1..<close]), mode: .query)
                if !words.isEmpty { phrases.append(words) }
                plain += String(repeating: " ", count: close - characters.startIndex + 1)
                previous = " "
                characters = characters[(close + 1)...]
                continue
            }
            if features.contains(.excludeWords), character == "-", previous.isWhitespace {
                let word = characters.dropFirst().prefix { !$0.isWhitespace }
                let terms = tokenizer.terms(in: String(word), mode: .query)
                if !terms.isEmpty {
                    excluded += terms
                    plain += String(repeating: " ", count: word.count + 1)
                    characters = characters.dropFirst(word.count + 1)
                    previous = " "
                    continue
                }
            }
            plain.append(character)
            previous = character
            characters = characters.dropFirst()
        }
        self.init(plain: plain)
        self.phrases = phrases
        self.excluded = excluded
    }

    var isEmpty: Bool { phrases.isEmpty && excluded.isEmpty }

    /// The phrases' words as query words: required, matched as typed.
    var phraseWords: [QueryWord] {
        phrases.joined().map { QueryWord(term: $0, isPrefix: false) }
    }

    /// The matches that hold every phrase and none of the excluded words.
    func keep(_ matches: TextMatches, in index: SearchIndex) -> TextMatches {
        guard !isEmpty, !matches.records.isEmpty else { return matches }
        var excludedDocuments = Set<Int32>()
        for word in excluded {
            guard let term = index.dictionary.exactTerm(word) else { continue }
            for posting in index.dictionary.postings(ofTerm: term) { excludedDocuments.insert(posting.record) }
        }
        var tokenizer = Tokenizer()
        var kept = TextMatches(records: [], keys: [])
        for (document, key) in zip(matches.records, matches.keys) {
            guard !excludedDocuments.contains(document) else { continue }
            if !phrases.isEmpty {
                let record = index.records[index.recordAtCustomRank[Int(document)]]
                guard phrases.allSatisfy({ Self.holds(record, $0, in: index, tokenizer: &tokenizer) }) else { continue }
            }
            kept.records.append(document)
            kept.keys.append(key)
        }
        return kept
    }

    /// Whether one value of a searchable attribute has the phrase's words side by side, in
    /// order: read from the record's text, as the index tokenized it (its postings keep one
    /// place per word and attribute, so a word met twice could not tell).
    static func holds(_ record: JSONValue, _ phrase: [String], in index: SearchIndex, tokenizer: inout Tokenizer) -> Bool {
        for attribute in index.settings.searchableAttributes {
            for text in SearchIndex.searchableTexts(record.value(atPath: attribute)) {
                let words = tokenizer.terms(in: text)
                guard words.count >= phrase.count else { continue }
                for start in 0...(words.count - phrase.count) where words[start..<start + phrase.count].elementsEqual(phrase) {
                    return true
                }
            }
        }
        return false
    }
}

extension SearchIndex {
    /// The query's text as `advancedSyntax` reads it: the query's choice, else the index's.
    func advancedSyntax(of query: Query) -> AdvancedSyntax {
        let relevance = settings.relevance
        guard query.advancedSyntax ?? relevance.advancedSyntax else { return AdvancedSyntax(plain: query.text) }
        return AdvancedSyntax(query.text, features: query.advancedSyntaxFeatures ?? relevance.advancedSyntaxFeatures)
    }
}
