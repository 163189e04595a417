import InstantSearchCore

/// Facet counts and stats of the largest hit sets, counted once when the index is made.
///
/// The empty query and the first keystrokes of every query ("m", "ma") match the most
/// records: at 10M baby names "m" matches 830k, and counting its facets and stats was half of
/// that keystroke. Those hit sets are few and known in advance — every document, and each
/// merged prefix list (`PrefixLists`) — so they are counted when the index is built or opened,
/// by the very functions a query calls, and a query without refinements whose records are
/// exactly one of those sets reads the numbers instead: the same numbers, bit for bit.
/// A set is recognised by its size, then by a 128-bit fingerprint of its (ascending)
/// documents, so this knows nothing of how the matcher found them.
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

    /// Two 64-bit hashes of an ascending list of documents (a query's records always are):
    /// a multiply-xor chain over the documents in order, two lanes so the chain's latency is
    /// halved, and a sum of scrambled documents. Three cheap operations a record: this runs
    /// over every record of a keystroke whose size matches a known set.
    struct Fingerprint: Hashable, Sendable {
        var a: UInt64 = 0
        var b: UInt64 = 0

        init(_ records: [Int32]) {
            let k: UInt64 = 0x9E37_79B9_7F4A_7C15
            var (even, odd, sum): (UInt64, UInt64, UInt64) = (1, 2, 0)
            records.withUnsafeBufferPointer { records in
                var i = 0
                while i + 1 < records.count {
                    let d0 = UInt64(UInt32(bitPattern: records[i]))
                    let d1 = UInt64(UInt32(bitPattern: records[i + 1]))
                    even = (even ^ d0) &* k
                    odd = (odd ^ d1) &* k
                    sum &+= (d0 &* 0xD6E8_FEB8_6659_FD93) ^ (d1 &* 0xA076_1D64_78BD_642F)
                    i += 2
                }
                if i < records.count { even = (even ^ UInt64(UInt32(bitPattern: records[i])) ^ 0xFF51_AFD7_ED55_8CCD) &* k }
            }
            a = even ^ (odd &>> 1 | odd &<< 63)
            b = sum ^ UInt64(records.count)
        }
    }

    private let bySize: [Int: [Entry]]
    /// Every document's: a query's records are all of them exactly when there are as many, so
    /// this one is found by its size alone, and taken without a list of every document.
    private let everyDocument: Entry?
    private let documentCount: Int

    init(
        documentCount: Int, prefixLists: PrefixLists, facetColumns: [String: FacetColumn],
        numericColumns: [String: NumericColumn]
    ) {
        self.documentCount = documentCount
        let countedFacets = facetColumns.filter { $0.value.values.count <= KnownAggregates.maximumFacetValues }
        everyDocument =
            documentCount >= KnownAggregates.minimumRecords
            ? Entry(
                fingerprint: Fingerprint([]), counts: countedFacets.mapValues { FacetAggregator.countsOfEveryDocument($0) },
                stats: numericColumns.mapValues { FacetAggregator.statsOfEveryDocument($0) })
            : nil
        var bySize: [Int: [Entry]] = [:]
        for (_, list) in prefixLists.all where list.count >= KnownAggregates.minimumRecords && list.count < documentCount {
            // Ascending, as a query's records are: the pairs are sorted by document.
            let records = list.documents()
            var counts: [String: [Int]] = [:]
            for (attribute, column) in countedFacets {
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

    /// The counts and stats of exactly these records (ascending, distinct), when they are a known set.
    func entry(for records: [Int32]) -> Entry? {
        if records.count == documentCount { return everyDocument }
        guard let candidates = bySize[records.count] else { return nil }
        let fingerprint = Fingerprint(records)
        return candidates.first { $0.fingerprint == fingerprint }
    }
}
