/// Algolia's geo parameters read from a request (`aroundLatLng`, `aroundRadius`,
/// `aroundPrecision`, `insideBoundingBox`, `insidePolygon`) and written back for a client. A
/// value that is not one of Algolia's forms is refused with the parameter's name.
extension AlgoliaParameters {
    /// Boxes or polygons in one request, and points in one polygon: areas are drawn by people.
    public static let maxGeoAreas = 100
    public static let maxPolygonPoints = 1_000

    public func geo() throws -> GeoQuery {
        var geo = GeoQuery()
        if let text = try string("aroundLatLng") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Self.number(String($0)) }
            guard parts.count == 2, let lat = parts[0], let lng = parts[1], GeoPoint(lat: lat, lng: lng).isValid else {
                throw AlgoliaParameterError("aroundLatLng must be \"lat, lng\" (latitude -90 to 90, longitude -180 to 180)")
            }
            geo.aroundLatLng = GeoPoint(lat: lat, lng: lng)
        }
        switch values["aroundRadius"] {
        case nil, .null?: break
        case .string("all")?: geo.aroundRadius = .all
        default: geo.aroundRadius = .meters(try integer("aroundRadius", at: 1...40_075_000, or: "or \"all\"")!)
        }
        if values["aroundPrecision"]?.arrayValue != nil {
            throw AlgoliaParameterError("aroundPrecision: only a number of metres is supported, not a list of ranges")
        }
        geo.aroundPrecision = try integer("aroundPrecision", at: 1...1_000_000) ?? 1
        geo.insideBoundingBox = try areas("insideBoundingBox", size: { $0 == 4 }, expected: "boxes of 4 numbers (lat1, lng1, lat2, lng2)").map {
            GeoBox(corner1: $0[0], corner2: $0[1])
        }
        geo.insidePolygon = try areas(
            "insidePolygon", size: { $0 >= 6 && $0 % 2 == 0 && $0 <= 2 * Self.maxPolygonPoints },
            expected: "polygons of at least 3 points (lat1, lng1, lat2, lng2, lat3, lng3, …)"
        ).map { GeoPolygon(points: $0) }
        return geo
    }

    /// A number written in a geo parameter's text, read as filters read theirs (`FilterNumber`:
    /// decimal only, so `0x10`, `nan` and `inf` are refused here as there), spaces around it allowed.
    private static func number(_ text: String) -> Double? {
        guard case .number(let value) = FilterNumber.parse(text.trimmingBlanks()) else { return nil }
        return value
    }

    private func integer(_ key: String, at allowed: ClosedRange<Int>, or alternative: String) throws -> Int? {
        do { return try integer(key, at: allowed) } catch let error as AlgoliaParameterError {
            throw AlgoliaParameterError(error.message + " " + alternative)
        }
    }

    /// An array of arrays of numbers, one flat array (one area), or Algolia's string form of
    /// numbers separated by commas (one area); each area's numbers pairs of lat, lng in range.
    private func areas(_ key: String, size: (Int) -> Bool, expected: String) throws -> [[GeoPoint]] {
        guard let value = values[key], value != .null else { return [] }
        let fail = AlgoliaParameterError("\(key) must be an array of \(expected)")
        var lists: [[JSONValue]]
        switch value {
        case .string(let text):
            lists = [text.split(separator: ",").map { Self.number(String($0)).map(JSONValue.number) ?? .null }]
        case .array(let items) where items.allSatisfy({ $0.numberValue != nil }): lists = [items]
        case .array(let items): lists = try items.map { try $0.arrayValue ?? { throw fail }() }
        default: throw fail
        }
        if key == "insideBoundingBox", lists.count == 1, lists[0].count > 4, lists[0].count % 4 == 0 {
            // Several boxes written as one list of numbers.
            lists = stride(from: 0, to: lists[0].count, by: 4).map { Array(lists[0][$0..<$0 + 4]) }
        }
        guard lists.count <= Self.maxGeoAreas else { throw AlgoliaParameterError("\(key): at most \(Self.maxGeoAreas) areas") }
        return try lists.map { numbers in
            guard size(numbers.count) else { throw fail }
            return try stride(from: 0, to: numbers.count, by: 2).map { i in
                guard let lat = numbers[i].numberValue, let lng = numbers[i + 1].numberValue,
                    GeoPoint(lat: lat, lng: lng).isValid
                else { throw AlgoliaParameterError("\(key): latitudes must be from -90 to 90 and longitudes from -180 to 180") }
                return GeoPoint(lat: lat, lng: lng)
            }
        }
    }
}

extension GeoQuery {
    /// The parameters a client sends for this geo query (`AlgoliaRequest.json`).
    var parameters: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        func number(_ n: Double) -> JSONValue { .number(n) }
        if let point = aroundLatLng {
            fields.append(("aroundLatLng", .string("\(JSONValue.format(number: point.lat)), \(JSONValue.format(number: point.lng))")))
        }
        switch aroundRadius {
        case .meters(let meters)?: fields.append(("aroundRadius", number(Double(meters))))
        case .all?: fields.append(("aroundRadius", "all"))
        case nil: break
        }
        if aroundPrecision != 1 { fields.append(("aroundPrecision", number(Double(aroundPrecision)))) }
        if !insideBoundingBox.isEmpty {
            fields.append(
                (
                    "insideBoundingBox",
                    .array(
                        insideBoundingBox.map {
                            [number($0.corner1.lat), number($0.corner1.lng), number($0.corner2.lat), number($0.corner2.lng)]
                        })
                ))
        }
        if !insidePolygon.isEmpty {
            fields.append(("insidePolygon", .array(insidePolygon.map { .array($0.points.flatMap { [number($0.lat), number($0.lng)] }) })))
        }
        return fields
    }
}
