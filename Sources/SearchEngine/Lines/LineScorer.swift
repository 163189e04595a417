import InstantSearchCore

/// One term as the scorer reads it: plain values and a pointer to its characters, so that the
/// scan's inner loop copies it without reference counting (`CompiledPattern` owns the text).
struct MatchTerm {
    let kind: LinePattern.Kind
    let inverse: Bool
    let caseSensitive: Bool
    let normalize: Bool
    let text: UnsafeBufferPointer<UInt32>
}

/// fzf's matching and scoring of one term against one line (its algorithm's published
/// constants; the tests check its documented scores). A match earns 16 a character, more at
/// the start of a word (after a space, a delimiter such as `/`, punctuation, a camelCase hump
/// or the first digit), the first character twice its bonus; a consecutive run keeps the bonus
/// of its first character; a gap costs 3, and 1 a character more.
///
/// Unchecked Sendable: its pointers are into `SchemeTables`, made once per scheme and never freed.
struct LineScorer: @unchecked Sendable {
    static let scoreMatch = 16
    static let scoreGapStart = -3
    static let scoreGapExtension = -1
    static let bonusBoundary = scoreMatch / 2
    static let bonusNonWord = scoreMatch / 2
    static let bonusCamel123 = bonusBoundary + scoreGapExtension
    static let bonusConsecutive = -(scoreGapStart + scoreGapExtension)
    static let bonusFirstCharMultiplier = 2

    /// The class before the first character: a space (default), a delimiter (paths).
    let initialClass: LineCharacters.Class
    /// The scheme's class of each ASCII character.
    private let asciiClasses: UnsafePointer<LineCharacters.Class>
    /// Bonus for a character of one class after one of another, `[previous * 7 + class]`.
    private let bonusTable: UnsafePointer<Int>

    /// The largest bonus a character earns anywhere, and the largest a letter or digit earns
    /// away from the line's start and from white space: a term whose letters and digits are
    /// at neither place in a line scores no more than the second allows (`CompiledPattern`).
    let largestBonus: Int
    let largestBonusAwayFromWhite: Int
    /// false: of equally good places for a term, the last (`LineMatchOptions.searchesForward`).
    let forward: Bool
    /// fzf's `--algo=v1`: a subsequence takes the first place found, not the best one.
    let firstPlaceOnly: Bool

    init(scheme: LineMatchOptions.Scheme, forward: Bool = true, algorithm: LineMatchOptions.Algorithm = .v2) {
        self.forward = forward
        firstPlaceOnly = algorithm == .v1
        let tables = SchemeTables.of(scheme)
        initialClass = tables.initialClass
        asciiClasses = UnsafePointer(tables.classes)
        bonusTable = UnsafePointer(tables.bonuses)
        largestBonus = (0..<49).map { tables.bonuses[$0] }.max() ?? 0
        let wordClasses: [LineCharacters.Class] = [.lower, .upper, .letter, .number]
        largestBonusAwayFromWhite =
            LineCharacters.Class.allCases.filter { $0 != .white }.flatMap { previous in
                wordClasses.map { tables.bonuses[previous.rawValue * 7 + $0.rawValue] }
            }.max() ?? 0
    }

    /// A scheme's classes and bonuses, made once: read through pointers by every scan, with
    /// neither bounds checks nor reference counting in the inner loop.
    private final class SchemeTables: @unchecked Sendable {
        let initialClass: LineCharacters.Class
        let classes: UnsafeMutablePointer<LineCharacters.Class>
        let bonuses: UnsafeMutablePointer<Int>

        private static let all = LineMatchOptions.Scheme.allCases.map { ($0, SchemeTables($0)) }

        static func of(_ scheme: LineMatchOptions.Scheme) -> SchemeTables { all.first { $0.0 == scheme }!.1 }

        private init(_ scheme: LineMatchOptions.Scheme) {
            let white: Int
            let delimiter: Int
            let ascii: [LineCharacters.Class]
            switch scheme {
            case .default:
                (white, delimiter, initialClass) = (LineScorer.bonusBoundary + 2, LineScorer.bonusBoundary + 1, .white)
                ascii = LineCharacters.asciiClasses(delimiters: "/,:;|")
            case .path:
                (white, delimiter, initialClass) = (LineScorer.bonusBoundary, LineScorer.bonusBoundary + 1, .delimiter)
                ascii = LineCharacters.asciiClasses(delimiters: "/")
            case .history:
                (white, delimiter, initialClass) = (LineScorer.bonusBoundary, LineScorer.bonusBoundary, .white)
                ascii = LineCharacters.asciiClasses(delimiters: "/,:;|")
            }
            classes = .allocate(capacity: ascii.count)
            classes.initialize(from: ascii, count: ascii.count)
            let all = LineCharacters.Class.allCases
            let table = all.flatMap { previous in all.map { LineScorer.bonus(previous, $0, white: white, delimiter: delimiter) } }
            bonuses = .allocate(capacity: table.count)
            bonuses.initialize(from: table, count: table.count)
        }
    }

