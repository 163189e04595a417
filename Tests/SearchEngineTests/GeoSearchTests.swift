import InstantSearchCore
import Testing

@testable import SearchEngine

/// Geo search in the engine: `_geoloc` (one point or several), ranking by distance at the
/// ranking's `geo` place, radius, boxes and polygons, and the ranking info that explains it.
@Suite struct GeoSearchTests {
    static let paris = GeoPoint(lat: 48.8566, lng: 2.3522)

    static func shop(_ id: String, _ name: String, _ locations: JSONValue?, popularity: Int = 0) -> JSONValue {
        var record: JSONValue = ["objectID": .string(id), "name": .string(name), "popularity": .number(Double(popularity))]
        if let locations, case .object(var fields) = record {
            fields["_geoloc"] = locations
            record = .object(fields)
        }
        return record
    }

    static func point(_ lat: Double, _ lng: Double) -> JSONValue { ["lat": .number(lat), "lng": .number(lng)] }

    static let records: [JSONValue] = [
        shop("marseille", "bakery", point(43.2965, 5.3698), popularity: 90),
        shop("chain", "bakery", [point(45.7640, 4.8357), point(48.8600, 2.3400)], popularity: 10),
        shop("lyon", "bakery", point(45.7640, 4.8357), popularity: 50),
        shop("nowhere", "bakery", nil, popularity: 99),
        shop("paris-typo", "bakrey", point(48.8570, 2.3520), popularity: 0),
    ]

    static func index(ranking: [RankingCriterion]? = nil) -> SearchIndex {
        var settings = IndexSettings(
            searchableAttributes: ["name"], attributesForFaceting: [], numericAttributesForFiltering: ["popularity"],
            customRanking: [CustomRankingCriterion(attribute: "popularity", ascending: false)])
        if let ranking { settings.relevance.ranking = ranking }
        return SearchIndex(name: "shops", records: records, settings: settings)
    }

    static func search(_ text: String, _ geo: GeoQuery, in index: SearchIndex = index()) throws -> SearchResults {
        var query = Query(text: text, hitsPerPage: 10)
        query.geo = geo
        query.getRankingInfo = true
        return try index.search(query)
    }

    @Test func nearestFirstAfterTypos() throws {
        let results = try Self.search("bakery", GeoQuery(aroundLatLng: Self.paris))
        // The chain's Paris shop is nearest; typo ranks before geo, so the near typo comes after
        // every exact match; a record without a location is last among the exact ones.
        #expect(results.hits.map(\.objectID) == ["chain", "lyon", "marseille", "nowhere", "paris-typo"])
        let chain = try #require(results.hits.first?.rankingInfo)
        #expect(chain.matchedGeoLocation?.point == GeoPoint(lat: 48.8600, lng: 2.3400))
        #expect(chain.geoDistance == chain.matchedGeoLocation?.distance && (900...1000).contains(chain.geoDistance ?? 0))
        #expect(chain.geoPrecision == 1)
        #expect(results.hits[3].rankingInfo?.geoDistance == nil)
        #expect(chain.ranking.contains("geo"))
    }

    @Test func withoutGeoInTheRankingDistanceDoesNotOrder() throws {
        let results = try Self.search("bakery", GeoQuery(aroundLatLng: Self.paris), in: Self.index(ranking: [.typo, .words, .custom]))
        #expect(results.hits.map(\.objectID) == ["nowhere", "marseille", "lyon", "chain", "paris-typo"])
    }

    @Test func radiusKeepsRecordsWithALocationInside() throws {
        let near = try Self.search("", GeoQuery(aroundLatLng: Self.paris, aroundRadius: .meters(5_000)))
        #expect(near.hits.map(\.objectID) == ["paris-typo", "chain"])
        #expect(near.nbHits == 2)
        let all = try Self.search("", GeoQuery(aroundLatLng: Self.paris, aroundRadius: .all))
        #expect(all.nbHits == 5)
    }

    @Test func precisionGroupsDistances() throws {
        // 500 km steps: Paris shops share step 0, Lyon (392 km) too; popularity decides among them.
        let results = try Self.search("bakery", GeoQuery(aroundLatLng: Self.paris, aroundPrecision: 500_000))
        #expect(results.hits.prefix(3).map(\.objectID) == ["lyon", "chain", "marseille"])
        #expect(results.hits.first?.rankingInfo?.geoPrecision == 500_000)
    }

    @Test func boxesAndPolygons() throws {
        let lyonBox = GeoBox(corner1: GeoPoint(lat: 46, lng: 4), corner2: GeoPoint(lat: 45, lng: 5.5))
        let boxed = try Self.search("", GeoQuery(aroundLatLng: Self.paris, insideBoundingBox: [lyonBox]))
        #expect(Set(boxed.hits.map(\.objectID)) == ["chain", "lyon"])
        #expect(boxed.hits.first?.rankingInfo?.geoDistance == nil, "an area puts aroundLatLng aside, as Algolia does")
        let triangle = GeoPolygon(points: [GeoPoint(lat: 43, lng: 5), GeoPoint(lat: 44, lng: 5), GeoPoint(lat: 43, lng: 6)])
        #expect(try Self.search("", GeoQuery(insidePolygon: [triangle])).hits.map(\.objectID) == ["marseille"])
    }

    @Test func aBoxMayCrossTheAntimeridian() {
        let pacific = GeoBox(corner1: GeoPoint(lat: 10, lng: 170), corner2: GeoPoint(lat: -10, lng: -170))
        #expect(pacific.contains(GeoPoint(lat: 0, lng: 179)) && pacific.contains(GeoPoint(lat: 0, lng: -175)))
        #expect(!pacific.contains(GeoPoint(lat: 0, lng: 0)))
    }

    @Test func badLocationsPlaceNothing() {
        #expect(GeoQuery.points(["lat": "48.8", "lng": 2]) == nil, "coordinates must be numbers")
        #expect(GeoQuery.points(["lat": 120, "lng": 2]) == nil)
        #expect(GeoQuery.points([Self.point(1, 2), "x"]) == [GeoPoint(lat: 1, lng: 2)])
    }
}
