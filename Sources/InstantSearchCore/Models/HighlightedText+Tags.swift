/// Highlighted text in Algolia's tagged form, both ways: what `instantsearch query` and
/// `serve` write, and what remote backends (Algolia's protocol, Elasticsearch) send back.
extension HighlightedText {
    /// Algolia's tagged form: `<em>Ap</em>ple`.
    public func tagged(pre: String = "<em>", post: String = "</em>") -> String {
        var out = ""
        var index = 0
        var ranges = matchedRanges.sorted { $0.lowerBound < $1.lowerBound }[...]
        for ch in text {
            if let r = ranges.first, r.lowerBound == index { out += pre }
            out.append(ch)
            index += 1
            if let r = ranges.first, r.upperBound == index {
                out += post
                ranges.removeFirst()
            }
        }
        return out
    }

    /// Reads the tagged form back: `<em>Son</em>y Bravia` is "Sony Bravia" with characters
    /// 0..<3 matched. Adjacent highlights (`<em>a</em><em>b</em>`) make one range.
    public init(tagged: String, pre: String = "<em>", post: String = "</em>") {
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
        if let start = openedAt, start < count { ranges.append(start..<count) }
        self.init(text: text, matchedRanges: ranges)
    }
}
