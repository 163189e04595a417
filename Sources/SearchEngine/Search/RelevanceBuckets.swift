import InstantSearchCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Popularity-aware ranking (`relevanceBucketWidth`): hits are grouped by text relevance in
/// points (`RankingKey.relevancePoints`), bucket 0 holding those within `width` points of the
/// best hit, bucket 1 the next `width` points, and so on; inside a bucket the custom ranking
/// decides, and the text criteria only break its ties. So an obscure record whose name holds
/// the words no longer beats a popular one whose description does (one attribute apart), nor an
/// obscure exact prefix a popular name typed with one typo — unless they fall in different
/// buckets.
struct RelevanceBuckets {
    let width: Int
    let wordCount: Int
    /// The fewest points among the hits: bucket 0 starts there.
    let best: Int
    private let rankingKey: RankingKey
    private let ties: CustomTies.Runs

    /// nil when the setting is off or there is nothing to reorder.
    init?(width: Int, keys: [UInt64], wordCount: Int, index: SearchIndex) {
        guard width > 0, !keys.isEmpty else { return nil }
        self.width = width
        self.wordCount = wordCount
        self.rankingKey = index.rankingKey
        var best = Int.max
        for key in keys { best = min(best, index.rankingKey.relevancePoints(key, wordCount: wordCount)) }
        self.best = best
        self.ties = index.customTies.runs(of: index)
    }

    func points(_ key: UInt64) -> Int { rankingKey.relevancePoints(key, wordCount: wordCount) }

    func bucket(_ key: UInt64) -> Int { (points(key) - best) / width }

    /// The bucket (10 bits), `middle` (26 bits: a distance, when geo ranks within the bucket),
    /// then the first document of the record's run of equal custom values (28 bits): records
    /// as popular as each other stay in their text order.
    func place(_ key: UInt64, middle: UInt64 = 0) -> UInt64 {
        let bucket = UInt64(min(self.bucket(key), 1023))
        return bucket << 54 | min(middle, (1 << 26) - 1) << 28 | UInt64(ties.start(of: RankingKey.customRank(of: key)))
    }
}

/// Where each run of records with equal custom ranking values starts, in document order
/// (documents are numbered in custom ranking order, so equal values are neighbours). Made on
/// the first query that needs it and kept: a pass over the custom ranking's columns.
final class CustomTies: @unchecked Sendable {
    struct Runs: Sendable {
        let starts: [Int32]
        func start(of document: Int) -> Int32 { document < starts.count ? starts[document] : Int32(document) }
    }

    private let made = Mutex<Runs?>(nil)

    func runs(of index: SearchIndex) -> Runs {
        made.withLock { made in
            if let made { return made }
            let columns = index.settings.customRanking.compactMap { index.numericColumns[$0.attribute] }
            var starts = [Int32](repeating: 0, count: index.recordCount)
            for document in 0..<index.recordCount where document > 0 {
                let same = columns.allSatisfy { column in
                    let (a, b) = (column.value(at: document), column.value(at: document - 1))
                    return a == b || (a.isNaN && b.isNaN)
                }
                starts[document] = same ? starts[document - 1] : Int32(document)
            }
            let runs = Runs(starts: starts)
            made = runs
            return runs
        }
    }
}
