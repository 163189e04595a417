/// What one query searches for: its words (each with its exact alternatives), and other
/// readings of the whole query that are searched beside it, Algolia's way:
///
/// - two adjacent words joined ("image magick" → `imagemagick`, "node j" → `nodej…`);
/// - one word split in two that stand side by side ("dataframe" → `data frame`);
/// - a phrase replaced by its synonym ("ny" → `new york`).
///
/// A reading is only searched when the dictionary holds its new words. Joined and split words
/// rank below the words as typed: each costs one inexact word (the exact criterion), and a join
/// counts the proximity of the two words it replaces. A join is typo-free when the dictionary
/// holds it as typed; otherwise, long enough to allow typos (`minWordSizefor1Typo`), it is
/// searched with them ("image magik" → `imagemagick`, one typo) when some indexed word is within
/// reach — the typos then count as any word's do, and are fewer than either part's letters (so no
/// part can be typo'd away); not for a word still being typed, nor with digits (versions). A
/// word still being typed joins the word before it corrected instead ("djnago rest" →
/// `djangorest…`, the typos of `djnago` → `django` counted), when the correction and the typed
/// letters start an indexed word.
/// Splits stay typo-free: trying every cut of
/// every word against the dictionary with typos would cost more than a keystroke allows.
struct QueryPlan {
    struct Reading {
        var words: [QueryWord]
        var adjustment: MatchAdjustment
    }

    var words: [QueryWord]
    var readings: [Reading] = []
    /// For the highlighter: the new words of the readings, each for the query word it stands for.
    var standIns: [(word: QueryWord, for: Int)] = []
    /// The `subsequence` attribute's fzf match: its records first, its characters highlighted.
    var subsequence: SubsequenceMatch?

    /// Readings beyond this many are not searched: each costs a match of the whole query.
    static let maxReadings = 6
    /// Split parts are at least this long (digits excepted: "lua54" is `lua5` `4`).
    static let minimumPart = 3
    /// Longer words are not split: each cut tried costs a copy and a lookup of the word, so a
    /// pasted 64,000-letter "word" cost the square of its length (0.66 s; 256k letters, 6.75 s).
    /// Two indexed words that long side by side are not something anyone types.
    static let longestSplitWord = 64

    /// `typoTolerance`: typos allowed for a word of so many letters (0: none); `hasTypoMatches`:
    /// whether some indexed word matches a word with its typos (the index's cached lookup).
    init(
        _ typed: [QueryWord], expansions: QueryExpansions, dictionary: TermDictionary,
        typoTolerance: (Int) -> Int = { _ in 0 }, hasTypoMatches: (QueryWord) -> Bool = { _ in false },
        corrections: (QueryWord) -> [(term: String, typos: Int)] = { _ in [] }
    ) {
        words = typed.map { word in
            var word = word
            word.alternatives = expansions.alternatives(of: word.term)
            return word
        }
        guard !words.isEmpty else { return }
        addJoins(dictionary, typoTolerance: typoTolerance, hasTypoMatches: hasTypoMatches, corrections: corrections)
        addSplits(dictionary)
        addPhraseSynonyms(expansions)
    }

    private func exists(_ term: String, prefix: Bool, _ dictionary: TermDictionary) -> Bool {
        prefix ? !dictionary.prefixTerms(term).isEmpty : dictionary.exactTerm(term) != nil
    }

    private mutating func addJoins(
        _ dictionary: TermDictionary, typoTolerance: (Int) -> Int, hasTypoMatches: (QueryWord) -> Bool,
        corrections: (QueryWord) -> [(term: String, typos: Int)]
    ) {
        for i in 0..<words.count - 1 where readings.count < Self.maxReadings {
            var joined = QueryWord(term: words[i].term + words[i + 1].term, isPrefix: words[i + 1].isPrefix)
            guard !Tokenizer.isSingleCJKCharacter(words[i].term) else { continue }
            var typos = 0
            if !exists(joined.term, prefix: joined.isPrefix, dictionary) {
                if joined.isPrefix {
                    // Not the join with typos while the second word is being typed: a prefix with typos
                    // matches a great many words, and would cost a search of the whole query on every
                    // keystroke (and its few matches would stop trailing words being dropped). The
                    // word before it corrected, though, when that starts an indexed word.
                    guard let corrected = correctedJoin(i, dictionary, typoTolerance: typoTolerance, corrections: corrections) else {
                        continue
                    }
                    (joined, typos) = corrected
                } else {
                    // Not with digits: "lua5 4" joined is a version, and one typo away is another version.
                    guard !joined.term.utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { continue }
                    // Fewer typos than either part has letters: else the typos could drop a part whole
                    // ("galaxy ph" joined would find every "galaxy", "ph" marked matched where it is not).
                    let shorterPart = min(words[i].term.unicodeScalars.count, words[i + 1].term.unicodeScalars.count)
                    joined.maxTypos = min(typoTolerance(joined.term.unicodeScalars.count), shorterPart - 1)
                    guard joined.maxTypos > 0, hasTypoMatches(joined) else { continue }
                }
            }
            var replaced = words
            replaced.replaceSubrange(i...i + 1, with: [joined])
            readings.append(Reading(words: replaced, adjustment: MatchAdjustment(extraProximity: 1, extraInexact: 1, extraTypos: typos)))
            standIns += [(joined, i), (joined, i + 1)]
        }
    }

