/// The records matching every query word, each with its ranking key.
struct TextMatches {
    /// Document numbers, ascending (so every column is read front to back).
    var records: [Int32]
    /// Smaller is better; unique per document, so sorting by key is a total, repeatable order.
    var keys: [UInt64]

    /// The documents of either, each with its better key; keys of `.max` (a reading the
    /// document does not satisfy) are dropped. Both are sorted by document.
    func union(_ other: TextMatches) -> TextMatches {
        var merged = TextMatches(records: [], keys: [])
        merged.records.reserveCapacity(max(records.count, other.records.count))
        merged.keys.reserveCapacity(max(records.count, other.records.count))
        var (i, j) = (0, 0)
        while i < records.count || j < other.records.count {
            let document: Int32
            var key = UInt64.max
            if j == other.records.count || (i < records.count && records[i] < other.records[j]) {
                (document, key) = (records[i], keys[i])
                i += 1
            } else if i == records.count || other.records[j] < records[i] {
                (document, key) = (other.records[j], other.keys[j])
                j += 1
            } else {
                (document, key) = (records[i], min(keys[i], other.keys[j]))
                i += 1
                j += 1
            }
            if key != .max {
                merged.records.append(document)
                merged.keys.append(key)
            }
        }
        return merged
    }
}

/// Finds the documents containing all query words (AND, with typos and prefixes) and ranks them.
///
/// Each word's matching terms give `(document, cell)` pairs, the cell packing
/// `typos | attribute | position | notWholeValue | inexact` so that the smallest is the
/// word's best match in that document. Pairs are radix-sorted by document (one term's list is sorted already) and
/// the words' lists intersected. The rarest word goes first; later words keep only pairs of
/// its documents (a bitset test, `SurvivorSet`), so a common prefix after a rare word costs
/// little. Reading postings into pairs is in PostingGather.swift.
enum TextMatcher {
    @inline(__always)
    static func cell(typos: UInt8, posting: Posting, exact: Bool) -> UInt32 {
        UInt32(typos) << 28 | UInt32(min(posting.attribute, 255)) << 20 | UInt32(min(posting.wordPosition, 4095)) << 8
            | (posting.isWholeValue ? 0 : 2) | (exact ? 0 : 1)
    }