    /// fzf 0.73's bonus: a word starts after a blank, a delimiter or another non-word character,
    /// and so does a non-word character itself (`.vimrc` after `/` takes the delimiter's bonus).
    private static func bonus(_ previous: LineCharacters.Class, _ current: LineCharacters.Class, white: Int, delimiter: Int) -> Int {
        if current != .white {
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

    @inline(__always) func classOf(_ c: UInt32) -> LineCharacters.Class {
        c < 0x80 ? asciiClasses[Int(c)] : LineCharacters.classOf(c, ascii: asciiClasses)
    }

    @inline(__always) func bonus(_ previous: LineCharacters.Class, _ current: LineCharacters.Class) -> Int {
        bonusTable[previous.rawValue * 7 + current.rawValue]
    }

    /// The character as the term compares it: lowercased unless case-sensitive, folded when normalizing.
    @inline(__always) static func comparable(_ c: UInt32, _ term: MatchTerm) -> UInt32 {
        var c = c
        if !term.caseSensitive { c = LineCharacters.lowercased(c) }
        if term.normalize { c = LineCharacters.normalized(c) }
        return c
    }

    /// The same for a term as parsed (tests, `InfixMatch`): the term read through a pointer for the call.
    func match<T: LineText>(_ term: LinePattern.Term, in text: T) -> (range: Range<Int>, score: Int)? {
        term.text.withUnsafeBufferPointer {
            match(MatchTerm(kind: term.kind, inverse: term.inverse, caseSensitive: term.caseSensitive, normalize: term.normalize, text: $0), in: text)
        }
    }

    /// Where the term matches and its score; nil when it does not match.
    @inline(__always)
    func match<T: LineText>(_ term: MatchTerm, in text: T) -> (range: Range<Int>, score: Int)? {
        switch term.kind {
        case .fuzzy:
            var positions: [Int]? = nil
            return fuzzy(term, text, positions: &positions)
        case .exact: return exact(term, text, boundary: false)
        case .exactBoundary: return exact(term, text, boundary: true)
        case .prefix, .suffix, .equal: return anchoredRange(term, text).map { ($0, score(term, text, $0)) }
        }
    }

    /// The places of the characters the term matched (in order), nil when it does not match:
    /// what a hit highlights.
    func matchPositions<T: LineText>(_ term: MatchTerm, in text: T) -> [Int]? {
        var positions: [Int]? = []
        if term.kind == .fuzzy { return fuzzy(term, text, positions: &positions).flatMap { _ in positions } }
        guard let found = match(term, in: text) else { return nil }
        _ = score(term, text, found.range, positions: &positions)
        return positions
    }

    /// Whether the term matches, its place and score not computed: for a line whose key cannot
    /// reach the page, only to be counted (and kept for a longer query).
    @inline(__always)
    func contains<T: LineText>(_ term: MatchTerm, in text: T) -> Bool {
        switch term.kind {
        case .fuzzy: return fuzzyEnd(term, text) != nil
        case .exact: return firstOccurrence(term, text)
        case .exactBoundary: return match(term, in: text) != nil
        case .prefix, .suffix, .equal: return anchoredRange(term, text) != nil
        }
    }

    /// The most a term can score in any line: every character at the start of a word, with
    /// the largest bonus there is (the first twice). A line's key cannot be better than the
    /// key this score gives, which lets the scan skip scoring lines that cannot reach the page.
    func highestScore(_ term: MatchTerm) -> Int {
        highestScore(term, first: largestBonus, others: largestBonus)
    }

    /// The same when the first character earns at most `first`, the others at most `others`
    /// (a consecutive run keeps its first character's bonus, so each is bounded by the largest
    /// bonus of the characters it may follow in a run).
    func highestScore(_ term: MatchTerm, first: Int, others: Int) -> Int {
        guard !term.inverse, !term.text.isEmpty else { return 0 }
        let others = max(others, Self.bonusConsecutive)
        let m = term.text.count
        // A boundary term is scored on its own scale (`boundaryScore`).
        if term.kind == .exactBoundary { return first + m * Self.scoreMatch + bonus(.white, .lower) * (m + 1) }
        return m * Self.scoreMatch + first * Self.bonusFirstCharMultiplier + (m - 1) * others
    }

    private func firstOccurrence<T: LineText>(_ term: MatchTerm, _ text: T) -> Bool {
        let pattern = term.text
        guard !pattern.isEmpty else { return true }
        var from = 0
        while from + pattern.count <= text.count, let start = text.firstIndex(of: pattern[0], from: from, term) {
            guard start + pattern.count <= text.count else { return false }
            var k = 1
            while k < pattern.count, text.comparable(start + k, term) == pattern[k] { k += 1 }
            if k == pattern.count { return true }
            from = start + 1
        }
        return false
    }

    /// The occurrence whose first character earns the most (a word start over the middle of a
    /// word); with `boundary`, only an occurrence with no letter or digit either side. As fzf,
    /// from the end when searching backwards (`--tiebreak=end`), and the first occurrence at a
    /// word start met in that direction ends the search.
    private func exact<T: LineText>(_ term: MatchTerm, _ text: T, boundary: Bool) -> (range: Range<Int>, score: Int)? {
        let pattern = term.text
        guard pattern.count <= text.count else { return nil }
        var best: (start: Int, bonus: Int)?
        let last = text.count - pattern.count
        for start in stride(from: forward ? 0 : last, through: forward ? last : 0, by: forward ? 1 : -1) {
            var k = 0
            while k < pattern.count, text.comparable(start + k, term) == pattern[k] { k += 1 }
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
        return (range, boundary ? boundaryScore(text, range, bonus: best.bonus) : score(term, text, range))
    }

    /// fzf's score of a match with a word boundary at either end (`'word'`): the first
    /// character's bonus, less a little for an underscore before or after (`_word_` ranks below
    /// `-word-` and `[word]`), plus a base that lets it compete with other kinds of terms.
    private func boundaryScore<T: LineText>(_ text: T, _ range: Range<Int>, bonus: Int) -> Int {
        let underscore: UInt32 = 0x5F
        var score = bonus
        var deduct = bonus - Self.bonusBoundary + 1
        if range.lowerBound > 0 && text[range.lowerBound - 1] == underscore {
            score -= deduct + 1
            deduct = 1
        }
        if range.upperBound < text.count && text[range.upperBound] == underscore { score -= deduct }
        let boundaryWhite = self.bonus(.white, .lower)
        return score + Self.scoreMatch * range.count + boundaryWhite * (range.count + 1)
    }

    private func isWhite(_ c: UInt32) -> Bool { classOf(c) == .white }

    /// Where a term anchored at the line's start (`^`), end (`$`) or both is, nil when it is not there.
    @inline(__always)
    private func anchoredRange<T: LineText>(_ term: MatchTerm, _ text: T) -> Range<Int>? {
        var start = 0
        var end = text.count
        switch term.kind {
        case .prefix:
            if !isWhite(term.text[0]) { while start < end, isWhite(text[start]) { start += 1 } }
            guard end - start >= term.text.count else { return nil }
            end = start + term.text.count
        case .suffix:
            if !isWhite(term.text[term.text.count - 1]) { while end > 0, isWhite(text[end - 1]) { end -= 1 } }
            start = end - term.text.count
            guard start >= 0 else { return nil }
        default:
            while start < end, isWhite(text[start]) { start += 1 }
            while end > start, isWhite(text[end - 1]) { end -= 1 }
            guard end - start == term.text.count else { return nil }
        }
        for k in 0..<term.text.count where text.comparable(start + k, term) != term.text[k] { return nil }
        return start..<end
    }

    /// fzf's score of the match in `range`: the term's characters taken in order where they
    /// occur, bonuses and gaps counted.
    func score<T: LineText>(_ term: MatchTerm, _ text: T, _ range: Range<Int>) -> Int {
        var positions: [Int]? = nil
        return score(term, text, range, positions: &positions)
    }

    /// The same, recording each matched character's position when `positions` is not nil.
    func score<T: LineText>(_ term: MatchTerm, _ text: T, _ range: Range<Int>, positions: inout [Int]?) -> Int {
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
            if p < pattern.count, text.comparable(i, term) == pattern[p] {
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
