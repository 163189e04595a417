import InstantSearchCore

/// fzf's matching and scoring of one term against one line (its algorithm's published
/// constants; the tests check its documented scores). A match earns 16 a character, more at
/// the start of a word (after a space, a delimiter such as `/`, punctuation, a camelCase hump
/// or the first digit), the first character twice its bonus; a consecutive run keeps the bonus
/// of its first character; a gap costs 3, and 1 a character more.
struct LineScorer: Sendable {
    static let scoreMatch = 16
    static let scoreGapStart = -3
    static let scoreGapExtension = -1
    static let bonusBoundary = scoreMatch / 2
    static let bonusNonWord = scoreMatch / 2
    static let bonusCamel123 = bonusBoundary + scoreGapExtension
    static let bonusConsecutive = -(scoreGapStart + scoreGapExtension)
    static let bonusFirstCharMultiplier = 2

    let bonusBoundaryWhite: Int
    let bonusBoundaryDelimiter: Int
    /// The class before the first character: a space (default), a delimiter (paths).
    let initialClass: LineCharacters.Class
    let asciiClasses: [LineCharacters.Class]
    /// Bonus for a character of one class after one of another, `[previous * 7 + class]`.
    private let bonusTable: [Int]

    init(scheme: LineMatchOptions.Scheme) {
        switch scheme {
        case .default:
            (bonusBoundaryWhite, bonusBoundaryDelimiter, initialClass) = (Self.bonusBoundary + 2, Self.bonusBoundary + 1, .white)
            asciiClasses = LineCharacters.asciiClasses(delimiters: "/,:;|")
        case .path:
            (bonusBoundaryWhite, bonusBoundaryDelimiter, initialClass) = (Self.bonusBoundary, Self.bonusBoundary + 1, .delimiter)
            asciiClasses = LineCharacters.asciiClasses(delimiters: "/")
        case .history:
            (bonusBoundaryWhite, bonusBoundaryDelimiter, initialClass) = (Self.bonusBoundary, Self.bonusBoundary, .white)
            asciiClasses = LineCharacters.asciiClasses(delimiters: "/,:;|")
        }
        let classes = LineCharacters.Class.allCases
        var table: [Int] = []
        for previous in classes {
            for current in classes {
                table.append(Self.bonus(previous, current, white: bonusBoundaryWhite, delimiter: bonusBoundaryDelimiter))
            }
        }
        bonusTable = table
    }

    private static func bonus(_ previous: LineCharacters.Class, _ current: LineCharacters.Class, white: Int, delimiter: Int) -> Int {
        if current.rawValue > LineCharacters.Class.nonWord.rawValue {
            switch previous {
            case .white: return white
            case .delimiter: return delimiter
            case .nonWord: return bonusBoundary
            default: break
            }
        }
        if (previous == .lower && current == .upper) || (previous != .number && current == .number) { return bonusCamel123 }
        switch current {
        case .nonWord, .delimiter: return bonusNonWord
        case .white: return white
        default: return 0
        }
    }

    @inline(__always) func classOf(_ c: UInt32) -> LineCharacters.Class { LineCharacters.classOf(c, ascii: asciiClasses) }

    @inline(__always) func bonus(_ previous: LineCharacters.Class, _ current: LineCharacters.Class) -> Int {
        bonusTable[previous.rawValue * 7 + current.rawValue]
    }

    /// The character as the term compares it: lowercased unless case-sensitive, folded when normalizing.
    @inline(__always) static func comparable(_ c: UInt32, _ term: LinePattern.Term) -> UInt32 {
        var c = c
        if !term.caseSensitive { c = LineCharacters.lowercased(c) }
        if term.normalize { c = LineCharacters.normalized(c) }
        return c
    }

    /// Where the term matches and its score; nil when it does not match.
    func match<T: LineText>(_ term: LinePattern.Term, in text: T) -> (range: Range<Int>, score: Int)? {
        switch term.kind {
        case .fuzzy: return fuzzy(term, text)
        case .exact: return exact(term, text, boundary: false)
        case .exactBoundary: return exact(term, text, boundary: true)
        case .prefix: return prefix(term, text)
        case .suffix: return suffix(term, text)
        case .equal: return equal(term, text)
        }
    }

    /// fzf's first algorithm: the first characters that match in order give the end; from there
    /// backwards, the latest start — the shortest match ending there.
    private func fuzzy<T: LineText>(_ term: LinePattern.Term, _ text: T) -> (range: Range<Int>, score: Int)? {
        let pattern = term.text
        var p = 0
        var end = -1
        var i = 0
        while i < text.count {
            if Self.comparable(text[i], term) == pattern[p] {
                p += 1
                if p == pattern.count {
                    end = i + 1
                    break
                }
            }
            i += 1
        }
        guard end > 0 else { return nil }
        p = pattern.count - 1
        var start = end - 1
        while start >= 0 {
            if Self.comparable(text[start], term) == pattern[p] {
                if p == 0 { break }
                p -= 1
            }
            start -= 1
        }
        return (start..<end, score(term, text, start..<end))
    }

