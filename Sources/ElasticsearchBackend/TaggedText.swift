import InstantSearchCore

/// Reads highlighted text in tagged form (`<em>Son</em>y Bravia`) back into text and the
/// ranges that matched, counted in `Character`s like `HighlightedText`.
enum TaggedText {
    static func parse(_ tagged: String, pre: String = "<em>", post: String = "</em>") -> HighlightedText {
        var text = ""
        var ranges: [Range<Int>] = []
        var count = 0
        var openedAt: Int?
        var rest = Substring(tagged)
        while !rest.isEmpty {
            if rest.hasPrefix(pre) {
                openedAt = count
                rest = rest.dropFirst(pre.count)
            } else if rest.hasPrefix(post) {
                if let start = openedAt, start < count {
                    // Adjacent highlights (`<em>a</em><em>b</em>`) merge into one range.
                    if let last = ranges.last, last.upperBound == start {
                        ranges[ranges.count - 1] = last.lowerBound..<count
                    } else {
                        ranges.append(start..<count)
                    }
                }
                openedAt = nil
                rest = rest.dropFirst(post.count)
            } else {
                text.append(rest.removeFirst())
                count += 1
            }
        }
        return HighlightedText(text: text, matchedRanges: ranges)
    }
}
