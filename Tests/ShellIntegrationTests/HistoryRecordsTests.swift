import Foundation
import InstantSearchCore
import ShellIntegration
import Testing

/// Ctrl-R's records: duplicates collapsed with a count, newest first, the log's folders and
/// statuses joined in; and the log's own format.
@Suite struct HistoryRecordsTests {
    @Test func duplicatesCollapseNewestFirstWithCounts() {
        let records = HistoryRecords(
            shellHistory: [
                HistoryEntry(command: "make", time: 10), HistoryEntry(command: "ls", time: 20), HistoryEntry(command: "make", time: 30),
            ], log: [])
        #expect(records.records.map(\.command) == ["make", "ls"])
        #expect(records.records.map(\.count) == [2, 1])
        #expect(records.records.first?.time == 30)
    }

    @Test func theLogAddsFoldersAndStatusAndIsNotCountedTwice() {
        let records = HistoryRecords(
            shellHistory: [HistoryEntry(command: "make test"), HistoryEntry(command: "git push")],
            log: [
                HistoryEntry(command: "make test", time: 100, directory: "/src/a", exitStatus: 2),
                HistoryEntry(command: "make test", time: 200, directory: "/src/b", exitStatus: 0),
            ])
        #expect(records.records.map(\.command) == ["make test", "git push"])
        let make = records.records[0]
        #expect(make.count == 2 && make.directories == ["/src/a", "/src/b"] && make.exitStatus == 0 && make.time == 200)
        let json = records.json(now: 200 + 86_400 * 2)
        #expect(json[0]["dir"] == .array([.string("/src/a"), .string("/src/b")]))
        #expect(json[0]["exit"] == .string("0"))
        #expect(json[0]["days"] == .number(2))
        #expect(json[1]["dir"] == nil && json[1]["time"] == nil && json[1]["count"] == .number(1))
        // Under HOME, a folder is written as a prompt shows it.
        #expect(records.json(now: 0, home: "/src")[0]["dir"] == .array([.string("~/a"), .string("~/b")]))
        #expect(records.json(now: 0, home: "/sr")[0]["dir"] == .array([.string("/src/a"), .string("/src/b")]))
    }

    @Test func logLinesRoundTripEscapes() {
        let entry = HistoryEntry(command: "printf 'a\\tb'\necho\tdone \\ end", time: 5, directory: "/tmp/with\ttab", exitStatus: 127)
        let line = CommandLog.line(entry)
        #expect(!line.contains("\n"))
        #expect(CommandLog.parse(line + "\n") == [entry])
    }

    @Test func badLogLinesAreSkipped() {
        let text = "garbage\n12\tx\t/\tls\n5\t0\t/home\tls -a\n6\t1\t/home\n"
        #expect(CommandLog.parse(text) == [HistoryEntry(command: "ls -a", time: 5, directory: "/home", exitStatus: 0)])
    }

    @Test func theLogIsTrimmedToItsNewestLines() throws {
        let tree = try TemporaryTree(["log": (1...30).map { "\($0)\t0\t/\tcmd \($0)\n" }.joined()])
        let path = tree.root + "/log"
        try CommandLog.trim(path: path, maximumLines: 20, keptLines: 10)
        let kept = CommandLog.parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(kept.map(\.command) == (21...30).map { "cmd \($0)" })
        try CommandLog.trim(path: path, maximumLines: 20, keptLines: 5)  // under the bound: untouched
        #expect(CommandLog.parse(try String(contentsOfFile: path, encoding: .utf8)).count == 10)
    }

    @Test func aFIFOOrALinkAtTheLogIsRefusedWithoutWaiting() throws {
        let tree = try TemporaryTree(["target": "1\t0\t/\tsecret\n"])
        #expect(mkfifo(tree.root + "/fifo", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/link", withDestinationPath: tree.root + "/target")
        for (name, reason) in [("fifo", "is a FIFO, not a regular file"), ("link", "is a symbolic link (to '\(tree.root)/target')")] {
            let sources = HistorySources(shell: "bash", historyFile: tree.root + "/target", logFile: tree.root + "/" + name)
            #expect(throws: HistorySources.Failure.unreadable(option: "--command-log", path: tree.root + "/" + name, reason: reason)) {
                try sources.load(environment: [:])
            }
        }
    }

    /// The shell's history is the user's own file: a link to it (dotfiles) is read, a FIFO or a
    /// device there is refused at once, named as the user gave it (HISTFILE here).
    @Test func aHistoryFileMayBeALinkButNeverAFIFO() throws {
        let tree = try TemporaryTree(["dotfiles/bash_history": "ls\ngit status\n", "log": ""])
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/link", withDestinationPath: tree.root + "/dotfiles/bash_history")
        #expect(mkfifo(tree.root + "/fifo", 0o600) == 0)
        let linked = HistorySources(shell: "bash", logFile: tree.root + "/log")
        #expect(try linked.load(environment: ["HISTFILE": tree.root + "/link"]).records.map(\.command) == ["git status", "ls"])
        #expect(throws: HistorySources.Failure.unreadable(option: "HISTFILE", path: tree.root + "/fifo", reason: "is a FIFO, not a regular file")) {
            try linked.load(environment: ["HISTFILE": tree.root + "/fifo"])
        }
        let device = HistorySources(shell: "bash", historyFile: "/dev/zero", logFile: tree.root + "/log")
        #expect(throws: HistorySources.Failure.unreadable(option: "--shell-history", path: "/dev/zero", reason: "is a device, not a regular file")) {
            try device.load(environment: [:])
        }
    }

    @Test func sourcesReadBothFilesAndNameAnUnreadableOne() throws {
        let tree = try TemporaryTree(["bash_history": "#100\nls\n#200\nmake\n", "log": "300\t1\t/w\tmake\n"])
        let sources = HistorySources(shell: "bash", historyFile: tree.root + "/bash_history", logFile: tree.root + "/log")
        let records = try sources.load(environment: [:]).records
        #expect(records.map(\.command) == ["make", "ls"])
        #expect(records[0].exitStatus == 1 && records[0].directories == ["/w"])

        let missing = HistorySources(shell: "bash", historyFile: tree.root + "/nope", logFile: tree.root + "/log")
        #expect(throws: HistorySources.Failure.unreadable(option: "--shell-history", path: tree.root + "/nope", reason: "no such file")) {
            try missing.load(environment: [:])
        }
        let folder = HistorySources(shell: "bash", historyFile: tree.root, logFile: tree.root + "/log")
        #expect(throws: HistorySources.Failure.self) { try folder.load(environment: [:]) }
    }

    @Test func theUsualPlacesAreMissingQuietly() throws {
        let tree = try TemporaryTree(["x": ""])
        let sources = HistorySources(shell: "zsh")
        #expect(try sources.load(environment: ["HOME": tree.root]).records.isEmpty)
        #expect(CommandLog.defaultPath(shell: "zsh", environment: ["XDG_STATE_HOME": "/state"]) == "/state/instantsearch/history.zsh")
        #expect(CommandLog.defaultPath(shell: "fish", environment: ["HOME": "/home/u"]) == "/home/u/.local/state/instantsearch/history.fish")
    }
}
