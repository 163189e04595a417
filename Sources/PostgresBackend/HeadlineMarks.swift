import InstantSearchCore

/// Turns ts_headline's marked text back into `HighlightedText`, and says how well each
/// attribute matched.
enum HeadlineMarks {
    /// `headlines`: {attribute: [marked value, …]} as `SearchStatements.hits` selects it.
    static func highlights(_ headlines: JSONValue?, words: QueryWords) -> [String: AttributeHighlight] {
        guard let attributes = headlines?.objectValue else { return [:] }
        var result: [String: AttributeHighlight] = [:]
        for (attribute, marked) in attributes {
            guard let values = marked.arrayValue else { continue }
            var matched: Set<String> = []
            let texts = values.compactMap(\.stringValue).map { parse($0, words: words, matched: &matched) }
            let ordered = words.words.map(\.term).filter { matched.contains($0) }
            let level: MatchLevel = ordered.isEmpty ? .none : ordered.count == words.words.count ? .full : .partial
            result[attribute] = AttributeHighlight(values: texts, matchLevel: level, matchedWords: ordered)
        }
        return result
    }

    /// A marked word matched as a prefix is highlighted over the prefix only (`<em>Ap</em>ple`),
    /// like the embedded engine; ts_headline marks the whole word.
    static func parse(_ marked: String, words: QueryWords, matched: inout Set<String>) -> HighlightedText {
        var text = ""
        var ranges: [Range<Int>] = []
        var count = 0
        var run: String?
        var runStart = 0
        for character in marked {
            if String(character) == SearchStatements.highlightStart {
                run = ""
                runStart = count
            } else if String(character) == SearchStatements.highlightEnd {
                if let word = run, let match = words.match(word.lowercased()) {
                    matched.insert(match.word)
                    ranges.append(runStart..<(runStart + min(match.length, word.count)))
                } else if let word = run, !word.isEmpty {
                    ranges.append(runStart..<(runStart + word.count))
                }
                run = nil
            } else {
                text.append(character)
                run?.append(character)
                count += 1
            }
        }
        return HighlightedText(text: text, matchedRanges: ranges)
    }
}
