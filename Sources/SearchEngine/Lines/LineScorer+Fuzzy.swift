/// A subsequence term's matches (fzf's two algorithms): where it is, how it scores, and which
/// characters it took.
extension LineScorer {
    /// Where the first characters that match in order end (one past the last), nil when they do not.
    @inline(__always)
    func fuzzyEnd<T: LineText>(_ term: MatchTerm, _ text: T) -> Int? {
        var i = 0
        for c in term.text {
            guard let found = text.firstIndex(of: c, from: i, term) else { return nil }
            i = found + 1
        }
        return i
    }

    /// fzf's first algorithm: the first characters that match in order give the end; from there
    /// backwards, the latest start — the shortest match ending there. Used for lines too long
    /// for `fuzzy` (see `alignmentLimit`).
    func firstMatch<T: LineText>(_ term: MatchTerm, _ text: T, positions: inout [Int]?) -> (range: Range<Int>, score: Int)? {
        let pattern = term.text
        guard let end = fuzzyEnd(term, text) else { return nil }
        var p = pattern.count - 1
        var start = end - 1
        while start >= 0 {
            if text.comparable(start, term) == pattern[p] {
                if p == 0 { break }
                p -= 1
            }
            start -= 1
        }
        return (start..<end, score(term, text, start..<end, positions: &positions))
    }

    /// The most cells (characters of the term times characters of the line they may take)
    /// `fuzzy` fills: 64K, a line of 8K characters for a term of eight. fzf also turns to
    /// its first algorithm for lines past its scratch space.
    static let alignmentLimit = 1 << 16

    /// fzf's second algorithm, the one it uses by default: of every way the term's characters
    /// occur in order, the one that scores most, found by dynamic programming over the span from
    /// the first character's first place to the last character's last place (a word start
    /// later in the line beats the middle of a word earlier: `ma` in `command/launcher manifest`
    /// takes `manifest`). `positions`, when not nil, gets the chosen places, in order. Its tables
    /// are one temporary allocation (on the stack for short lines): allocated three times a
    /// call, they doubled the scan of `jn` at 10M lines, which scores many lines.
    func fuzzy<T: LineText>(_ term: MatchTerm, _ text: T, positions: inout [Int]?) -> (range: Range<Int>, score: Int)? {
        let pattern = term.text
        let m = pattern.count
        guard m > 0, !firstPlaceOnly else { return firstMatch(term, text, positions: &positions) }
        guard let origin = text.firstIndex(of: pattern[0], from: 0, term) else { return nil }
        var last = text.count - 1
        while last >= origin, text.comparable(last, term) != pattern[m - 1] { last -= 1 }
        let width = last - origin + 1
        guard width >= m else { return nil }
        guard width * m <= Self.alignmentLimit else { return firstMatch(term, text, positions: &positions) }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: m + width + 2 * width * m) { memory in
            let base = memory.baseAddress!
            // Each character's first place in order, from the span's start (where its row starts).
            let firsts = base
            let bonuses = base + m
            // scores[k * width + j]: the best score of the first k + 1 characters with character k
            // at or before place j (a gap after it costing what it costs); runs: how many
            // characters in a row end there.
            let scores = bonuses + width
            let runs = scores + width * m
            var from = origin
            for k in 0..<m {
                guard let found = text.firstIndex(of: pattern[k], from: from, term), found <= last else { return nil }
                firsts[k] = Int32(found - origin)
                from = found + 1
            }
            var previous = origin > 0 ? classOf(text[origin - 1]) : initialClass
            for j in 0..<width {
                let current = classOf(text[origin + j])
                bonuses[j] = Int32(bonus(previous, current))
                previous = current
            }
            var best: Int32 = 0
            var bestPlace = -1
            var inGap = false
            for j in 0..<width {
                runs[j] = 0
                if text.comparable(origin + j, term) == pattern[0] {
                    scores[j] = Int32(Self.scoreMatch) + bonuses[j] * Int32(Self.bonusFirstCharMultiplier)
                    runs[j] = 1
                    inGap = false
                    if m == 1, scores[j] > best || !forward && scores[j] == best {
                        (best, bestPlace) = (scores[j], j)
                        if forward && bonuses[j] >= Self.bonusBoundary { break }
                    }
                } else {
                    scores[j] = max((j > 0 ? scores[j - 1] : 0) + Int32(inGap ? Self.scoreGapExtension : Self.scoreGapStart), 0)
                    inGap = true
                }
            }
            for k in 1..<m {
                let row = k * width
                let start = Int(firsts[k])
                for j in 0..<start {
                    scores[row + j] = 0
                    runs[row + j] = 0
                }
                inGap = false
                var left: Int32 = 0
                for j in start..<width {
                    let gapped = left + Int32(inGap ? Self.scoreGapExtension : Self.scoreGapStart)
                    var matched: Int32 = 0
                    var run: Int32 = 0
                    if text.comparable(origin + j, term) == pattern[k] {
                        matched = scores[row - width + j - 1] + Int32(Self.scoreMatch)
                        var bonus = bonuses[j]
                        run = runs[row - width + j - 1] + 1
                        if run > 1 {
                            // A run keeps its first character's bonus, unless a word starts inside it.
                            let runBonus = bonuses[j - Int(run) + 1]
                            if bonus >= Self.bonusBoundary && bonus > runBonus {
                                run = 1
                            } else {
                                bonus = max(bonus, Int32(Self.bonusConsecutive), runBonus)
                            }
                        }
                        if matched + bonus < gapped {
                            matched += bonuses[j]
                            run = 0
                        } else {
                            matched += bonus
                        }
                    }
                    runs[row + j] = run
                    inGap = matched < gapped
                    let score = max(matched, gapped, 0)
                    if k == m - 1, score > best || !forward && score == best && score > 0 { (best, bestPlace) = (score, j) }
                    scores[row + j] = score
                    left = score
                }
            }
            guard bestPlace >= 0 else { return firstMatch(term, text, positions: &positions) }
            // Back from the best place: each character where its score came from a match.
            var k = m - 1
            var j = bestPlace
            var preferMatch = true
            var first = -1
            var places: [Int] = []
            let recording = positions != nil
            while j >= 0 {
                let row = k * width
                let here = scores[row + j]
                let diagonal = k > 0 && j >= Int(firsts[k]) ? scores[row - width + j - 1] : 0
                let leftward = j > Int(firsts[k]) ? scores[row + j - 1] : 0
                if here > diagonal && (here > leftward || (here == leftward && preferMatch)) {
                    // Never a place whose character is not the term's (the fallback says where it is).
                    guard text.comparable(origin + j, term) == pattern[k] else { return firstMatch(term, text, positions: &positions) }
                    if recording { places.append(origin + j) }
                    if k == 0 {
                        first = j
                        break
                    }
                    k -= 1
                }
                preferMatch = runs[row + j] > 1 || (row + width + j + 1 < width * m && runs[row + width + j + 1] > 0)
                j -= 1
            }
            guard first >= 0 else { return firstMatch(term, text, positions: &positions) }
            positions? += places.reversed()
            return (origin + first..<origin + bestPlace + 1, Int(best))
        }
    }
}
