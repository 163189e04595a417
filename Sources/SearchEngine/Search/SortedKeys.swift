import InstantSearchCore

/// The whole result set ordered by one numeric attribute (a `Query.sortBy`), the ranking key
/// breaking ties: equal values keep their relevance order, and records without a value come
/// last whichever the direction. Only the page asked for is put in order (`TopKeys`).
enum SortedKeys {
    static func smallest(_ keys: [UInt64], count: Int, column: NumericColumn, ascending: Bool) -> [UInt64] {
        let places = keys.map { key in
            // The attribute's value as an order-preserving integer, then the key.
            PlacedKey(place: order(of: column, document: RankingKey.customRank(of: key), ascending: ascending), key: key)
        }
        return TopKeys.smallest(places, count: count).map(\.key)
    }

    /// Smaller first in the wanted direction; no value is `UInt64.max`, after every value.
    @inline(__always)
    static func order(of column: NumericColumn, document: Int, ascending: Bool) -> UInt64 {
        switch column.storage {
        case .coded(let values, let ids):
            // Ids ascend with the values: no float to read.
            let id = ids[document]
            if id == 0 { return .max }
            return ascending ? UInt64(id) : UInt64(values.count + 1 - id)
        case .plain(let values):
            let value = values[document]
            if value.isNaN { return .max }
            let ordered = orderedBits(value)
            return ascending ? ordered : ~ordered  // never .max (that would be a NaN): "no value" stays last
        }
    }

    /// A double's bits turned so that integer order is numeric order (negatives flipped).
    static func orderedBits(_ value: Double) -> UInt64 {
        let bits = (value == 0 ? 0.0 : value).bitPattern  // -0 and 0 are one value
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
}
