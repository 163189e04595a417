import Foundation
import InstantSearchCore
import ShellIntegration
import Testing

/// Ctrl-R's delete-hit: a command out of the shell's file (in its own format, the rest byte for
/// byte), the command log, frecency, and handed to the shell.
@Suite struct HistoryDeletionTests {
    private func removing(_ commands: Set<String>, from text: String, shell: String) -> (String, Int)? {
        ShellHistoryRemoval.removing(commands, from: Array(text.utf8), shell: shell).map { (String(decoding: $0.bytes, as: UTF8.self), $0.removed) }
    }

    @Test func bashLosesTheCommandAndItsTimeLineEveryTimeItIsThere() throws {
        let file = "#100\nls\n#101\necho secret\n#102\nls -l\necho secret\n#103\necho secret again\n"
        let result = try #require(removing(["echo secret"], from: file, shell: "bash"))
        #expect(result.0 == "#100\nls\n#102\nls -l\n#103\necho secret again\n")
        #expect(result.1 == 2)
    }

    @Test func bashLosesACommandOfSeveralLinesOnlyWhereTheyFollowInOrder() throws {
        let file = "for f in *\ndo echo $f\ndone\ndone\nfor f in *\n"
        let result = try #require(removing(["for f in *\ndo echo $f\ndone"], from: file, shell: "bash"))
        #expect(result.0 == "done\nfor f in *\n")
        #expect(result.1 == 1)
    }

    @Test func zshLosesTheWholeEntryWithItsContinuedLinesAndMetafiedBytes() throws {
        let file = ": 1:0;echo one\n: 2:0;printf 'a\\\nb'\n: 3:0;echo one\n: 4:0;echo café\n"
        let result = try #require(removing(["printf 'a\nb'", "echo café"], from: file, shell: "zsh"))
        #expect(result.0 == ": 1:0;echo one\n: 3:0;echo one\n")
        #expect(result.1 == 2)
        // zsh writes bytes 0x83…0xA2 as 0x83 then the byte XOR 0x20: "ă" (C4 83) as C4 83 A3.
        let metafied: [UInt8] = Array(": 5:0;echo ".utf8) + [0xC4, 0x83, 0xA3] + Array("\n: 6:0;ls\n".utf8)
        #expect(ShellHistoryParser.parse(metafied, shell: "zsh").map(\.command) == ["echo ă", "ls"])
        let kept = try #require(ShellHistoryRemoval.removing(["echo ă"], from: metafied, shell: "zsh"))
        #expect(String(decoding: kept.bytes, as: UTF8.self) == ": 6:0;ls\n" && kept.removed == 1)
    }

    @Test func fishIsLeftToFishsOwnHistoryDelete() {
        #expect(removing(["ls"], from: "- cmd: ls\n  when: 1\n", shell: "fish") == nil)
    }

    @Test func deletingRewritesTheFileALinkPointsToAndHandsTheCommandToTheShellFirst() throws {
        let tree = try TemporaryTree([
            "dotfiles/bash_history": "ls\necho secret\npwd\necho secret\n",
            "state/history.bash": "1\t0\t/tmp\th\t1:1\techo secret\n2\t0\t/tmp\th\t1:1\tpwd\nnot a log line\n",
            "state/frecency/history.bash.tsv": "3\t100\techo secret\n1\t100\tpwd\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/.bash_history", withDestinationPath: tree.root + "/dotfiles/bash_history")
        var deletion = HistoryDeletion(shell: "bash", historyFile: tree.root + "/.bash_history", logFile: tree.root + "/state/history.bash")
        deletion.frecencyFile = tree.root + "/state/frecency/history.bash.tsv"
        deletion.handOffFile = tree.root + "/state/deleted.42"
        let record: JSONValue = .object(["command": .string("echo secret"), "count": .number(2)])
        #expect(deletion.question(about: record) == "delete “echo secret” from the history? y/n")
        #expect(try deletion.delete(record) == "deleted “echo secret” from .bash_history (2×), the command log")

        func read(_ path: String) throws -> String { try String(contentsOfFile: tree.root + "/" + path, encoding: .utf8) }
        #expect(try read("dotfiles/bash_history") == "ls\npwd\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: tree.root + "/.bash_history") == tree.root + "/dotfiles/bash_history")
        #expect(try read("state/history.bash") == "2\t0\t/tmp\th\t1:1\tpwd\nnot a log line\n")
        #expect(try read("state/frecency/history.bash.tsv") == "1\t100\tpwd\n")
        #expect(try read("state/deleted.42") == "echo secret\u{0}")

        // A second deletion adds to what the shell has not read yet; a command of two lines stays whole.
        _ = try deletion.delete(.object(["command": .string("pwd\nls")]))
        #expect(try read("state/deleted.42") == "echo secret\u{0}pwd\nls\u{0}")
    }

    @Test func nothingIsDeletedWhenTheShellCannotBeTold() throws {
        let tree = try TemporaryTree(["history": "echo secret\n", "state/": ""])
        // The hand-off's place is a link: refused, so the shell would write the command back.
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/state/deleted.1", withDestinationPath: "/etc/passwd")
        var deletion = HistoryDeletion(shell: "bash", historyFile: tree.root + "/history", logFile: tree.root + "/state/history.bash")
        deletion.handOffFile = tree.root + "/state/deleted.1"
        #expect(throws: HitDeletionError.self) { try deletion.delete(.object(["command": .string("echo secret")])) }
        #expect(try String(contentsOfFile: tree.root + "/history", encoding: .utf8) == "echo secret\n")
    }
}
