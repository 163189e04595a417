import Foundation
import InstantSearchCore
import Testing

/// The local insights files: where they go, made 0700 / 0600, bounded (past the cap the file is
/// cut to its newest half), read back with unreadable lines skipped and counted, written
/// through the writer off the caller's thread.
@Suite struct InsightsFilesTests {
    func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("insights-\(UUID().uuidString)").path
    }

    static func line(_ n: Int) -> QueryLine {
        QueryLine(queryID: String(repeating: "a", count: 31) + String(n % 10), index: "products", query: "q\(n)", nbHits: n, timestamp: Int64(n))
    }

    static let click = InsightsEvent(
        eventType: .click, eventName: "Hit Picked", index: "products", userToken: "instantsearch-local", timestamp: 5,
        queryID: String(repeating: "a", count: 32), objectIDs: ["p1"], positions: [1])

    @Test func theStateDirectoryComesFromXDGStateHomeElseHome() {
        #expect(InsightsFiles(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.directory == "/s/instantsearch")
        #expect(InsightsFiles(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.directory == "/h/.local/state/instantsearch")
        #expect(InsightsFiles(environment: [:]) == nil)
    }

    @Test func linesAreWrittenInTheAgreedFormatAndReadBack() throws {
        let root = directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root + "/instantsearch")
        try files.append(queries: [Self.line(1)], events: [Self.click])
        #expect(
            try String(contentsOfFile: files.queriesPath, encoding: .utf8)
                == #"{"queryID":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1","index":"products","query":"q1","nbHits":1,"timestamp":1}"# + "\n")
        #expect(
            try String(contentsOfFile: files.eventsPath, encoding: .utf8)
                == #"{"eventType":"click","eventName":"Hit Picked","index":"products","userToken":"instantsearch-local","timestamp":5,"queryID":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","objectIDs":["p1"],"positions":[1]}"#
                + "\n")
        let mode = try FileManager.default.attributesOfItem(atPath: files.directory)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let fileMode = try FileManager.default.attributesOfItem(atPath: files.eventsPath)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        let read = files.read()
        #expect(read.queries == [Self.line(1)] && read.events == [Self.click] && read.problems.skipped == 0)
    }

    @Test func pastTheCapTheFileIsCutToItsNewestHalf() throws {
        let root = directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root, maxBytes: 1100)
        for n in 0..<10 { try files.append(queries: [Self.line(n)], events: []) }  // 104 bytes a line: 10 fit
        #expect(files.read().queries.count == 10)
        try files.append(queries: [Self.line(10)], events: [])
        let kept = files.read().queries.map { $0.nbHits }
        #expect(kept == Array(6...10), "the newest whole lines within 550 bytes")
        let size = try FileManager.default.attributesOfItem(atPath: files.queriesPath)[.size] as? Int ?? .max
        #expect(size <= 550 && size >= 5 * 104)
    }

    @Test func aLineThatCannotBeReadIsSkippedAndCounted() throws {
        let root = directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root)
        try files.append(queries: [Self.line(1)], events: [Self.click])
        let handle = try #require(FileHandle(forWritingAtPath: files.eventsPath))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{not json\n{\"eventType\":\"purchase\"}\n".utf8))
        try handle.close()
        let read = files.read()
        #expect(read.events == [Self.click] && read.queries.count == 1 && read.problems.skipped == 2)
    }

    @Test func theWriterWritesOffTheCallersThreadAndFlushWaitsForIt() throws {
        let root = directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = InsightsWriter(files: InsightsFiles(directory: root))
        writer.record(queries: [Self.line(1)], events: [Self.click])
        writer.record(queries: [Self.line(2)], events: [])
        #expect(writer.flush() == nil)
        #expect(writer.files.read().queries.map { $0.nbHits } == [1, 2])
    }

    @Test func aWriteThatFailsIsSaidAtTheFlush() throws {
        let root = directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data().write(to: URL(fileURLWithPath: root))  // a file where the directory should be
        let writer = InsightsWriter(files: InsightsFiles(directory: root + "/instantsearch"))
        writer.record(queries: [Self.line(1)], events: [])
        #expect(writer.flush()?.hasPrefix("insights not recorded:") == true)
    }
}
