import Foundation
import Testing

/// `--watch`: a record appended to the file while it is open appears, and the selected record
/// stays selected though it moved down a row; a setup file's data files are watched as well.
@Suite(.serialized) struct WatchSessionTests {
    @Test func anAppendedRecordAppearsAndTheSelectionStays() throws {
        let tmux = try Tmux()
        let file = tmux.workDirectory.appendingPathComponent("log.ndjson")
        try """
        {"objectID": "a", "name": "alpha", "rank": 1}
        {"objectID": "b", "name": "beta", "rank": 2}

        """.write(to: file, atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) log.ndjson --watch --no-index-cache --display name --sort rank:asc; echo \"exit=$?\"")
        try tmux.waitFor("two records") { $0.contains("2 results") && $0.contains("beta") }
        try tmux.moveSelection { $0.contains("beta") }

        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"objectID": "c", "name": "gamma", "rank": 0}"#.utf8 + [0x0A]))
        try handle.close()

        let screen = try tmux.waitFor("the appended record") { $0.contains("3 results") && $0.contains("gamma") }
        #expect(screen.contains("reloaded") && screen.contains("+1 −0"), "the stats line says what changed: \(screen)")
        let lines = screen.split(separator: "\n").map(String.init)
        let gamma = try #require(lines.firstIndex { $0.contains("gamma") })
        let beta = try #require(lines.firstIndex { $0.contains("beta") })
        #expect(gamma < beta, "the new record ranks first")
        #expect(lines[beta].contains("▌"), "beta is still the selected record: \(screen)")
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")
    }

    @Test func aSetupFilesDataFilesAreWatched() throws {
        let tmux = try Tmux()
        let file = tmux.workDirectory.appendingPathComponent("notes.csv")
        try "title,tag\nfirst note,red\n".write(to: file, atomically: true, encoding: .utf8)
        try #"{"indices": [{"data": "notes.csv", "format": "csv"}]}"#
            .write(to: tmux.workDirectory.appendingPathComponent("setup.json"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) --config setup.json --watch --no-index-cache; echo \"exit=$?\"")
        try tmux.waitFor("one note") { $0.contains("1 result") && $0.contains("first note") }
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("second note,blue\n".utf8))
        try handle.close()
        try tmux.waitFor("the appended note") { $0.contains("2 results") && $0.contains("second note") && $0.contains("reloaded") }
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")
    }
}
