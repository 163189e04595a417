import Foundation
import Testing

/// State and cache files are only files: a link planted at the events file is not written
/// through, a FIFO planted as an index cache entry never hangs `query` or the interface, a
/// directory where a file should be is refused in one line, a huge events file is cut to the
/// size the README says, and two instances picking at once lose nothing.
@Suite(.serialized) struct StateFilesSessionTests {
    static let lines = "alpha one\nalpha two\nalpha three\nbeta four\n"

    /// A terminal whose state folder is `state` (the tests' own, shared by several terminals).
    private func tmux(state: String) throws -> Tmux {
        let tmux = try Tmux(environment: ["XDG_STATE_HOME='\(state)'"])
        try Self.lines.write(to: tmux.workDirectory.appendingPathComponent("words.txt"), atomically: true, encoding: .utf8)
        return tmux
    }

    private func temporaryFolder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/instantsearch", withIntermediateDirectories: true)
        return path
    }

    /// Opens words.txt on `alpha`, picks the first hit; `extra`: more options.
    private func pick(_ tmux: Tmux, _ extra: String = "", output: String = "out.txt") throws {
        try tmux.shell("\(Project.binary) words.txt --query alpha\(extra) > \(output) 2> err.txt; echo \"\(output)=$?\"")
        try tmux.waitFor("the query searched") { $0.contains("> alpha") && !$0.contains("beta four") && $0.contains("alpha three") }
        try tmux.press("Enter")
        try tmux.waitFor("\(output)=0")
    }

    @Test func aLinkPlantedAtTheEventsFileIsNotWrittenThrough() throws {
        let state = try temporaryFolder("state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let tmux = try tmux(state: state)
        let target = tmux.workDirectory.appendingPathComponent("target.txt").path
        try "precious\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        let events = state + "/instantsearch/events.ndjson"
        try FileManager.default.createSymbolicLink(atPath: events, withDestinationPath: target)
        try pick(tmux)
        #expect(tmux.file("out.txt") == "alpha one\n")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o644)
        let refused = "\(events): is a symbolic link (to '\(target)'); left as it is, neither read nor written (remove it to start afresh)"
        #expect(tmux.file("err.txt") == "instantsearch: insights: \(refused)\ninstantsearch: insights not recorded: \(refused)\n")
    }

    @Test func aDirectoryWhereTheQueriesFileShouldBeIsSaidInOneLine() throws {
        let state = try temporaryFolder("state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let tmux = try tmux(state: state)
        let queries = state + "/instantsearch/queries.ndjson"
        try FileManager.default.createDirectory(atPath: queries, withIntermediateDirectories: false)
        try pick(tmux)
        #expect(tmux.file("out.txt") == "alpha one\n")
        let refused = "\(queries): is a directory, not a regular file; left as it is, neither read nor written (remove it to start afresh)"
        #expect(tmux.file("err.txt") == "instantsearch: insights: \(refused)\ninstantsearch: insights not recorded: \(refused)\n")
        // The events went on being recorded.
        #expect((try? String(contentsOfFile: state + "/instantsearch/events.ndjson", encoding: .utf8))?.contains("Hit Picked") == true)
    }

    @Test func aFIFOPlantedAsACacheEntryHangsNeitherQueryNorTheInterface() throws {
        let state = try temporaryFolder("state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let tmux = try tmux(state: state)
        let cache = tmux.workDirectory.appendingPathComponent(".cache/instantsearch").path
        try tmux.shell("\(Project.binary) query --index-cache words.txt alpha > /dev/null; echo \"made=$?\"")
        try tmux.waitFor("made=0")
        let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasSuffix(".idx") })
        func plantFIFO() throws {
            try FileManager.default.removeItem(atPath: cache + "/" + entry)
            #expect(mkfifo(cache + "/" + entry, 0o600) == 0)
        }
        // `timeout` only ends a process that hangs; the wait below is what fails the test.
        try plantFIFO()
        try tmux.shell("timeout 60 \(Project.binary) query --index-cache --verbose words.txt beta > hits.json 2> said.txt; echo \"query=$?\"")
        try tmux.waitFor("query=0", timeout: 30)
        #expect(tmux.file("hits.json")?.contains(#""line":"beta four""#) == true)
        #expect(tmux.file("said.txt")?.contains("(it is a FIFO, not a regular file)") == true)
        #expect(try FileManager.default.attributesOfItem(atPath: cache + "/" + entry)[.type] as? FileAttributeType == .typeRegular, "built again")

        try plantFIFO()
        try tmux.shell("timeout 60 \(Project.binary) words.txt > /dev/null; echo \"interface=$?\"")
        try tmux.waitFor("the interface", timeout: 30) { $0.contains("beta four") && $0.contains("alpha one") }
        try tmux.press("Escape")
        try tmux.waitFor("interface=130")
    }

    @Test func aHugeEventsFileIsCutToItsCapWhenWritten() throws {
        let state = try temporaryFolder("state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let tmux = try tmux(state: state)
        let events = state + "/instantsearch/events.ndjson"
        let line =
            #"{"eventType":"click","eventName":"Hit Picked","index":"words","userToken":"instantsearch-local","timestamp":1796200831239,"queryID":"4cb70debceb8b55dceb41b97ec285fe8","objectIDs":["4"],"positions":[2]}"#
            + "\n"
        try String(repeating: line, count: (64 << 20) / line.utf8.count).write(toFile: events, atomically: true, encoding: .utf8)
        try pick(tmux)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: events)[.size] as? Int)
        // Cut to its newest 2 MiB of whole lines when the first event was added; the next ones follow.
        #expect(size < 3 << 20 && size > (2 << 20) - line.utf8.count)
        let text = try String(contentsOfFile: events, encoding: .utf8)
        #expect(text.hasPrefix(line) && text.contains(#""eventName":"Hit Picked","index":"words""#))
        #expect(text.split(separator: "\n").last?.contains(#""objectIDs":["1"]"#) == true, "the pick is the newest line")
    }

    @Test func twoInstancesPickingAtOnceLoseNothing() throws {
        let state = try temporaryFolder("state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let history = state + "/history.txt"
        let first = try tmux(state: state)
        let second = try tmux(state: state)
        // Both open (and read the history) before either picks.
        for (tmux, query) in [(first, "alpha"), (second, "beta")] {
            try tmux.shell("\(Project.binary) words.txt --history '\(history)' --query \(query) > out.txt; echo \"done=$?\"")
            try tmux.waitFor("the query searched") { $0.contains("> \(query)") && $0.contains(query == "alpha" ? "alpha three" : "beta four") }
        }
        for tmux in [first, second] {
            try tmux.press("Enter")
            try tmux.waitFor("done=0")
        }
        #expect(try String(contentsOfFile: history, encoding: .utf8) == "alpha\nbeta\n")
        let events = try String(contentsOfFile: state + "/instantsearch/events.ndjson", encoding: .utf8)
        let picks = events.split(separator: "\n").filter { $0.contains(#""eventName":"Hit Picked""#) }
        #expect(picks.count == 2)
    }
}
