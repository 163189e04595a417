import InstantSearchCore

/// The query's words as the tsvector holds them (lower-cased, split on anything that is not a
/// letter or digit, like the `simple` configuration's parser on plain words), the prefixes
/// the settings' `queryType` says (the last one while it is being typed, by default) and the
/// typos each may carry.
struct QueryWords: Sendable {
    struct Word: Sendable, Hashable {
        var term: String
        var isPrefix: Bool
        var maxTypos: Int
        /// Vocabulary words within `maxTypos` of `term` (filled in by the typo look-up).
        var alternatives: [String] = []
    }

    var words: [Word]

    init(_ text: String, relevance: RelevanceSettings) {
        let terms = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).prefix(32)
        let endsWithSpace = text.last?.isWhitespace ?? true
        words = terms.enumerated().map { position, term in
            let typos = relevance.allowedTypos(letters: term.unicodeScalars.count)
            return Word(
                term: term, isPrefix: relevance.queryType.isPrefix(position: position, count: terms.count, endsWithSpace: endsWithSpace),
                maxTypos: typos)
        }
    }

    var isEmpty: Bool { words.isEmpty }

    /// `to_tsquery` text: every word required (`&`), the last as a prefix (`:*`), each
    /// optionally OR'd with its typo alternatives. Terms hold only letters and digits, and
    /// are quoted anyway.
    func tsquery(withTypos: Bool) -> String {
        words.map { word in
            var options = ["'\(word.term)'" + (word.isPrefix ? ":*" : "")]
            if withTypos { options += word.alternatives.map { "'\($0)'" } }
            return options.count == 1 ? options[0] : "(" + options.joined(separator: " | ") + ")"
        }.joined(separator: " & ")
    }

    var hasAlternatives: Bool { words.contains { !$0.alternatives.isEmpty } }

    /// The query word a highlighted (lower-cased) word stands for, and how many of its
    /// leading characters matched (the prefix only, when it matched as one).
    func match(_ highlighted: String) -> (word: String, length: Int)? {
        for word in words {
            if highlighted == word.term || word.alternatives.contains(highlighted) {
                return (word.term, highlighted.count)
            }
            if word.isPrefix, highlighted.hasPrefix(word.term) { return (word.term, word.term.count) }
        }
        return nil
    }
}
