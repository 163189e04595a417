/// A hit's place when more than its ranking key decides it (a sort's value, a relevance
/// bucket, a distance): `place` first, then the key, which stays what the hit is and how it
/// is explained.
struct PlacedKey: Comparable {
    var place: UInt64
    var key: UInt64

    static func < (a: PlacedKey, b: PlacedKey) -> Bool { (a.place, a.key) < (b.place, b.key) }
}

/// What `Distinct` and the page need of a hit's key, whichever kind it is.
protocol HitKey: Comparable {
    /// The ranking key: the record it names (its low bits) and how it is explained.
    var rankingKey: UInt64 { get }
}

extension UInt64: HitKey {
    var rankingKey: UInt64 { self }
}

extension PlacedKey: HitKey {
    var rankingKey: UInt64 { key }
}
