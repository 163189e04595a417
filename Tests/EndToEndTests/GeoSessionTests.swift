import Foundation
import Testing

/// Geo search in the real binary's TUI: --around-lat-lng gives each hit its
/// distance and the slider pane a radius, which keeps only the places that near.
@Suite(.serialized) struct GeoSessionTests {
    /// Cafés around Paris's centre (48.8566, 2.3522): 434 m, 1.2 km, 1.3 km, 18 km and 391 km away.
    private static let places = """
        {"objectID": "lyon", "name": "Lyon cafe", "_geoloc": {"lat": 45.7640, "lng": 4.8357}}
        {"objectID": "louvre", "name": "Louvre cafe", "_geoloc": {"lat": 48.8606, "lng": 2.3376}}
        {"objectID": "versailles", "name": "Versailles cafe", "_geoloc": {"lat": 48.8049, "lng": 2.1204}}
        {"objectID": "notre-dame", "name": "Notre-Dame cafe", "_geoloc": [{"lat": 10, "lng": 10}, {"lat": 48.8530, "lng": 2.3499}]}
        {"objectID": "bastille", "name": "Bastille cafe", "_geoloc": {"lat": 48.8532, "lng": 2.3692}}

        """

    private func row(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test func distancesShowAndTheRadiusSliderKeepsTheNearPlaces() throws {
        let tmux = try Tmux(width: 110, height: 30)
        try Self.places.write(to: tmux.workDirectory.appendingPathComponent("places.ndjson"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) places.ndjson --around-lat-lng 48.8566,2.3522 > out.json; echo \"exit=$?\"")
        let first = try tmux.waitFor("the distances") { $0.contains("434 m") && $0.contains("391 km") && $0.contains("5 results") }
        // Nearest first; each place's own distance on its row (its nearest location, for Notre-Dame).
        let rows = try ["Notre-Dame cafe", "Louvre cafe", "Bastille cafe", "Versailles cafe", "Lyon cafe"].map { try #require(row(of: $0, in: first)) }
        #expect(rows == rows.sorted(), "by distance: \(first)")
        let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
        for (name, distance) in [("Notre-Dame cafe", "434 m"), ("Louvre cafe", "1.2 km"), ("Versailles cafe", "18 km")] {
            let at = try #require(row(of: name, in: first))
            #expect(lines[at].contains(distance) || lines[at + 1].contains(distance), "\(name) \(distance)")
        }
        #expect(first.contains("RADIUS"))
        try tmux.press("F4")
        // Shift-Left: an eighth of the track at a time: half of it leaves Lyon out.
        for _ in 0..<4 { try tmux.press("S-Left") }
        let near = try tmux.waitFor("the radius applied") { !$0.contains("Lyon cafe") && $0.contains("Louvre cafe") }
        #expect(!near.contains("5 results"))
        try tmux.press("Delete")
        try tmux.waitFor("the radius cleared") { $0.contains("Lyon cafe") && $0.contains("5 results") }
        // Escape, then Enter once the hits have the focus back: sent in one write they are
        // Alt-Enter, as fzf reads them.
        try tmux.press("Escape")
        try tmux.waitFor("the hits focused") { $0.contains("▌ Notre-Dame cafe") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.json")?.contains("\"objectID\":\"notre-dame\"") == true)
    }

    @Test func aBadCentreIsOneLineAndStatus2() throws {
        let tmux = try Tmux()
        try Self.places.write(to: tmux.workDirectory.appendingPathComponent("places.ndjson"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) places.ndjson --around-lat-lng 91,0; echo \"exit=$?\"")
        try tmux.waitFor("the option named") { $0.contains("--around-lat-lng: aroundLatLng must be") && $0.contains("exit=2") }
    }
}
