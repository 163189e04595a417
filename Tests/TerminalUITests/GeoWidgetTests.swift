import InstantSearchCore
import Testing

@testable import TerminalUI

/// Places at fixed distances from the centre: hits ranked by distance with `_rankingInfo`
/// (as the engine answers a query with `aroundLatLng`), `aroundRadius` kept, and the facet
/// stats of `_geoDistance` over every place, the radius left out (as the engine's).
private struct PlacesBackend: Searchable {
    static let places: [(id: String, name: String, meters: Int)] = [
        ("1", "Louvre cafe", 850), ("2", "Bastille cafe", 3_400), ("3", "Versailles cafe", 17_000), ("4", "Lyon cafe", 392_000),
    ]
    static let centre = GeoPoint(lat: 48.8566, lng: 2.3522)

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        queries.map { indexed in
            let query = indexed.query
            let radius = query.geo.radiusInMeters ?? Int.max
            let kept = Self.places.filter { $0.meters <= radius && (query.text.isEmpty || $0.name.lowercased().contains(query.text.lowercased())) }
            let hits = kept.map { place -> Hit in
                var info = RankingInfo(ranking: ["typo", "geo"])
                if query.getRankingInfo, query.geo.origin != nil {
                    (info.geoDistance, info.geoPrecision) = (place.meters, 1)
                    info.matchedGeoLocation = MatchedGeoLocation(point: Self.centre, distance: place.meters)
                }
                return Hit(
                    objectID: place.id, record: ["objectID": .string(place.id), "name": .string(place.name)],
                    rankingInfo: query.getRankingInfo ? info : nil)
            }
            var stats: [String: FacetStats] = [:]
            if query.geo.origin != nil, query.facets.contains(GeoDistance.distanceAttribute) {
                let all = Self.places.map { Double($0.meters) }
                stats[GeoDistance.distanceAttribute] = FacetStats(min: all.min()!, max: all.max()!, avg: all.reduce(0, +) / 4, sum: all.reduce(0, +))
            }
            return SearchResults(
                indexName: indexed.indexName, query: query.text, hits: hits, nbHits: hits.count, page: 0, nbPages: 1,
                hitsPerPage: query.hitsPerPage, facets: [:], facetStats: stats, processingTimeMS: 0)
        }
    }
}

@Suite struct GeoWidgetTests {
    private static func places(centre: GeoPoint?) -> IndexDescription {
        var description = IndexDescription(name: "places", searchableAttributes: ["name"], displayAttributes: ["name"])
        description.aroundLatLng = centre
        return description
    }

    private func harness(centre: GeoPoint? = PlacesBackend.centre) -> AppHarness {
        AppHarness(indices: [Self.places(centre: centre)], backend: PlacesBackend())
    }

    @Test func aCentreGivesEachHitItsDistanceAndTheSliderPaneARadius() async {
        let harness = harness()
        await harness.start()
        let query = harness.hub.state.active.query
        #expect(query.geo.aroundLatLng == PlacesBackend.centre && query.getRankingInfo)
        let screen = harness.screen(width: 80, height: 24)
        // The distance, written for a person, on each hit's row: metres, one decimal under 10 km, whole km beyond.
        for (name, distance) in [("Louvre cafe", "850 m"), ("Bastille cafe", "3.4 km"), ("Versailles cafe", "17 km"), ("Lyon cafe", "392 km")] {
            let row = try! #require(screen.row(containing: name))
            #expect(screen.line(row).contains(distance) || screen.line(row + 1).contains(distance), "\(name): \(screen)")
        }
        let radius = try! #require(screen.row(containing: "RADIUS"))
        #expect(screen.line(radius + 2).contains("850 m") && screen.line(radius + 2).contains("392 km"), "the track's ends: \(screen)")
    }

    @Test func theRadiusSliderSetsAroundRadiusWithTheSlidersKeys() async {
        let harness = harness()
        await harness.start()
        await harness.press(.function(4))
        #expect(harness.app.sliderPane.attribute == GeoDistance.distanceAttribute)
        // Left moves the radius's one end, whichever thumb is active; far left by an eighth of the track.
        await harness.press(.shiftLeft, .shiftLeft, .shiftLeft, .shiftLeft, .shiftLeft, .shiftLeft, .shiftLeft)
        let radius = try! #require(harness.hub.state.active.query.geo.radiusInMeters)
        #expect(radius < 392_000 && radius >= 850)
        #expect(harness.hub.state.active.query.numericRanges.isEmpty, "a radius, not a numeric filter")
        let kept = harness.hub.state.active.results?.hits.map(\.objectID) ?? []
        #expect(!kept.contains("4") && kept.contains("1"))
        let screen = harness.screen()
        #expect(screen.row(containing: "Lyon cafe") == nil)
        #expect(screen.row(containing: "RADIUS") != nil)
        await harness.press(.delete)
        #expect(harness.hub.state.active.query.geo.aroundRadius == nil)
        await harness.press(.left)
        #expect(harness.hub.state.active.query.geo.radiusInMeters != nil)
        await harness.press(.control("x"))
        #expect(harness.hub.state.active.query.geo.aroundRadius == nil, "Ctrl-X clears the radius with the refinements")
    }

    @Test func closingThePreviewKeepsTheDistances() async {
        let harness = harness()
        await harness.start()
        await harness.press(.function(6), .function(6))
        #expect(harness.hub.state.active.query.getRankingInfo)
        #expect(harness.screen().row(containing: "850 m") != nil)
    }

    @Test func withoutACentreNothingGeoShows() async {
        let harness = harness(centre: nil)
        await harness.start()
        let screen = harness.screen()
        #expect(screen.row(containing: "RADIUS") == nil && screen.row(containing: " km") == nil)
        #expect(!harness.hub.state.active.query.facets.contains(GeoDistance.distanceAttribute))
    }

    @Test func distancesAreWrittenForAPerson() {
        #expect(
            [0, 999, 1000, 1049, 1050, 9_949, 9_950, 12_400, 1_234_567].map(GeoDistance.text) == [
                "0 m", "999 m", "1.0 km", "1.0 km", "1.1 km", "9.9 km", "10 km", "12 km", "1,235 km",
            ])
    }
}