    /// Corrections of word `i` looked at for a join with the word being typed after it: the
    /// closest few, so a keystroke costs a few dictionary lookups at most.
    static let correctionsTried = 16

    /// Word `i` corrected and joined to the word being typed after it, when that starts an indexed
    /// word: the join (a prefix, typo-free) and the correction's typos. Not for a typed part of
    /// fewer than `minimumPart` letters (a short prefix starts too many words), nor with digits.
    private func correctedJoin(
        _ i: Int, _ dictionary: TermDictionary, typoTolerance: (Int) -> Int, corrections: (QueryWord) -> [(term: String, typos: Int)]
    ) -> (QueryWord, Int)? {
        let (first, typed) = (words[i], words[i + 1])
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard typed.term.unicodeScalars.count >= Self.minimumPart, !(first.term + typed.term).utf8.contains(where: isDigit) else { return nil }
        var word = QueryWord(term: first.term, isPrefix: false)
        word.maxTypos = min(typoTolerance(first.term.unicodeScalars.count), first.term.unicodeScalars.count - 1)
        guard word.maxTypos > 0 else { return nil }
        let closest = corrections(word).filter { $0.typos > 0 }.sorted { ($0.typos, $0.term) < ($1.typos, $1.term) }
        for correction in closest.prefix(Self.correctionsTried) {
            let joined = QueryWord(term: correction.term + typed.term, isPrefix: true)
            if exists(joined.term, prefix: true, dictionary) { return (joined, correction.typos) }
        }
        return nil
    }

    private mutating func addSplits(_ dictionary: TermDictionary) {
        for (i, word) in words.enumerated() where words.count < QueryWord.maxWords {
            let bytes = Array(word.term.utf8)
            guard bytes.count >= 2 * Self.minimumPart - 1, bytes.count <= Self.longestSplitWord, bytes.allSatisfy({ $0 < 0x80 })
            else { continue }
            var found = 0
            // One split per word, the longest first part (`python3 numpy`, not `python 3numpy`):
            // each costs a match of the whole query, on every keystroke.
            for cut in stride(from: bytes.count - 1, through: Self.minimumPart, by: -1) where found < 1 {
                guard readings.count < Self.maxReadings else { return }
                let second = bytes[cut...]
                let digits = second.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                guard second.count >= Self.minimumPart || digits else { continue }
                let head = QueryWord(term: String(decoding: bytes[..<cut], as: UTF8.self), isPrefix: false)
                let tail = QueryWord(term: String(decoding: second, as: UTF8.self), isPrefix: word.isPrefix)
                guard exists(head.term, prefix: false, dictionary), exists(tail.term, prefix: tail.isPrefix, dictionary) else { continue }
                var replaced = words
                replaced.replaceSubrange(i...i, with: [head, tail])
                readings.append(Reading(words: replaced, adjustment: MatchAdjustment(extraInexact: 1, adjacentPair: i)))
                standIns += [(head, i), (tail, i)]
                found += 1
            }
        }
    }

    private mutating func addPhraseSynonyms(_ expansions: QueryExpansions) {
        guard expansions.longestPhrase > 0 else { return }
        let terms = words.map(\.term)
        for i in terms.indices {
            for length in 1...min(expansions.longestPhrase, terms.count - i) {
                for replacement in expansions.phraseAlternatives[Array(terms[i..<i + length])] ?? [] {
                    guard readings.count < Self.maxReadings, words.count - length + replacement.count <= QueryWord.maxWords else { return }
                    let newWords = replacement.map { QueryWord(term: $0, isPrefix: false) }
                    var replaced = words
                    replaced.replaceSubrange(i..<i + length, with: newWords)
                    // Fewer words than replaced: the proximity of the pairs that went away.
                    let adjustment = MatchAdjustment(extraProximity: max(0, length - replacement.count))
                    readings.append(Reading(words: replaced, adjustment: adjustment))
                    for word in newWords { for j in i..<i + length { standIns.append((word, j)) } }
                }
            }
        }
    }
}
