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
    ///
    /// Read scalar by scalar: a tag may stand between a letter and its combining accent
    /// (`e<em>\u{301}</em>`, a backend cutting inside a character), where reading by characters
    /// would take the accent and the tag's `>` for one character and miss the tag. A range that
    /// starts or ends inside a character covers the whole character.
    public init(tagged: String, pre: String = "<em>", post: String = "</em>") {
        var text = String.UnicodeScalarView()
        var scalarRanges: [Range<Int>] = []
        var openedAt: Int?
        let (pre, post) = (Array(pre.unicodeScalars), Array(post.unicodeScalars))
        let input = Array(tagged.unicodeScalars)
        var position = 0
        func tag(_ tag: [Unicode.Scalar]) -> Bool {
            !tag.isEmpty && input.count - position >= tag.count && input[position..<position + tag.count].elementsEqual(tag)
        }
        while position < input.count {
            if tag(pre) {
                openedAt = text.count
                position += pre.count
            } else if tag(post) {
                if let start = openedAt, start < text.count {
                    if let last = scalarRanges.last, last.upperBound == start {
                        scalarRanges[scalarRanges.count - 1] = last.lowerBound..<text.count
                    } else {
                        scalarRanges.append(start..<text.count)
                    }
                }
                openedAt = nil
                position += post.count
            } else {
                text.append(input[position])
                position += 1
            }
        }
        if let start = openedAt, start < text.count { scalarRanges.append(start..<text.count) }
        let string = String(text)
        // Scalar offset → the character holding it.
        var characterAt: [Int] = []
        characterAt.reserveCapacity(text.count + 1)
        for (index, character) in string.enumerated() {
            characterAt += repeatElement(index, count: character.unicodeScalars.count)
        }
        let characters = characterAt.last.map { $0 + 1 } ?? 0
        var ranges: [Range<Int>] = []
        for range in scalarRanges {
            let lower = characterAt[range.lowerBound]
            let upper = characterAt[range.upperBound - 1] + 1
            if let last = ranges.last, last.upperBound >= lower {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                ranges.append(lower..<min(upper, characters))
            }
        }
        self.init(text: string, matchedRanges: ranges)
    }
}
