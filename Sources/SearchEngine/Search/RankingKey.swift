import InstantSearchCore

/// A record's place in the results as one integer, smaller first: the tie-break criteria
/// packed most significant first, in the index's ranking order, with the record's
/// customRanking position in the lowest bits. That position is unique per record, so keys
/// never tie and the record is recovered from its key (`recordAtCustomRank`).
struct RankingKey {
    /// Bits per criterion; values past the field's maximum are clamped, which only merges
    /// ranks that were already far down.
    static let widths: [RankingCriterion: Int] = [.typo: 5, .words: 5, .proximity: 6, .attribute: 15, .exact: 5]
    static let customBits = 28
    static let customMask: UInt64 = (1 << customBits) - 1

    /// The criteria that take part, in order. `custom` ends the list: being unique per
    /// record, it leaves nothing for later criteria to break.
    let order: [RankingCriterion]
    /// How many of the key's high bits hold the criteria ranked before `geo`; nil when `geo`
    /// is not in the ranking (or comes after `custom`). A geo query orders by those bits, then
    /// the distance, then the whole key (`GeoRanking`).
    let bitsBeforeGeo: Int?
    /// Where each criterion's field starts in the key, and the largest value it holds: 0 when
    /// the criterion takes no part, so every field is computed the same way, without a branch.
    private let typo: Field, words: Field, proximity: Field, attribute: Field, exact: Field

    private struct Field {
        var shift: UInt64 = 0
        var limit = 0

        @inline(__always)
        func bits(_ value: Int) -> UInt64 { UInt64(min(value, limit)) &<< shift }
    }

    init(ranking: [RankingCriterion]) {
        var order: [RankingCriterion] = []
        var bitsBeforeGeo: Int?
        for criterion in ranking {
            if criterion == .custom { break }
            if criterion == .geo {
                // Not a field of the key: a distance is measured per query.
                bitsBeforeGeo = bitsBeforeGeo ?? order.reduce(0) { $0 + RankingKey.widths[$1]! }
                continue
            }
            if !order.contains(criterion) { order.append(criterion) }
        }
        self.order = order
        self.bitsBeforeGeo = bitsBeforeGeo
        var fields: [RankingCriterion: Field] = [:]
        var top = 64
        for criterion in order {
            let width = RankingKey.widths[criterion]!
            top -= width
            fields[criterion] = Field(shift: UInt64(top), limit: (1 << width) - 1)
        }
        typo = fields[.typo] ?? Field()
        words = fields[.words] ?? Field()
        proximity = fields[.proximity] ?? Field()
        attribute = fields[.attribute] ?? Field()
        exact = fields[.exact] ?? Field()
    }

    /// The values of one record's match, each smaller-is-better.
    struct Values {
        var typos = 0
        var removedWords = 0
        var proximity = 0
        /// Attribute rank, then position of the best-placed match inside it.
        var attribute = 0
        var position = 0
        /// Query words not matched exactly (prefix completions and typos count as inexact).
        var inexact = 0
    }

    /// Runs for every matching record of every keystroke: shifts only, no loop over criteria.
    @inline(__always)
    func key(_ values: Values, customRank: Int32) -> UInt64 {
        let place = min(values.attribute, 63) << 9 | min(values.position, 511)
        return typo.bits(values.typos) | words.bits(values.removedWords) | proximity.bits(values.proximity)
            | attribute.bits(place) | exact.bits(values.inexact) | (UInt64(UInt32(bitPattern: customRank)) & RankingKey.customMask)
    }

    static func customRank(of key: UInt64) -> Int { Int(key & customMask) }

    /// The values a key was made of, for the criteria that take part (nil for the others).
    /// Values past a field's limit read back as the limit, as they ranked.
    func decode(_ key: UInt64) -> (typos: Int?, removedWords: Int?, proximity: Int?, attribute: Int?, position: Int?, inexact: Int?) {
        func read(_ criterion: RankingCriterion, _ field: Field) -> Int? {
            order.contains(criterion) ? Int((key >> field.shift) & UInt64(field.limit)) : nil
        }
        let place = read(.attribute, attribute)
        return (
            read(.typo, typo), read(.words, words), read(.proximity, proximity), place.map { $0 >> 9 }, place.map { $0 & 511 },
            read(.exact, exact)
        )
    }

    /// A match's text relevance in points, fewer better (see `RelevanceBuckets`): one per
    /// dropped word, per typo, per word of distance beyond side by side, per attribute further
    /// down `searchableAttributes`, and one when some word matched inexactly. Positions inside
    /// an attribute do not count: they are what a bucket lets popularity outweigh.
    func relevancePoints(_ key: UInt64, wordCount: Int) -> Int {
        var points = Int((key >> words.shift) & UInt64(words.limit)) + Int((key >> typo.shift) & UInt64(typo.limit))
        points += Int((key >> attribute.shift) & UInt64(attribute.limit)) >> 9
        points += max(0, Int((key >> proximity.shift) & UInt64(proximity.limit)) - max(wordCount - 1, 0))
        if (key >> exact.shift) & UInt64(exact.limit) > 0 { points += 1 }
        return points
    }
}
