import Testing

@testable import InstantSearchCore

/// Algolia's geo and relevant-sort parameters read by a server and written by a client: every
/// form Algolia documents, refused with the parameter's name otherwise.
@Suite struct GeoParametersTests {
    func query(_ values: [String: JSONValue]) throws -> Query { try AlgoliaParameters(values: values).query() }

    func message(_ values: [String: JSONValue]) -> String? {
        do {
            _ = try query(values)
            return nil
        } catch {
            return (error as? AlgoliaParameterError)?.message ?? "\(error)"
        }
    }

    @Test func algoliasFormsAreRead() throws {
        let geo = try query([
            "aroundLatLng": "40.71, -74.01", "aroundRadius": 1500, "aroundPrecision": "10",
            "insidePolygon": "1, 2, 3, 4, 5, 6",
        ]).geo
        #expect(geo.aroundLatLng == GeoPoint(lat: 40.71, lng: -74.01))
        #expect(geo.aroundRadius == .meters(1500) && geo.aroundPrecision == 10)
        #expect(geo.insidePolygon == [GeoPolygon(points: [GeoPoint(lat: 1, lng: 2), GeoPoint(lat: 3, lng: 4), GeoPoint(lat: 5, lng: 6)])])
        #expect(try query(["aroundLatLng": "1,2", "aroundRadius": "all"]).geo.aroundRadius == .all)
        // Several boxes as one flat list, or as a list of lists.
        #expect(try query(["insideBoundingBox": [1, 2, 3, 4, 5, 6, 7, 8]]).geo.insideBoundingBox.count == 2)
        #expect(try query(["insideBoundingBox": [[1, 2, 3, 4]]]).geo.insideBoundingBox.count == 1)
        #expect(try query([:]).geo.isEmpty)
    }

    static let badValues: [([String: JSONValue], String)] = [
        (["aroundLatLng": "1"], "aroundLatLng must be"),
        (["aroundLatLng": "1, 200"], "aroundLatLng must be"),
        (["aroundLatLng": [1, 2]], "aroundLatLng must be a string"),
        // Decimal numbers only, as filters read them: hex, nan and inf are no latitude.
        (["aroundLatLng": "0x10,2"], "aroundLatLng must be"),
        (["aroundLatLng": "1, 0x1p3"], "aroundLatLng must be"),
        (["aroundLatLng": "nan, 2"], "aroundLatLng must be"),
        (["insideBoundingBox": "0x10, 2, 3, 4"], "insideBoundingBox: latitudes must be"),
        (["aroundRadius": 0], "aroundRadius must be an integer from 1"),
        (["aroundRadius": "some"], "aroundRadius must be an integer from 1"),
        (["insideBoundingBox": [[1, 2, 3, 4, 5]]], "insideBoundingBox must be an array of boxes"),
        (["insideBoundingBox": [[1, 2, 300, 4]]], "insideBoundingBox: latitudes must be"),
        (["insidePolygon": [[1, 2, 3, 4]]], "insidePolygon must be an array of polygons"),
        (["insidePolygon": 5], "insidePolygon must be an array of polygons"),
        (["relevancyStrictness": 150], "relevancyStrictness must be an integer from 0 to 100"),
        (["sortBy": "price"], "sortBy: "),
    ]

    @Test(arguments: badValues)
    func badValuesNameTheParameter(_ values: [String: JSONValue], _ start: String) {
        let said = message(values)
        #expect(said?.hasPrefix(start) == true, "\(said ?? "accepted")")
    }

    @Test func tooManyAreasAreRefused() {
        let boxes = JSONValue.array(Array(repeating: [1, 2, 3, 4], count: AlgoliaParameters.maxGeoAreas + 1))
        #expect(message(["insideBoundingBox": boxes]) == "insideBoundingBox: at most \(AlgoliaParameters.maxGeoAreas) areas")
    }

    /// What a client writes (`--remote`), a server reads back the same.
    @Test func aClientsParametersRoundTrip() throws {
        var query = Query(text: "cafe")
        query.geo = GeoQuery(
            aroundLatLng: GeoPoint(lat: 48.85, lng: 2.35), aroundRadius: .meters(2000), aroundPrecision: 50,
            insideBoundingBox: [GeoBox(corner1: GeoPoint(lat: 1, lng: 2), corner2: GeoPoint(lat: 3, lng: 4))],
            insidePolygon: [GeoPolygon(points: [GeoPoint(lat: 1, lng: 2), GeoPoint(lat: 3, lng: 4), GeoPoint(lat: 5, lng: 6)])])
        query.relevancyStrictness = 80
        let sent = AlgoliaRequest.json(IndexedQuery(indexName: "shops", query: query)).objectValue ?? [:]
        var values = Dictionary(uniqueKeysWithValues: sent.map { ($0.key, $0.value) })
        values["indexName"] = nil
        let read = try self.query(values)
        #expect(read.geo == query.geo && read.relevancyStrictness == 80)
    }

    @Test func rankingInfoCarriesTheGeoAndBucketFields() throws {
        var info = RankingInfo(ranking: ["typo", "geo", "custom"], nbTypos: 0)
        info.geoDistance = 120
        info.geoPrecision = 10
        info.matchedGeoLocation = MatchedGeoLocation(point: GeoPoint(lat: 1.5, lng: 2.5), distance: 1204)
        info.relevancePoints = 3
        info.relevanceBucket = 1
        let json = AlgoliaResponse.rankingInfo(info)
        #expect(json["matchedGeoLocation"]?["distance"] == .number(1204))
        // Algolia's clients require `firstMatchedWord` and `nbExactWords`: written as 0 when
        // not measured, and so read back.
        var written = info
        (written.firstMatchedWord, written.nbExactWords) = (0, 0)
        #expect(AlgoliaResponse.rankingInfo(json) == written)
    }
}
