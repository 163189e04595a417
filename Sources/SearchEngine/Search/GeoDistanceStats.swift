import InstantSearchCore

extension SearchIndex {
    /// The facet stats of `GeoDistance.distanceAttribute`: the distance from the query's centre
    /// to each matched record's nearest location, over the text matches before the radius keeps
    /// some (a slider over it keeps its track as its thumb moves). nil when the query has no
    /// centre, does not ask for it among its facets, or no match has a location.
    func geoDistanceStats(_ matches: TextMatches, _ query: Query) throws -> FacetStats? {
        guard let origin = query.geo.origin, query.facets.contains(GeoDistance.distanceAttribute) else { return nil }
        let column = geoLocations.column(of: self)
        var (minimum, maximum, sum, count) = (Double.infinity, 0.0, 0.0, 0)
        for (position, record) in matches.records.enumerated() {
            if position % 65_536 == 0 { try Task.checkCancellation() }
            var nearest = Double.infinity
            for point in column.points(of: Int(record)) { nearest = min(nearest, origin.distance(to: point).rounded()) }
            guard nearest.isFinite else { continue }
            (minimum, maximum, sum, count) = (min(minimum, nearest), max(maximum, nearest), sum + nearest, count + 1)
        }
        guard count > 0 else { return nil }
        return FacetStats(min: minimum, max: maximum, avg: sum / Double(count), sum: sum)
    }
}
