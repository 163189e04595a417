import InstantSearchCore

/// Cuts a long text down to a few words around its first match — what a hit list shows of a
/// plot summary — keeping the marks, with "…" where text was left out.
///
/// Works on the highlighter's tokens and byte ranges, so only the snippet itself (a few words)
/// is ever broken into Characters, never the whole plot.
enum Snippeter {
    /// Texts longer than this many bytes get a snippet.
    static let threshold = 160
    /// Words kept: a few before the first match, the rest after.
    static let words = 10
    static let wordsBefore = 3

    /// `utf8`: the text's bytes; `tokens`: its words as byte ranges, in order; `matches`: byte
    /// ranges of the matches, in order; `firstMatchToken`: the token holding the first match, if any.
    static func snippet(
        of utf8: UnsafeBufferPointer<UInt8>, tokens: [Range<Int>], matches: [Range<Int>], firstMatchToken: Int?
    ) -> HighlightedText? {
        guard utf8.count > threshold, !tokens.isEmpty else { return nil }
        let anchor = firstMatchToken ?? 0
        let first = max(0, min(anchor - wordsBefore, tokens.count - words))
        let last = min(tokens.count, first + words) - 1
        let from = first == 0 ? 0 : tokens[first].lowerBound
        let to = last == tokens.count - 1 ? utf8.count : tokens[last].upperBound

        let prefix = from > 0 ? "… " : ""
        let suffix = to < utf8.count ? " …" : ""
        let snippet = prefix + String(decoding: UnsafeBufferPointer(rebasing: utf8[from..<to]), as: UTF8.self) + suffix
        let shift = prefix.utf8.count - from
        var ranges: [Range<Int>] = []
        var cursor = CharacterCursor(snippet)
        var bytes = snippet
        bytes.withUTF8 { bytes in
            for range in matches {
                if range.lowerBound >= to { break }  // in order: the rest lie past the snippet too
                let lower = max(range.lowerBound, from)
                let upper = min(range.upperBound, to)
                if lower < upper { ranges.append(cursor.characterRange((lower + shift)..<(upper + shift), in: bytes)) }
            }
        }
        return HighlightedText(text: snippet, matchedRanges: ranges)
    }
}
