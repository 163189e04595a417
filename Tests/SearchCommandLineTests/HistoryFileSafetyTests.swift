import Foundation
import SearchCommandLine
import TerminalUI
import Testing

/// `--history` never writes through a symbolic link, says so clearly for
/// one whose target is missing, and refuses before the interface opens a file a pick could
/// not be written to.
@Suite struct HistoryFileSafetyTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-safety-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aLinkToAFileIsRefusedAndItsTargetLeftAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/precious.txt"
        try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8)
        let link = directory + "/h.txt"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(
            message { _ = try HistoryFile.load(link, limit: 5) }
                == "--history: '\(link)' is a symbolic link (to '\(target)'); give the history file itself, not a link to it.")
        #expect(message { try HistoryFile.record("pwned", to: link, limit: 5) } != nil)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    }

    @Test func aDanglingLinkSaysWhereItPointsNotFileExists() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let link = directory + "/h.txt"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory + "/missing.txt")
        let said = try #require(message { _ = try HistoryFile.load(link, limit: 5) })
        #expect(
            said == "--history: '\(link)' is a symbolic link (to '\(directory)/missing.txt', which does not exist); "
                + "give the history file itself, not a link to it.")
        #expect(!FileManager.default.fileExists(atPath: directory + "/missing.txt"), "the link's target is not created")
    }

    @Test func aFileThatAcceptsTheOpenButNotTheWriteIsRefusedAtLoad() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // /dev/full opens for writing and fails every write: it used to pass the check and
        // lose the query after the pick.
        #expect(message { _ = try HistoryFile.load("/dev/full", limit: 5) } == "--history: '/dev/full' is not a regular file.")
        #expect(message { _ = try HistoryFile.load(directory, limit: 5) } == "--history: '\(directory)' is a directory.")
    }

    @Test func aFileTurnedIntoALinkDuringTheSessionIsNotWrittenThrough() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/h.txt"
        _ = try HistoryFile.load(path, limit: 5)
        let target = directory + "/other.txt"
        try "other\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(message { try HistoryFile.record("query", to: path, limit: 5) }?.contains("is a symbolic link") == true)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "other\n")
    }

    @Test func aRegularFileIsStillReadAndWrittenInPlace() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/h.txt"
        try "one\ntwo\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try HistoryFile.load(path, limit: 5).entries == ["one", "two"])
        try HistoryFile.record("three", to: path, limit: 5)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\nthree\n")
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/h.fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let said = Said()
        let done = DispatchSemaphore(value: 0)
        Thread {
            said.load = message { _ = try HistoryFile.load(path, limit: 5) }
            said.entries = message { _ = try HistoryFile.entries(path) }
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 10) == .success, "the open waited for a writer")
        #expect(said.load == "--history: '\(path)' is not a regular file." && said.entries == said.load)
    }

    @Test func twoSessionsEndingAtOnceBothKeepTheirQuery() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/h.txt"
        // Both sessions read the file when they start, before either adds its query.
        #expect(try HistoryFile.load(path, limit: 1_000).entries.isEmpty)
        #expect(try HistoryFile.load(path, limit: 1_000).entries.isEmpty)
        let group = DispatchGroup()
        for session in ["a", "b"] {
            group.enter()
            Thread {
                for n in 0..<50 { try? HistoryFile.record("\(session)\(n)", to: path, limit: 1_000) }
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        let kept = try HistoryFile.load(path, limit: 1_000).entries
        #expect(Set(kept) == Set(["a", "b"].flatMap { session in (0..<50).map { "\(session)\($0)" } }) && kept.count == 100)
    }
}

/// What a thread was told, read once it has finished.
private final class Said: @unchecked Sendable {
    var load: String?
    var entries: String?
}