    /// The occurrence whose first character earns the most (a word start over the middle of a
    /// word); with `boundary`, only an occurrence with no letter or digit either side.
    private func exact<T: LineText>(_ term: LinePattern.Term, _ text: T, boundary: Bool) -> (range: Range<Int>, score: Int)? {
        let pattern = term.text
        guard pattern.count <= text.count else { return nil }
        var best: (start: Int, bonus: Int)?
        for start in 0...(text.count - pattern.count) {
            var k = 0
            while k < pattern.count, Self.comparable(text[start + k], term) == pattern[k] { k += 1 }
            guard k == pattern.count else { continue }
            let previous = start > 0 ? classOf(text[start - 1]) : initialClass
            if boundary {
                let end = start + pattern.count
                let after = end < text.count ? classOf(text[end]) : .white
                guard previous.rawValue <= LineCharacters.Class.delimiter.rawValue,
                    after.rawValue <= LineCharacters.Class.delimiter.rawValue
                else { continue }
            }
            let bonus = bonus(previous, classOf(text[start]))
            if best == nil || bonus > best!.bonus { best = (start, bonus) }
            if bonus >= Self.bonusBoundary { break }
        }
        guard let best else { return nil }
        let range = best.start..<best.start + pattern.count
        return (range, score(term, text, range))
    }

    private func isWhite(_ c: UInt32) -> Bool { classOf(c) == .white }

    private func prefix<T: LineText>(_ term: LinePattern.Term, _ text: T) -> (range: Range<Int>, score: Int)? {
        var start = 0
        if !isWhite(term.text[0]) { while start < text.count, isWhite(text[start]) { start += 1 } }
        guard text.count - start >= term.text.count else { return nil }
        for k in 0..<term.text.count where Self.comparable(text[start + k], term) != term.text[k] { return nil }
        let range = start..<start + term.text.count
        return (range, score(term, text, range))
    }

    private func suffix<T: LineText>(_ term: LinePattern.Term, _ text: T) -> (range: Range<Int>, score: Int)? {
        var end = text.count
        if !isWhite(term.text[term.text.count - 1]) { while end > 0, isWhite(text[end - 1]) { end -= 1 } }
        let start = end - term.text.count
        guard start >= 0 else { return nil }
        for k in 0..<term.text.count where Self.comparable(text[start + k], term) != term.text[k] { return nil }
        return (start..<end, score(term, text, start..<end))
    }

    private func equal<T: LineText>(_ term: LinePattern.Term, _ text: T) -> (range: Range<Int>, score: Int)? {
        var start = 0
        var end = text.count
        while start < end, isWhite(text[start]) { start += 1 }
        while end > start, isWhite(text[end - 1]) { end -= 1 }
        guard end - start == term.text.count else { return nil }
        for k in 0..<term.text.count where Self.comparable(text[start + k], term) != term.text[k] { return nil }
        return (start..<end, score(term, text, start..<end))
    }

    /// fzf's score of the match in `range`: the term's characters taken in order where they
    /// occur, bonuses and gaps counted.
    func score<T: LineText>(_ term: LinePattern.Term, _ text: T, _ range: Range<Int>) -> Int {
        var positions: [Int]? = nil
        return score(term, text, range, positions: &positions)
    }

    /// The same, recording each matched character's position when `positions` is not nil.
    func score<T: LineText>(_ term: LinePattern.Term, _ text: T, _ range: Range<Int>, positions: inout [Int]?) -> Int {
        let pattern = term.text
        var p = 0
        var score = 0
        var inGap = false
        var consecutive = 0
        var firstBonus = 0
        var previous = range.lowerBound > 0 ? classOf(text[range.lowerBound - 1]) : initialClass
        for i in range {
            let c = text[i]
            let current = classOf(c)
            if p < pattern.count, Self.comparable(c, term) == pattern[p] {
                positions?.append(i)
                score += Self.scoreMatch
                var bonus = bonus(previous, current)
                if consecutive == 0 {
                    firstBonus = bonus
                } else {
                    // A word start inside a run raises the bonus the rest of the run keeps.
                    if bonus >= Self.bonusBoundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, Self.bonusConsecutive)
                }
                score += p == 0 ? bonus * Self.bonusFirstCharMultiplier : bonus
                inGap = false
                consecutive += 1
                p += 1
            } else {
                score += inGap ? Self.scoreGapExtension : Self.scoreGapStart
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
            previous = current
        }
        return score
    }
}
