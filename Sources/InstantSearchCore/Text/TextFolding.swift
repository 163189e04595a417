/// Case, diacritics and width folding as Foundation's `folding(options:locale:)` does it,
/// from tables generated once from it (FoldingTables.swift, scripts/generate-folding-tables.swift):
/// the binary carries a few thousand scalars instead of ICU and its data.
public enum TextFolding {
    /// What is folded away.
    public enum Folding: Sendable {
        /// "é" → "e", "ø" stays (Unicode does not decompose it).
        case diacritics
        /// "É" → "e", "ß" → "ss".
        case caseAndDiacritics
        /// "Ａ" → "a", and the half-width katakana to their full forms, as well.
        case caseDiacriticsAndWidth
    }

    /// `text` folded: each scalar as the table says, and the marks that go with the diacritics
    /// dropped after the scalar they mark ("e\u{301}" → "e"; a mark opening the text stays, as
    /// in Foundation).
    public static func fold(_ text: some StringProtocol, _ folding: Folding) -> String {
        var out = String.UnicodeScalarView()
        append(text.unicodeScalars, folding, atStart: true, to: &out)
        return String(out)
    }

    /// One scalar folded on its own (a mark too: alone, it stays).
    public static func fold(_ scalar: Unicode.Scalar, _ folding: Folding) -> String {
        var out = String.UnicodeScalarView()
        append(CollectionOfOne(scalar), folding, atStart: true, to: &out)
        return String(out)
    }

    /// Where `text` from `start` begins with `prefix`, both folded, the end of that beginning
    /// (a Character boundary of `text`), else nil; an empty prefix begins nothing. The
    /// anchored, folded search of highlighting ("le g" marks "Le" and "G" in "Ursula Le Guin").
    public static func endOfPrefix(_ prefix: some StringProtocol, in text: String, from start: String.Index, _ folding: Folding)
        -> String.Index?
    {
        let wanted = Array(fold(prefix, folding).unicodeScalars)
        guard !wanted.isEmpty else { return nil }
        var found = String.UnicodeScalarView()
        var position = start
        while position < text.endIndex {
            let next = text.index(after: position)
            append(text[position..<next].unicodeScalars, folding, atStart: position == text.startIndex, to: &found)
            position = next
            if found.count >= wanted.count { return found.elementsEqual(wanted) ? position : nil }
            guard found.elementsEqual(wanted.prefix(found.count)) else { return nil }
        }
        return nil
    }

    /// Foundation strips the marks after a Latin, Greek or Cyrillic letter (below U+0510, once
    /// decomposed) that it strips after "a"; after any other base, only a combining diacritic
    /// (U+0300 to U+036F) right after it. A text's first scalar is its first base, mark or not.
    private static func append(
        _ scalars: some Sequence<Unicode.Scalar>, _ folding: Folding, atStart: Bool, to out: inout String.UnicodeScalarView
    ) {
        var first = atStart
        var lowBase = true
        var marksSinceBase = 0
        for scalar in scalars {
            let value = scalar.value
            defer { first = false }
            if value < 0x80 {
                lowBase = true
                marksSinceBase = 0
                let lower = folding != .diacritics && value &- 0x41 < 26
                out.append(lower ? Unicode.Scalar(UInt8(value | 0x20)) : scalar)
                continue
            }
            if !first && isMark(scalar) {
                marksSinceBase += 1
                let dropped = lowBase ? contains(value, attachedMarks) : marksSinceBase == 1 && (0x300..<0x370).contains(value)
                if dropped { continue }
            } else {
                let decomposed = lookup(value, .diacritics)?.first ?? value
                lowBase = decomposed < 0x510
                marksSinceBase = 0
            }
            guard let folded = lookup(value, folding) else {
                out.append(scalar)
                continue
            }
            for part in folded { out.append(Unicode.Scalar(part)!) }
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private static func lookup(_ value: UInt32, _ folding: Folding) -> ArraySlice<UInt32>? {
        switch folding {
        case .diacritics: lookup(value, keys: diacriticsKeys, ends: diacriticsEnds, values: diacriticsValues)
        case .caseAndDiacritics: lookup(value, keys: caseAndDiacriticsKeys, ends: caseAndDiacriticsEnds, values: caseAndDiacriticsValues)
        case .caseDiacriticsAndWidth:
            lookup(value, keys: caseDiacriticsAndWidthKeys, ends: caseDiacriticsAndWidthEnds, values: caseDiacriticsAndWidthValues)
        }
    }

    private static func lookup(_ value: UInt32, keys: [UInt32], ends: [UInt32], values: [UInt32]) -> ArraySlice<UInt32>? {
        guard let index = index(of: value, in: keys) else { return nil }
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return values[start..<Int(ends[index])]
    }

    private static func contains(_ value: UInt32, _ sorted: [UInt32]) -> Bool { index(of: value, in: sorted) != nil }

    private static func index(of value: UInt32, in sorted: [UInt32]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value ? low : nil
    }
}
