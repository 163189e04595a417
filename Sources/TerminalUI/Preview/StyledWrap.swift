/// A line of styled pieces, as `Canvas.write` takes them.
typealias StyledLine = [(String, Style)]

/// Word-wraps styled lines to a width: breaks after the last space that fits, or inside a
/// word longer than the whole width; continuation lines start `indent` columns in, so a
/// long value reads as one block under its name. A command's output wraps as fzf wraps its
/// preview: continuation rows start with the wrap sign (`↳ `), at any character (`wrap`) or
/// between words (`wrap-word`, the space at the break left out).
enum StyledWrap {
    static func wrap(_ line: StyledLine, width: Int, indent: Int = 0, sign: String? = nil, atWords: Bool = true) -> [StyledLine] {
        guard width > 0 else { return [] }
        // The sign's cells count as the continuation's indent; where it leaves no room, each
        // row still takes a character (cut off when drawn, as fzf's are).
        let indent = sign.map(\.displayWidth) ?? min(indent, width / 2)
        let signPiece = sign.map { ($0, Theme.secondary) }
        var lines: [StyledLine] = []
        var current: [(cluster: String, width: Int, style: Style)] = []
        var used = 0
        var lastSpace: Int?  // index in `current` of the last space, a place to break

        func emit(_ cells: ArraySlice<(cluster: String, width: Int, style: Style)>) {
            var pieces: StyledLine = lines.isEmpty || indent == 0 ? [] : [signPiece ?? (String(repeating: " ", count: indent), .plain)]
            for cell in cells {
                if let last = pieces.indices.last, pieces[last].1 == cell.style {
                    pieces[last].0 += cell.cluster
                } else {
                    pieces.append((cell.cluster, cell.style))
                }
            }
            lines.append(pieces)
        }

        for (text, style) in line {
            TextWidth.forEachCluster(in: text) { cluster in
                let room = lines.isEmpty ? width : width - indent
                if used + cluster.width > room, !current.isEmpty {
                    if atWords, let space = lastSpace, space > 0 {
                        emit(current[..<space])
                        current.removeFirst(space + 1)
                    } else {
                        emit(current[...])
                        current.removeAll()
                    }
                    used = current.reduce(0) { $0 + $1.width }
                    lastSpace = current.lastIndex { $0.cluster == " " }
                }
                // fzf's word-wrapped rows do not start with the space they broke at.
                if sign != nil, atWords, cluster.text == " ", current.isEmpty, !lines.isEmpty { return true }
                if cluster.text == " " { lastSpace = current.count }
                current.append((cluster.text, cluster.width, style))
                used += cluster.width
                return true
            }
        }
        if !current.isEmpty || lines.isEmpty { emit(current[...]) }
        return lines
    }
}
