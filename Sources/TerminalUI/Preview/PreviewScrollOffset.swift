/// fzf's `--preview-window +SCROLL[OFFSETS][/DENOM]`: which line of the output is shown first,
/// read from the selected line (`+{2}`: the number in its second field) and moved by offsets
/// (`-5`) and a share of the pane's height (`/2`: half of it up, to centre the line).
enum PreviewScrollOffset {
    /// fzf's form: an optional `+{N}` (or `+{-N}`, `+{n}`), then `+N`/`-N` terms, then an
    /// optional `/N` or `-/N`.
    static func isValid(_ word: String) -> Bool {
        var rest = Substring(word)
        if rest.hasPrefix("+{"), let close = rest.firstIndex(of: "}") {
            let inside = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
            let digits = inside.hasPrefix("-") ? inside.dropFirst() : inside
            guard inside == "n" || (!digits.isEmpty && digits.allSatisfy(isDigit)) else { return false }
            rest = rest[rest.index(after: close)...]
        }
        while let sign = rest.first, sign == "+" || sign == "-", let next = rest.dropFirst().first, isDigit(next) {
            rest = rest.dropFirst().drop(while: isDigit)
        }
        if rest.hasPrefix("-/") { rest = rest.dropFirst() }
        if rest.first == "/" {
            let digits = rest.dropFirst()
            guard let first = digits.first, first != "0", digits.allSatisfy(isDigit) else { return false }
            rest = rest.dropFirst(rest.count)
        }
        return rest.isEmpty && !word.isEmpty
    }

    /// The first line's index (0-based) for the offset with its placeholders already replaced
    /// (`+123-5/2`), in a pane `height` rows high (its header lines left out). Characters
    /// other than digits, signs and `/` are dropped first, as fzf drops a field's quotes
    /// and colons (`:123:` reads as 123).
    static func line(_ expanded: String, height: Int) -> Int {
        let text = expanded.filter { isDigit($0) || $0 == "+" || $0 == "-" || $0 == "/" }
        var base = -1
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("-/") || rest.first == "/" {
                let digits = rest.drop { $0 == "-" || $0 == "/" }.prefix(while: isDigit)
                if let denominator = Int(digits), denominator > 0 { base -= height / denominator }
                break
            }
            if let sign = rest.first, sign == "+" || sign == "-" {
                let digits = rest.dropFirst().prefix(while: isDigit)
                if !digits.isEmpty {
                    base += (Int(digits) ?? 0) * (sign == "-" ? -1 : 1)
                    rest = rest.dropFirst(1 + digits.count)
                    continue
                }
            }
            rest = rest.dropFirst()
        }
        return max(0, base)
    }

    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
}