    static func match(
        _ words: [QueryWord], removedWords: Int = 0, adjustment: MatchAdjustment = MatchAdjustment(), in index: SearchIndex
    ) throws -> TextMatches {
        let documentCount = index.recordCount
        let ranking = index.rankingKey
        if words.isEmpty {
            let values = RankingKey.Values()
            return TextMatches(
                records: (0..<documentCount).map { Int32($0) },
                keys: (0..<documentCount).map { ranking.key(values, customRank: Int32($0)) })
        }
        let dictionary = index.dictionary
        var termsOfWord: [[TermMatch]] = []
        var weight: [Int] = []
        var merged: [PrefixList?] = []
        var keys: [TermMatchCache.Key] = []
        for word in words {
            keys.append(
                TermMatchCache.Key(
                    word: Array(word.term.utf8), prefix: word.isPrefix, maxTypos: word.maxTypos, alternatives: word.alternatives,
                    infix: word.infixSlots))
            let bytes = Array(word.term.utf8)
            if word.isPrefix, word.maxTypos == 0, word.alternatives.isEmpty, word.infixSlots == 0,
                let list = index.prefixLists.list(for: bytes)
            {
                merged.append(list)
                termsOfWord.append([])
                weight.append(list.count)
                continue
            }
            merged.append(nil)
            let terms = index.termMatchCache.terms(for: keys[keys.count - 1]) {
                let found =
                    index.termMatchCache.typoTerms(bytes, prefix: word.isPrefix, maxTypos: word.maxTypos, in: dictionary)
                    + alternativeTerms(word, in: dictionary)
                guard word.infixSlots != 0 else { return found }
                return found + InfixMatch.terms(of: bytes, typos: word.infixTypos, besides: found, in: dictionary)
            }
            if terms.isEmpty { return TextMatches(records: [], keys: []) }
            termsOfWord.append(terms)
            weight.append(terms.reduce(0) { $0 + dictionary.postingCount(ofTerm: Int($1.term)) })
        }
        let order = words.indices.sorted { weight[$0] < weight[$1] }
        let width = words.count
        if width == 1 {
            // One word (every first keystroke, the largest sets): keys straight from its pairs.
            let oneWordKeys = OneWordKeys(removedWords: removedWords, adjustment: adjustment, ranking: ranking)
            if let list = merged[0] { return list.matches(oneWordKeys) }
            let pairs = try index.termMatchCache.pairs(for: keys[0]) {
                try gather(termsOfWord[0], of: words[0], index: index, keepOnly: nil)
            }
            return oneWord(pairs, keys: oneWordKeys)
        }

        // Surviving documents and, per document, one cell per query word (query order).
        var documents: [Int32] = []
        var cells: [UInt32] = []
        var survivors: SurvivorSet?  // `documents`, once a second word needs them
        for (step, word) in order.enumerated() {
            if Task.isCancelled { throw CancellationError() }
            let pairs: [UInt64]
            if let list = merged[word] {
                pairs = list.pairs(keepOnly: survivors)
            } else if let survivors {
                pairs = try gather(termsOfWord[word], of: words[word], index: index, keepOnly: survivors)
            } else {
                // The word a query starts from is often the same as the last keystroke's.
                pairs = try index.termMatchCache.pairs(for: keys[word]) {
                    try gather(termsOfWord[word], of: words[word], index: index, keepOnly: nil)
                }
            }
            if let survivors {
                intersect(pairs, word: word, width: width, documents: &documents, cells: &cells)
            } else {
                (documents, cells) = firstWord(pairs, word: word, width: width)
            }
            if documents.isEmpty { return TextMatches(records: [], keys: []) }
            if step + 1 < order.count { survivors = SurvivorSet(documents, documentCount: documentCount) }
        }

        return TextMatches(
            records: documents,
            keys: rankingKeys(
                documents, cells: cells, width: width, removedWords: removedWords, adjustment: adjustment, ranking: ranking))
    }

    /// The terms a word's `alternatives` (synonyms, other plural forms) name, counted as exact
    /// matches; a term the word itself matches is left to it.
    private static func alternativeTerms(_ word: QueryWord, in dictionary: TermDictionary) -> [TermMatch] {
        word.alternatives.compactMap { alternative in
            guard !word.matches(alternative), let term = dictionary.exactTerm(alternative) else { return nil }
            return TermMatch(term: Int32(term), typos: 0, exact: true)
        }
    }

    /// A one-word query's matches: each document of the sorted pairs once, keyed by its best cell.
    /// No cells are kept: the largest sets (the first keystrokes) come through here.
    private static func oneWord(_ pairs: [UInt64], keys: OneWordKeys) -> TextMatches {
        var records: [Int32] = []
        let ranked = [UInt64](unsafeUninitializedCapacity: pairs.count) { ranked, initialized in
            records = [Int32](unsafeUninitializedCapacity: pairs.count) { records, recordCount in
                var count = 0
                forEachDocument(pairs) { document, best in
                    records[count] = document
                    ranked[count] = keys.key(best, document: document)
                    count &+= 1
                }
                recordCount = count
            }
            initialized = records.count
        }
        return TextMatches(records: records, keys: ranked)
    }

