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

/// Each document's `_geoloc` points, read from the records on the first geo query and kept
/// (a pass over the records; an index without geo queries never pays it).
final class GeoLocations: @unchecked Sendable {
    struct Column: Sendable {
        /// Document d's points are `points[offsets[d]..<offsets[d + 1]]`.
        let offsets: [Int32]
        let points: [GeoPoint]

        func points(of document: Int) -> ArraySlice<GeoPoint> {
            points[Int(offsets[document])..<Int(offsets[document + 1])]
        }
    }

    private let made = Mutex<Column?>(nil)

    func column(of index: SearchIndex) -> Column {
        made.withLock { made in
            if let made { return made }
            var offsets: [Int32] = [0]
            var points: [GeoPoint] = []
            offsets.reserveCapacity(index.recordCount + 1)
            for document in 0..<index.recordCount {
                points += GeoQuery.points(index.records.value("_geoloc", of: index.recordAtCustomRank[document])) ?? []
                offsets.append(Int32(points.count))
            }
            let column = Column(offsets: offsets, points: points)
            made = column
            return column
        }
    }
}

extension SearchIndex {
    /// The matches a geo query's areas or radius keep (all of them when it sets none).
    func keepingGeo(_ matches: TextMatches, _ geo: GeoQuery) -> TextMatches {
        guard geo.filters else { return matches }
        let column = geoLocations.column(of: self)
        var kept = TextMatches(records: [], keys: [])
        for (record, key) in zip(matches.records, matches.keys) where geo.keeps(column.points(of: Int(record))) {
            kept.records.append(record)
            kept.keys.append(key)
        }
        return kept
    }
}

/// The `geo` criterion of a query with `aroundLatLng`: the distance from there to a record's
/// nearest location, in steps of `aroundPrecision` metres, ranks after the criteria the
/// ranking puts before `geo` (typo, by default) and before those after it.
struct GeoRanking {
    let origin: GeoPoint
    let precision: Int
    private let column: GeoLocations.Column
    private let bitsBefore: Int
    /// Distances fit in 26 bits (the earth's half circumference is 2^24.3 metres); a record
    /// without a location ranks after every distance.
    static let farthest: UInt64 = (1 << 26) - 1

    init?(_ query: Query, index: SearchIndex) {
        guard let origin = query.geo.origin, let bitsBefore = index.rankingKey.bitsBeforeGeo else { return nil }
        self.origin = origin
        self.precision = max(query.geo.aroundPrecision, 1)
        self.column = index.geoLocations.column(of: index)
        self.bitsBefore = bitsBefore
    }

    /// The record's nearest location and its distance in whole metres; nil when it has none.
    func nearest(_ key: UInt64) -> MatchedGeoLocation? {
        var best: MatchedGeoLocation?
        for point in column.points(of: RankingKey.customRank(of: key)) {
            let distance = Int(origin.distance(to: point).rounded())
            if best.map({ distance < $0.distance }) ?? true { best = MatchedGeoLocation(point: point, distance: distance) }
        }
        return best
    }

    /// The geo criterion's value: the distance in steps of the precision.
    func value(_ key: UInt64) -> UInt64 {
        guard let nearest = nearest(key) else { return GeoRanking.farthest }
        return min(UInt64(nearest.distance / precision), GeoRanking.farthest)
    }

    /// The criteria before `geo` (the key's top bits), then the distance.
    func place(_ key: UInt64) -> UInt64 {
        let before = bitsBefore == 0 ? 0 : key >> UInt64(64 - bitsBefore)
        return before << 26 | value(key)
    }
}
