import Foundation
import InstantSearchCore
import ShellIntegration
import Testing

/// What Ctrl-R's scopes stand on: the log's machine and session, and each folder's git
/// repository, written into the records as facets.
@Suite struct HistoryScopesTests {
    @Test func logLinesOfSixFieldsGiveTheMachineAndTheSessionAndOldLinesStillRead() {
        let text = "5\t0\t/home\tvm\t42:1000\tls -a\n6\t1\t/w\tls\n7\t0\t/w\t\t\tpwd\n8\t0\t/w\tvm\tx\n"
        #expect(
            CommandLog.parse(text) == [
                HistoryEntry(command: "ls -a", time: 5, directory: "/home", exitStatus: 0, host: "vm", session: "42:1000"),
                HistoryEntry(command: "ls", time: 6, directory: "/w", exitStatus: 1),
                HistoryEntry(command: "pwd", time: 7, directory: "/w", exitStatus: 0),
            ])
        let entry = HistoryEntry(command: "make\ttest", time: 9, directory: "/a", exitStatus: 2, host: "box", session: "7:8")
        #expect(CommandLog.parse(CommandLog.line(entry) + "\n") == [entry])
    }

    @Test func aFolderIsInTheNearestRepositoryAboveIt() throws {
        let tree = try TemporaryTree(["repo/.git/HEAD": "", "repo/src/deep/": "", "repo/worktree/.git": "gitdir: x\n", "plain/dir/": ""])
        let roots = RepositoryRoots()
        #expect(roots.root(of: tree.root + "/repo/src/deep") == tree.root + "/repo")
        #expect(roots.root(of: tree.root + "/repo/src/deep/") == tree.root + "/repo")
        #expect(roots.root(of: tree.root + "/repo") == tree.root + "/repo")
        #expect(roots.root(of: tree.root + "/repo/worktree") == tree.root + "/repo/worktree")
        #expect(roots.root(of: tree.root + "/plain/dir") == nil)
        #expect(roots.root(of: tree.root + "/gone/away") == nil)
        #expect(roots.root(of: "relative/repo") == nil)
    }

    @Test func recordsCarryTheirRepositoriesMachinesAndSessions() throws {
        let tree = try TemporaryTree(["repo/.git/": "", "repo/src/": "", "other/": ""])
        let records = HistoryRecords(
            shellHistory: [],
            log: [
                HistoryEntry(command: "make", time: 1, directory: tree.root + "/repo/src", exitStatus: 0, host: "vm", session: "42:0"),
                HistoryEntry(command: "make", time: 2, directory: tree.root + "/repo", exitStatus: 0, host: "box", session: "43:0"),
                HistoryEntry(command: "ls", time: 3, directory: tree.root + "/other", exitStatus: 0),
            ])
        let json = records.json(now: 3, home: tree.root, repositories: RepositoryRoots())
        let session = HistoryRecords.shownSession("42:0")
        #expect(session.hasPrefix("42 since "), "\(session)")
        #expect(json[1]["repo"] == .array([.string("~/repo")]))
        #expect(json[1]["host"] == .array([.string("vm"), .string("box")]))
        #expect(json[1]["session"] == .array([.string(session), .string(HistoryRecords.shownSession("43:0"))]))
        #expect(json[0]["repo"] == nil && json[0]["host"] == nil && json[0]["session"] == nil)
        #expect(HistoryRecords.shownSession("not a session") == "not a session")
    }
}