    /// The documents of the word a query starts from, and their cells: `best` for that word,
    /// `.max` (to be filled) for the others. Written in place: this runs over up to every
    /// document, on the first keystrokes.
    private static func firstWord(_ pairs: [UInt64], word: Int, width: Int) -> ([Int32], [UInt32]) {
        var count = 0
        var documents: [Int32] = []
        let cells = [UInt32](unsafeUninitializedCapacity: pairs.count * width) { cells, initialized in
            documents = [Int32](unsafeUninitializedCapacity: pairs.count) { documents, documentCount in
                forEachDocument(pairs) { document, best in
                    documents[count] = document
                    for w in 0..<width { cells[count * width + w] = w == word ? best : .max }
                    count += 1
                }
                documentCount = count
            }
            initialized = count * width
        }
        return (documents, cells)
    }

    /// Keeps the documents `pairs` name, with this word's best cell. The pairs were gathered
    /// for the survivors only, so each names a document of `documents`; both are ascending, so
    /// each is found after the last one and entries only move down (`kept` ≤ its place).
    private static func intersect(
        _ pairs: [UInt64], word: Int, width: Int, documents: inout [Int32], cells: inout [UInt32]
    ) {
        var kept = 0
        var place = 0
        documents.withUnsafeMutableBufferPointer { documents in
            cells.withUnsafeMutableBufferPointer { cells in
                forEachDocument(pairs) { document, best in
                    let i = SurvivorSet.place(of: document, in: documents, from: place)
                    place = i + 1
                    documents[kept] = document
                    for w in 0..<width { cells[kept * width + w] = cells[i * width + w] }
                    cells[kept * width + word] = best
                    kept += 1
                }
            }
        }
        documents.removeLast(documents.count - kept)
        cells.removeLast(cells.count - kept * width)
    }

    /// Each document's ranking key from its cells (one per query word, in query order).
    /// Runs for every matching document of every keystroke, so it reads raw buffers. (One word
    /// never comes here: `oneWord` and `PrefixList.matches` key its documents as they read them.)
    private static func rankingKeys(
        _ documents: [Int32], cells: [UInt32], width: Int, removedWords: Int, adjustment: MatchAdjustment, ranking: RankingKey
    ) -> [UInt64] {
        let adjacentPair = adjustment.adjacentPair ?? -1
        return [UInt64](unsafeUninitializedCapacity: documents.count) { keys, initialized in
            documents.withUnsafeBufferPointer { documents in
                cells.withUnsafeBufferPointer { cells in
                    for slot in 0..<documents.count {
                        let base = slot &* width
                        var values = RankingKey.Values()
                        values.removedWords = removedWords
                        values.proximity = adjustment.extraProximity
                        var cell = cells[base]
                        values.typos = adjustment.extraTypos &+ Int(cell >> 28)
                        values.inexact = adjustment.extraInexact &+ Int(cell & 1)
                        var best = cell & 0x0FFF_FF00
                        var apart = false
                        for w in 1..<width {
                            let next = cells[base &+ w]
                            values.typos &+= Int(next >> 28)
                            values.inexact &+= Int(next & 1)
                            best = min(best, next & 0x0FFF_FF00)
                            let distance = proximity(cell, next)
                            values.proximity &+= distance
                            apart = apart || (w == adjacentPair &+ 1 && distance != 1)
                            cell = next
                        }
                        values.attribute = Int(best >> 20)
                        values.position = Int(best >> 8 & 0xFFF)
                        keys[slot] = apart ? .max : ranking.key(values, customRank: documents[slot])
                    }
                }
            }
            initialized = documents.count
        }
    }

    /// How far apart two consecutive query words matched: their distance in words within one
    /// attribute, 8 (the most that counts) across attributes, as Algolia caps it.
    /// (Selects, no early return: which way it goes is as random as the documents are.)
    @inline(__always)
    static func proximity(_ a: UInt32, _ b: UInt32) -> Int {
        let sameAttribute = a >> 20 & 0xFF == b >> 20 & 0xFF
        let forward = Int(b >> 8 & 0xFFF) &- Int(a >> 8 & 0xFFF)
        // Words in the typed order are closer than the same words reversed.
        let distance = forward > 0 ? forward : 1 &- forward
        return sameAttribute ? min(distance, 8) : 8
    }
}
