/// Where in a line a pattern matched: the `--nth` fields it is matched in, and the matched
/// characters a hit highlights.
extension LineScan {
    /// With `--nth`: where in the line (scalar offsets) the chosen fields are, from the first's
    /// start to the last's end (its delimiter left out); nil when the line has none of them.
    func nthSpan(_ text: String) -> Range<Int>? {
        guard let nth = options.nth else { return 0..<text.unicodeScalars.count }
        let fields = options.delimiter.fields(text)
        let chosen = nth.indices(count: fields.count)
        guard let first = chosen.min(), let last = chosen.max() else { return nil }
        var offset = 0
        var start = 0
        var end = 0
        for (i, field) in fields.enumerated() {
            if i == first { start = offset }
            if i == last { end = offset + options.delimiter.stripped(field).unicodeScalars.count }
            offset += field.unicodeScalars.count
        }
        return start..<max(start, end)
    }

    /// The matched characters of a line (scalar offsets, in order), for highlighting.
    func positions(of line: Int) -> [Int] {
        let text = table.text(of: line)
        guard let span = nthSpan(text) else { return [] }
        let scalars = text.unicodeScalars.map(\.value)
        return scalars.withUnsafeBufferPointer { buffer in
            let text = ScalarLine(scalars: UnsafeBufferPointer(rebasing: buffer[span]))
            var all: [Int] = []
            var index = 0
            for set in 0..<compiled.setCount {
                let setEnd = compiled.setEnds[set]
                while index < setEnd {
                    let term = compiled.terms[index]
                    index += 1
                    guard !term.inverse, let positions = scorer.matchPositions(term, in: text) else { continue }
                    all += positions.map { $0 + span.lowerBound }
                    break
                }
                index = setEnd
            }
            return Array(Set(all)).sorted()
        }
    }
}
