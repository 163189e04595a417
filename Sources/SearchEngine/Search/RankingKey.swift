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
    /// Where each criterion's field starts in the key, and a mask that keeps it (all ones)
    /// or drops it (zero, when it takes no part): no branch per field in `key`.
    private let typoField: Field, wordsField: Field, proximityField: Field, attributeField: Field, exactField: Field

    private struct Field {
        var shift: UInt64 = 0
        var mask: UInt64 = 0

        init(_ shift: UInt64?) {
            if let shift { (self.shift, mask) = (shift, .max) }
        }
    }

    init(ranking: [RankingCriterion]) {
        var order: [RankingCriterion] = []
        for criterion in ranking {
            if criterion == .custom { break }
            if !order.contains(criterion) { order.append(criterion) }
        }
        self.order = order
        var shifts: [RankingCriterion: UInt64] = [:]
        var top = 64
        for criterion in order {
            top -= RankingKey.widths[criterion]!
            shifts[criterion] = UInt64(top)
        }
        typoField = Field(shifts[.typo])
        wordsField = Field(shifts[.words])
        proximityField = Field(shifts[.proximity])
        attributeField = Field(shifts[.attribute])
        exactField = Field(shifts[.exact])
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
        // Values are never negative; shifts are below 64, so `&<<` needs no overshift check.
        @inline(__always) func field(_ value: Int, _ width: Int, _ field: Field) -> UInt64 {
            (UInt64(truncatingIfNeeded: min(value, (1 << width) - 1)) & field.mask) &<< field.shift
        }
        let attribute = min(values.attribute, 63) << 9 | min(values.position, 511)
        return field(values.typos, 5, typoField) | field(values.removedWords, 5, wordsField)
            | field(values.proximity, 6, proximityField) | field(attribute, 15, attributeField)
            | field(values.inexact, 5, exactField) | (UInt64(UInt32(bitPattern: customRank)) & RankingKey.customMask)
    }

    static func customRank(of key: UInt64) -> Int { Int(key & customMask) }
}
