import InstantSearchCore

/// An index's synonyms and stop words, folded as query words are, once when the index is made.
struct QueryExpansions: Sendable {
    /// term → terms found in its place, one word for one word (a synonym counts as exact).
    let wordAlternatives: [String: [String]]
    /// terms → terms found in their place, where either side has several words ("ny" ↔ "new york").
    let phraseAlternatives: [[String]: [[String]]]
    let longestPhrase: Int
    let stopWords: Set<String>
    let ignorePlurals: Bool

    init(_ relevance: RelevanceSettings) {
        var tokenizer = Tokenizer()
        var words: [String: [String]] = [:]
        var phrases: [[String]: [[String]]] = [:]
        func add(_ from: [String], _ to: [String]) {
            guard !from.isEmpty, !to.isEmpty, from != to else { return }
            if from.count == 1, to.count == 1 {
                if !(words[from[0]] ?? []).contains(to[0]) { words[from[0], default: []].append(to[0]) }
            } else if !(phrases[from] ?? []).contains(to) {
                phrases[from, default: []].append(to)
            }
        }
        for synonym in relevance.synonyms {
            let folded = synonym.synonyms.map { Array(tokenizer.terms(in: $0, mode: .query).prefix(QueryWord.maxWords)) }
            if let input = synonym.input {
                let from = tokenizer.terms(in: input, mode: .query)
                for to in folded { add(from, to) }
            } else {
                for from in folded { for to in folded { add(from, to) } }
            }
        }
        wordAlternatives = words
        phraseAlternatives = phrases
        longestPhrase = phrases.keys.map(\.count).max() ?? 0
        stopWords = StopWords.words(for: relevance.removeStopWords)
        ignorePlurals = relevance.ignorePlurals
    }

    /// The query without its stop words, except a word still being typed; never every word.
    func removingStopWords(_ words: [QueryWord]) -> [QueryWord] {
        guard !stopWords.isEmpty else { return words }
        let kept = words.filter { $0.isPrefix || !stopWords.contains($0.term) }
        return kept.isEmpty ? words : kept
    }

    /// The exact alternatives of one word: its one-word synonyms, its other plural forms.
    func alternatives(of term: String) -> [String] {
        var found = wordAlternatives[term] ?? []
        if ignorePlurals {
            for form in EnglishPlurals.otherForms(of: term) where !found.contains(form) { found.append(form) }
        }
        return found
    }
}
