/// Geo search in a front end: the distance from the query's `aroundLatLng` to each hit
/// (Algolia's `_rankingInfo.geoDistance`), and the radius slider (`aroundRadius`).
///
/// The slider is the numeric range slider of any attribute, over a computed one:
/// `distanceAttribute`, whose facet stats an engine gives (the distances of the records the
/// text matches, from the centre, the radius left out so the track does not shrink as the
/// thumb moves) when a query with a centre asks for it among its facets. Its upper end is
/// the radius: set as `aroundRadius`, never as a numeric filter.
public enum GeoDistance {
    /// The computed attribute: distance in metres from `aroundLatLng` to a record's nearest `_geoloc`.
    public static let distanceAttribute = "_geoDistance"

    /// The range a slider over `distanceAttribute` shows for `geo`: up to its radius, if any.
    public static func range(of geo: GeoQuery) -> NumericRange? {
        guard let radius = geo.radiusInMeters else { return nil }
        return NumericRange(upper: Double(radius))
    }

    /// The radius a slider's range sets: its upper end, in whole metres (nil: no radius).
    public static func radius(for range: NumericRange?) -> GeoQuery.Radius? {
        guard let upper = range?.upper, upper.isFinite else { return nil }
        return .meters(max(1, Int(upper.rounded())))
    }

    /// "850 m", "1.2 km", "12 km", "1,234 km": metres under a kilometre, one decimal under ten.
    public static func text(meters: Int) -> String {
        if meters < 1000 { return "\(meters) m" }
        let tenths = Int((Double(meters) / 100).rounded())
        if tenths < 100 { return "\(tenths / 10).\(tenths % 10) km" }
        let kilometres = Int((Double(meters) / 1000).rounded())
        var digits = String(kilometres)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " km"
    }
}
