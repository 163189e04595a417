import InstantSearchCore

/// What the preview pane shows of a hit, before wrapping: each field as "name: value" with the
/// query's matches highlighted (the backend's highlight result), nested objects and arrays of
/// objects indented under their name, then the hit's ranking criteria when the backend sent them.
/// A number whose attribute the settings give a format (`"price": "currency:USD"`) reads as the
/// hits show it; any other value as the data has it (a zip code is not "90,210").
enum PreviewContent {
    /// Characters of one value shown; a longer one ends with "…" (a preview, not a pager).
    static let valueLimit = 20_000
    /// Levels of nesting shown; deeper values are written as JSON on one line.
    static let depthLimit = 6

    /// Logical lines, each with the indent its wrapped continuation lines take.
    static func lines(of hit: Hit, numbers: NumberText = .standard) -> [(line: StyledLine, indent: Int)] {
        var out: [(StyledLine, Int)] = []
        var fields = hit.record.objectValue ?? ["value": hit.record]
        if let cells = hit.sourceCells {
            // A table's row: every column in the file's order, the empty ones too.
            var columns = fields
            columns.removeAll()
            for (column, cell) in cells { columns[column] = fields[column] ?? .string(cell) }
            fields = columns
        }
        if fields["objectID"] == nil, !hit.objectID.isEmpty {
            out.append(([("objectID: ", Theme.secondary), (hit.objectID, Theme.secondary)], 2))
        }
        for (name, value) in fields {
            append(name: name, path: name, value: value, hit: hit, numbers: numbers, depth: 0, into: &out)
        }
        if let info = hit.rankingInfo {
            out.append(([], 0))
            out += rankingLines(info).map { ($0, 2) }
        }
        return out
    }

    private static func append(
        name: String, path: String, value: JSONValue, hit: Hit, numbers: NumberText, depth: Int, into out: inout [(StyledLine, Int)]
    ) {
        let pad = String(repeating: "  ", count: depth)
        let label: StyledLine = [(pad + name + ": ", depth == 0 ? Theme.title : Theme.secondary.bold())]
        switch value {
        case .object(let fields) where depth < depthLimit && !fields.isEmpty:
            out.append((label, 0))
            for (key, inner) in fields {
                append(name: key, path: path + "." + key, value: inner, hit: hit, numbers: numbers, depth: depth + 1, into: &out)
            }
        case .array(let items) where depth < depthLimit && items.contains(where: { $0.objectValue != nil }):
            out.append((label, 0))
            for item in items {
                if case .object(let fields) = item {
                    var first = true
                    for (key, inner) in fields {
                        let marker = first ? "- " : "  "
                        first = false
                        append(
                            name: marker + key, path: path + "." + key, value: inner, hit: hit, numbers: numbers, depth: depth + 1,
                            into: &out)
                    }
                } else {
                    out.append(([(pad + "  - ", Theme.secondary)] + text(of: item, path: nil, hit: hit, numbers: numbers), pad.count + 4))
                }
            }
        default:
            out.append((label + text(of: value, path: path, hit: hit, numbers: numbers), pad.count + 2))
        }
    }

    /// A value's text, highlighted where the backend marked it (by its attribute path).
    private static func text(of value: JSONValue, path: String?, hit: Hit, numbers: NumberText) -> StyledLine {
        if let path, let highlight = hit.highlights[path], !highlight.values.isEmpty {
            var pieces: StyledLine = []
            for (i, value) in highlight.values.enumerated() {
                if i > 0 { pieces.append((", ", Theme.text)) }
                pieces += bounded(value).segments(plain: Theme.text, highlighted: Theme.highlight)
            }
            return pieces
        }
        if let path, let number = value.numberValue, numbers.formats[path] != nil {
            return [(numbers.number(number, attribute: path), Theme.text)]
        }
        if let path, let cell = hit.sourceCells?[path] { return [(cell, Theme.text)] }  // as the file has it: 6.0
        let shown = value.displayText
        return [(shown.count > valueLimit ? String(shown.prefix(valueLimit)) + "…" : shown, Theme.text)]
    }

    private static func bounded(_ text: HighlightedText) -> HighlightedText {
        guard text.text.count > valueLimit else { return text }
        return HighlightedText(
            text: String(text.text.prefix(valueLimit)) + "…",
            matchedRanges: text.matchedRanges.filter { $0.upperBound <= valueLimit })
    }

    /// The ranking criteria in the order they break ties, as `query --explain` names them.
    static func rankingLines(_ info: RankingInfo) -> [StyledLine] {
        var lines: [StyledLine] = [[("Ranking", Theme.title)]]
        func row(_ name: String, _ value: String) { lines.append([(name + " ", Theme.secondary), (value, Theme.text)]) }
        if info.promotedByReRanking == true {
            // Dynamic Re-Ranking placed it first, before every criterion below.
            row("re-ranking", "chosen for this query" + (info.reRankingScore.map { " (score \(JSONValue.number($0).displayText))" } ?? ""))
        }
        for criterion in info.ranking {
            switch criterion {
            case "typo": info.nbTypos.map { row("typos", String($0)) }
            case "geo":
                if let matched = info.matchedGeoLocation {
                    let precision = info.geoPrecision.map { $0 > 1 ? " (steps of \($0) m)" : "" } ?? ""
                    row("geo", "\(matched.distance) m" + precision)
                }
            case "words": info.words.map { row("words", String($0)) }
            case "proximity": info.proximityDistance.map { row("proximity", String($0)) }
            case "attribute":
                if let attribute = info.matchedAttribute {
                    row("attribute", attribute + (info.firstMatchedWord.map { " (first matched word \($0))" } ?? ""))
                }
            case "exact":
                info.exact.map { row("exact", String($0) + (info.nbExactWords.map { " (\($0) exact words)" } ?? "")) }
            case "custom":
                let values = info.customRanking.sorted { $0.key < $1.key }.map { "\($0.key) \(JSONValue.number($0.value).displayText)" }
                row("custom", values.isEmpty ? "—" : values.joined(separator: ", "))
            default: continue
            }
        }
        if let bucket = info.relevanceBucket {
            // Popularity-aware ranking: the bucket decided first, the custom ranking within it.
            row("bucket", "\(bucket)" + (info.relevancePoints.map { " (\($0) relevance points; custom ranking decides within)" } ?? ""))
        }
        if info.ranking.isEmpty {
            info.nbTypos.map { row("typos", String($0)) }
            info.words.map { row("words", String($0)) }
        }
        return lines
    }
}
