import Foundation
import InstantSearchCore
import SearchEngine
import Testing

/// `serve` speaks Algolia's geo parameters (`aroundLatLng`, `aroundRadius`,
/// `insideBoundingBox`, `insidePolygon`, with `_rankingInfo.geoDistance` and
/// `matchedGeoLocation`) and relevant sort (`relevancyStrictness` on a sorted view, answered
/// with `appliedRelevancyStrictness` and `nbSortedHits`), on an index of places of its own.
@Suite("serve: geo search and relevant sort")
struct ServeGeoAndSortTests {
    static let backend = EmbeddedBackend(indices: [SearchIndex(name: "places", records: GeoPlaces.records, settings: GeoPlaces.settings)])

    static func withPlaces<T>(_ body: (RunningServer) async throws -> T) async throws -> T {
        try await withServer(options: .init(host: "127.0.0.1", port: 0, maxBodyBytes: 64 * 1024), backend: backend, body)
    }

    @Test func aroundLatLngRanksByDistanceWithinTheRadius() async throws {
        try await Self.withPlaces { server in
            let body = #"{"query": "cafe", "aroundLatLng": "48.8566, 2.3522", "aroundRadius": 10000, "getRankingInfo": true}"#
            let (status, answer) = try await server.send("POST", "/1/indexes/places/query", key: "search-all", body: body)
            #expect(status == 200)
            let hits = try #require(answer?["hits"] as? [[String: Any]])
            #expect(hits.map { $0["objectID"] as? String } == ["paris-louvre", "paris-bastille"], "Lyon is farther than 10 km")
            let info = try #require(hits.first?["_rankingInfo"] as? [String: Any])
            let distance = try #require(info["geoDistance"] as? Int)
            #expect((400...1200).contains(distance))
            let matched = try #require(info["matchedGeoLocation"] as? [String: Any])
            #expect(matched["lat"] as? Double == 48.8606 && matched["distance"] as? Int == distance)
        }
    }

    @Test func boxesAndPolygonsKeepWhatIsInside() async throws {
        try await Self.withPlaces { server in
            let box = #"{"query": "", "insideBoundingBox": [[46.0, 4.0, 45.0, 5.5]]}"#
            let (_, inBox) = try await server.send("POST", "/1/indexes/places/query", key: "search-all", body: box)
            #expect((inBox?["hits"] as? [[String: Any]])?.compactMap { $0["objectID"] as? String }.sorted() == ["lyon-cafe", "lyon-museum"])
            let polygon = #"{"query": "", "insidePolygon": [[48.0, 2.0, 49.5, 2.0, 49.5, 3.0, 48.0, 3.0]]}"#
            let (_, inPolygon) = try await server.send("POST", "/1/indexes/places/query", key: "search-all", body: polygon)
            #expect(inPolygon?["nbHits"] as? Int == 3)
        }
    }

    @Test(arguments: [
        (#""aroundLatLng": "north""#, "aroundLatLng"),
        (#""aroundLatLng": "91, 0""#, "aroundLatLng"),
        (#""aroundLatLng": "1, 2", "aroundRadius": -5"#, "aroundRadius"),
        (#""insideBoundingBox": [[1, 2, 3]]"#, "insideBoundingBox"),
        (#""insidePolygon": [[1, 2, 3, 4]]"#, "insidePolygon"),
        (#""aroundPrecision": [{"from": 0, "value": 10}]"#, "aroundPrecision"),
        (#""relevancyStrictness": 101"#, "relevancyStrictness"),
        (#""sortBy": "price:sideways""#, "sortBy"),
    ])
    func badValuesAreRefusedNamingTheParameter(_ parameters: String, _ name: String) async throws {
        try await Self.withPlaces { server in
            let (status, answer) = try await server.send("POST", "/1/indexes/places/query", key: "search-all", body: "{\(parameters)}")
            #expect(status == 400)
            #expect((answer?["message"] as? String)?.hasPrefix(name) == true, "\(answer ?? [:])")
        }
    }

    @Test func aRelevantSortKeepsTheMostRelevantAndSaysHowMany() async throws {
        try await Self.withPlaces { server in
            let strict = #"{"query": "museum", "sortBy": "price:asc", "relevancyStrictness": 100}"#
            let (status, answer) = try await server.send("POST", "/1/indexes/places/query", key: "search-all", body: strict)
            #expect(status == 200)
            #expect(answer?["appliedRelevancyStrictness"] as? Int == 100)
            #expect(answer?["nbHits"] as? Int == 3)
            #expect(answer?["nbSortedHits"] as? Int == 2, "the café whose description mentions a museum is left out")
            #expect((answer?["hits"] as? [[String: Any]])?.compactMap { $0["objectID"] as? String } == ["lyon-museum", "paris-louvre"])
            let all = #"{"query": "museum", "sortBy": "price:asc", "relevancyStrictness": 0}"#
            let (_, every) = try await server.send("POST", "/1/indexes/places/query", key: "search-all", body: all)
            #expect(every?["nbSortedHits"] as? Int == 3 && every?["appliedRelevancyStrictness"] as? Int == 0)
        }
    }
}

/// Places in Paris and Lyon, with prices for the sorted view.
enum GeoPlaces {
    static let records: [JSONValue] = [
        place("paris-louvre", "Louvre museum", "cafe inside", 48.8606, 2.3376, 17),
        place("paris-bastille", "Bastille cafe", "terrace", 48.8532, 2.3691, 4),
        place("paris-far", "Versailles", "a museum cafe", 48.8049, 2.1204, 2),
        place("lyon-cafe", "Lyon cafe", "bouchon", 45.7640, 4.8357, 3),
        place("lyon-museum", "Lyon museum", "confluence", 45.7326, 4.8180, 9),
    ]

    static func place(_ id: String, _ name: String, _ description: String, _ lat: Double, _ lng: Double, _ price: Double) -> JSONValue {
        [
            "objectID": .string(id), "name": .string(name), "description": .string(description), "price": .number(price),
            "_geoloc": ["lat": .number(lat), "lng": .number(lng)],
        ]
    }

    static let settings = IndexSettings(
        searchableAttributes: ["name", "description"], attributesForFaceting: [], numericAttributesForFiltering: ["price"])
}
