import InstantSearchCore

/// Facet counts and stats of the largest hit sets, counted once when the index is made.
///
/// The empty query and the first keystrokes of every query ("m", "ma") match the most
/// records: at 10M baby names "m" matches 830k, and counting its facets and stats was half of
/// that keystroke. Those hit sets are few and known in advance — every document, and each
/// merged prefix list (`PrefixLists`) — so they are counted when the index is built or opened,
/// by the very functions a query calls, and a query without refinements whose records are
/// exactly one of those sets reads the numbers instead: the same numbers, bit for bit.
/// A set is recognised by its size, then by a 128-bit fingerprint of its documents, so this
/// knows nothing of how the matcher found them.
struct KnownAggregates: Sendable {
    /// Smaller sets are counted on the keystroke, on one core (`countParallelThreshold`).
    static let minimumRecords = 1 << 16
    /// Facets with more values are counted on the keystroke: their counters would cost memory
    /// per known set (at most 32 kB each, so a few hundred sets cost a few MB).
    static let maximumFacetValues = 1 << 12

    struct Entry: Sendable {
        let fingerprint: Fingerprint
        /// Per facet attribute, what `FacetAggregator.counts` gives without refinements.
        let counts: [String: [Int]]
        /// Per numeric attribute, what `FacetAggregator.stats` gives without refinements.
        let stats: [String: FacetStats?]
    }

    /// Two independent sums of mixed document numbers: equal for the same set in any order.
    struct Fingerprint: Hashable, Sendable {
        var a: UInt64 = 0
        var b: UInt64 = 0

        init(_ records: [Int32]) {
            var a: UInt64 = 0
            var b: UInt64 = 0
            records.withUnsafeBufferPointer { records in
                for record in records {
                    let d = UInt64(UInt32(bitPattern: record))
                    a &+= Fingerprint.mix(d &+ 0x9E37_79B9_7F4A_7C15)
                    b &+= Fingerprint.mix(d ^ 0xD6E8_FEB8_6659_FD93 &* 0xA076_1D64_78BD_642F)
                }
            }
            (self.a, self.b) = (a, b)
        }

        /// SplitMix64's finaliser: every input bit reaches every output bit.
        @inline(__always)
        static func mix(_ x: UInt64) -> UInt64 {
            var z = x
            z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z &>> 31)
        }
    }

    private let bySize: [Int: [Entry]]

    init(
        documentCount: Int, prefixLists: PrefixLists, facetColumns: [String: FacetColumn],
        numericColumns: [String: NumericColumn]
    ) {
        var sets: [() -> [Int32]] = []
        if documentCount >= KnownAggregates.minimumRecords { sets.append { (0..<Int32(documentCount)).map { $0 } } }
        for (_, list) in prefixLists.all where list.count >= KnownAggregates.minimumRecords {
            sets.append { list.pairs(keepOnly: nil).map { Int32(truncatingIfNeeded: $0 >> 32) } }
        }
        var bySize: [Int: [Entry]] = [:]
        for documents in sets {
            let records = documents()  // one set's documents at a time
            var counts: [String: [Int]] = [:]
            for (attribute, column) in facetColumns where column.values.count <= KnownAggregates.maximumFacetValues {
                counts[attribute] = try? FacetAggregator.counts(column, records: records, status: [], ignoring: nil)
            }
            var stats: [String: FacetStats?] = [:]
            for (attribute, column) in numericColumns {
                stats[attribute] = FacetAggregator.stats(column, records: records, status: [], ignoring: nil)
            }
            bySize[records.count, default: []].append(Entry(fingerprint: Fingerprint(records), counts: counts, stats: stats))
        }
        self.bySize = bySize
    }

    /// The counts and stats of exactly these records, when they are a known set.
    func entry(for records: [Int32]) -> Entry? {
        guard let candidates = bySize[records.count] else { return nil }
        let fingerprint = Fingerprint(records)
        return candidates.first { $0.fingerprint == fingerprint }
    }
}
