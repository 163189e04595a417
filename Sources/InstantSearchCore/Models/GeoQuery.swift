#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A point on the earth, in degrees.
public struct GeoPoint: Hashable, Sendable {
    public var lat: Double
    public var lng: Double

    public init(lat: Double, lng: Double) {
        self.lat = lat
        self.lng = lng
    }

    /// Great-circle distance in metres (haversine, on a sphere of the earth's mean radius).
    public func distance(to other: GeoPoint) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.lat - lat) * radians
        let dLng = (other.lng - lng) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat * radians) * cos(other.lat * radians) * sin(dLng / 2) * sin(dLng / 2)
        return 2 * 6_371_000 * asin(min(1, a.squareRoot()))
    }

    var isValid: Bool { (-90...90).contains(lat) && (-180...180).contains(lng) }
}

/// A rectangle given by two opposite corners (Algolia's `insideBoundingBox` entry:
/// lat1, lng1, lat2, lng2). A box whose first longitude is east of its second crosses the
/// antimeridian.
public struct GeoBox: Hashable, Sendable {
    public var corner1: GeoPoint
    public var corner2: GeoPoint

    public init(corner1: GeoPoint, corner2: GeoPoint) {
        self.corner1 = corner1
        self.corner2 = corner2
    }

    public func contains(_ point: GeoPoint) -> Bool {
        let (south, north) = (min(corner1.lat, corner2.lat), max(corner1.lat, corner2.lat))
        guard (south...north).contains(point.lat) else { return false }
        if corner1.lng <= corner2.lng { return (corner1.lng...corner2.lng).contains(point.lng) }
        return point.lng >= corner1.lng || point.lng <= corner2.lng
    }
}

/// A polygon of at least three points (Algolia's `insidePolygon` entry: lat1, lng1, lat2, lng2, …),
/// tested on the plane of latitude and longitude, as Algolia does for areas of a city's size.
public struct GeoPolygon: Hashable, Sendable {
    public var points: [GeoPoint]

    public init(points: [GeoPoint]) {
        self.points = points
    }

    /// Ray casting: a point is inside when a ray from it crosses the edges an odd number of times.
    public func contains(_ point: GeoPoint) -> Bool {
        var inside = false
        var j = points.count - 1
        for i in points.indices {
            let (a, b) = (points[i], points[j])
            if (a.lat > point.lat) != (b.lat > point.lat),
                point.lng < (b.lng - a.lng) * (point.lat - a.lat) / (b.lat - a.lat) + a.lng
            {
                inside.toggle()
            }
            j = i
        }
        return inside
    }
}

/// Algolia's geo search parameters: rank by distance from `aroundLatLng` (within
/// `aroundRadius` metres when given), or keep the records inside boxes or polygons (which then
/// take precedence: Algolia ignores `aroundLatLng` and `aroundRadius` beside them).
public struct GeoQuery: Hashable, Sendable {
    public enum Radius: Hashable, Sendable {
        case meters(Int)
        /// "all": rank by distance, filter nothing.
        case all
    }

    public var aroundLatLng: GeoPoint?
    /// nil: no radius (every record is kept and ranked by distance).
    public var aroundRadius: Radius?
    /// Distances this many metres apart rank the same (Algolia's `aroundPrecision`, here 1 by default).
    public var aroundPrecision = 1
    public var insideBoundingBox: [GeoBox] = []
    public var insidePolygon: [GeoPolygon] = []

    public init(
        aroundLatLng: GeoPoint? = nil, aroundRadius: Radius? = nil, aroundPrecision: Int = 1,
        insideBoundingBox: [GeoBox] = [], insidePolygon: [GeoPolygon] = []
    ) {
        self.aroundLatLng = aroundLatLng
        self.aroundRadius = aroundRadius
        self.aroundPrecision = aroundPrecision
        self.insideBoundingBox = insideBoundingBox
        self.insidePolygon = insidePolygon
    }

    public var isEmpty: Bool { aroundLatLng == nil && insideBoundingBox.isEmpty && insidePolygon.isEmpty }

    /// Whether the query keeps only some records (an area, or a radius around the point).
    public var filters: Bool { hasArea || radiusInMeters != nil }

    /// The point distances are measured from: none when an area is given (Algolia ignores it then).
    public var origin: GeoPoint? { hasArea ? nil : aroundLatLng }

    var hasArea: Bool { !insideBoundingBox.isEmpty || !insidePolygon.isEmpty }

    /// The radius kept around the origin, nil for none.
    public var radiusInMeters: Int? {
        guard origin != nil, case .meters(let meters)? = aroundRadius else { return nil }
        return meters
    }

    /// Whether one of a record's points passes the query's areas or radius.
    public func keeps(_ points: some Collection<GeoPoint>) -> Bool {
        if hasArea {
            return points.contains { point in
                insideBoundingBox.contains { $0.contains(point) } || insidePolygon.contains { $0.contains(point) }
            }
        }
        guard let origin, let radius = radiusInMeters else { return true }
        return points.contains { origin.distance(to: $0) <= Double(radius) }
    }

    /// A record's `_geoloc`: one `{lat, lng}` object or an array of them; numbers only, in range.
    /// nil when the value is not a location (a record without one is not placed anywhere).
    public static func points(_ value: JSONValue?) -> [GeoPoint]? {
        func point(_ value: JSONValue) -> GeoPoint? {
            guard let lat = value["lat"]?.numberValue, let lng = value["lng"]?.numberValue else { return nil }
            let point = GeoPoint(lat: lat, lng: lng)
            return point.isValid ? point : nil
        }
        switch value {
        case .object?: return value.flatMap(point).map { [$0] }
        case .array(let items)?:
            let points = items.compactMap(point)
            return points.isEmpty ? nil : points
        default: return nil
        }
    }
}
