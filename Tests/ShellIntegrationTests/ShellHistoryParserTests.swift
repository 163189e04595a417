import ShellIntegration
import Testing

/// Each shell's history file read into commands with the times it recorded.
@Suite struct ShellHistoryParserTests {
    func parse(_ text: String, _ shell: String) -> [HistoryEntry] {
        ShellHistoryParser.parse(Array(text.utf8), shell: shell)
    }

    @Test func bashPlainLines() {
        #expect(parse("ls -l\n\ngit status\n", "bash") == [HistoryEntry(command: "ls -l"), HistoryEntry(command: "git status")])
    }

    @Test func bashWithHistTimeFormat() {
        #expect(
            parse("#1700000000\nmake test\n#1700000100\ngit push\nno stamp\n", "bash") == [
                HistoryEntry(command: "make test", time: 1_700_000_000), HistoryEntry(command: "git push", time: 1_700_000_100),
                HistoryEntry(command: "no stamp"),
            ])
    }

    @Test func zshExtendedHistoryWithAMultilineCommand() {
        let text = ": 1700000000:0;echo one\n: 1700000005:2;for x in a b\\\ndo echo $x\\\ndone\n: 1700000009:0;ls\n"
        #expect(
            parse(text, "zsh") == [
                HistoryEntry(command: "echo one", time: 1_700_000_000),
                HistoryEntry(command: "for x in a b\ndo echo $x\ndone", time: 1_700_000_005),
                HistoryEntry(command: "ls", time: 1_700_000_009),
            ])
    }

    @Test func zshWithoutExtendedHistoryIsPlainLines() {
        #expect(parse("echo a\n: not a stamp;x\n", "zsh") == [HistoryEntry(command: "echo a"), HistoryEntry(command: ": not a stamp;x")])
    }

    @Test func zshMetafiedBytesAreUndone() {
        // "ś" is C5 9B; 9B is in zsh's token range, so its file holds C5 83 BB (9B XOR 20 after 83).
        let bytes: [UInt8] = Array(": 1:0;echo ".utf8) + [0xC5, 0x83, 0xBB] + Array("\n".utf8)
        #expect(ShellHistoryParser.parse(bytes, shell: "zsh") == [HistoryEntry(command: "echo ś", time: 1)])
    }

    @Test func fishHistory() {
        let text = """
            - cmd: cd /tmp
              when: 1700000000
            - cmd: echo a\\nb \\\\ c
              when: 1700000060
              paths:
                - /tmp

            """
        #expect(
            parse(text, "fish") == [
                HistoryEntry(command: "cd /tmp", time: 1_700_000_000), HistoryEntry(command: "echo a\nb \\ c", time: 1_700_000_060),
            ])
    }

    @Test(arguments: ["sh", "ksh", "nu", ""])
    func anUnknownShellGetsPlainLines(shell: String) {
        #expect(
            parse(": 1700000000:0;ls\n- cmd: x\n", shell) == [
                HistoryEntry(command: ": 1700000000:0;ls"), HistoryEntry(command: "- cmd: x"),
            ])
    }
}
