import ArgumentParser
import InstantSearchCore

/// `--around-lat-lng LAT,LNG` in the TUI, as `query` has it: geo search from that point for
/// every index (a distance column, and a radius in the slider pane; see `GeoDistance`).
struct GeoOptions: ParsableArguments {
    @Option(
        name: .customLong("around-lat-lng"),
        help: ArgumentHelp(
            "Geo search from this point: hits rank by distance to their _geoloc and show it; the slider pane gets a radius (Algolia's aroundLatLng, aroundRadius).",
            valueName: "lat,lng"))
    var aroundLatLng: String?

    /// The point, read as Algolia's `aroundLatLng` is (so both say the same of a bad value).
    func centre() throws -> GeoPoint? {
        guard let aroundLatLng else { return nil }
        do {
            return try AlgoliaParameters(values: ["aroundLatLng": .string(aroundLatLng)]).geo().aroundLatLng
        } catch let error as AlgoliaParameterError {
            throw ValidationError("--around-lat-lng: \(error.message)")
        }
    }

    func validate() throws { _ = try centre() }

    /// `descriptions` with the centre set, when one is given.
    func applied(to descriptions: [IndexDescription]) throws -> [IndexDescription] {
        guard let centre = try centre() else { return descriptions }
        return descriptions.map { description in
            var description = description
            description.aroundLatLng = centre
            return description
        }
    }
}
