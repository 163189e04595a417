import Foundation
import Testing

/// The pick is the hit drawn as selected, also while a file larger than the sample loads
/// behind the interface: the sample's best hit is not the whole file's, and the query is typed
/// before either arrives (`-q`). The cache is kept in the test's own directory and not used.
@Suite(.serialized) struct PickIsWhatYouSeeSessionTests {
    /// 50,000 rows, five times the sample the interface opens on. The sample (the first rows)
    /// holds "Black Godfather"; "Godfather", which ranks above it (an exact title), comes far later.
    private func writeMovies(in tmux: Tmux) throws {
        var text = "title,year\n"
        for row in 0..<50_000 {
            let title =
                switch row {
                case 5: "Black Godfather"
                case 40_000: "Godfather"
                default: "Movie \(row)"
                }
            text += "\(title),\(1900 + row % 120)\n"
        }
        try text.write(to: tmux.workDirectory.appendingPathComponent("movies.csv"), atomically: true, encoding: .utf8)
    }

    /// The selected row (the one with the bar), and the first hit drawn.
    private func selectedAndFirst(_ screen: String) -> (selected: String?, first: String?) {
        let rows = screen.split(separator: "\n").map(String.init)
        let hits = rows.filter { $0.contains("Godfather") }
        return (rows.first { $0.hasPrefix("▌") }, hits.first)
    }

    @Test func enterPrintsTheHitDrawnSelectedAtTheTopAfterTheWholeFileArrived() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try writeMovies(in: tmux)
        try tmux.shell("export XDG_CACHE_HOME=$PWD/cache; \(Project.binary) movies.csv --no-index-cache -q godfather > out.txt; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the whole file searched") {
            $0.contains("2 results") && !$0.contains("· loading") && $0.contains("Black Godfather")
        }
        let (selected, first) = selectedAndFirst(screen)
        #expect(first?.contains("▌ Godfather") == true, "the whole file's best hit, drawn first and selected: \(screen)")
        #expect(selected == first)
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == #"{"title":"Godfather","year":1940}"# + "\n")
    }

    @Test func theMarkedHitIsTheRecordDrawnBesideTheTick() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try writeMovies(in: tmux)
        try tmux.shell("export XDG_CACHE_HOME=$PWD/cache; \(Project.binary) movies.csv --no-index-cache --multi -q godfather > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the whole file searched") { $0.contains("2 results") && !$0.contains("· loading") }
        try tmux.press("Down")
        try tmux.waitFor("the second hit selected") { selectedAndFirst($0).selected?.contains("Black Godfather") == true }
        try tmux.press("C-Space")
        try tmux.waitFor("the mark") { $0.contains("1 marked") && $0.contains("✓ Black Godfather") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == #"{"title":"Black Godfather","year":1905}"# + "\n")
    }
}
