import SearchCommandLine
import Testing

/// INSTANTSEARCH_DEFAULT_OPTS is split as a shell would split the same text typed.
@Suite struct ShellWordsTests {
    @Test(arguments: [
        ("", [String]()),
        ("   ", []),
        ("--no-color", ["--no-color"]),
        ("  --strategy   adaptive\t--no-cache ", ["--strategy", "adaptive", "--no-cache"]),
        ("--query 'sony head'", ["--query", "sony head"]),
        ("--query \"sony head\"", ["--query", "sony head"]),
        ("--query sony\\ head", ["--query", "sony head"]),
        ("--query=\"a \\\"b\\\" \\\\ c\"", ["--query=a \"b\" \\ c"]),
        ("'it'\\''s'", ["it's"]),
        ("\"\\n stays\"", ["\\n stays"]),
        ("--query ''", ["--query", ""]),
        ("a'b'\"c\"d", ["abcd"]),
        ("--a \\\n--b", ["--a", "--b"]),
    ])
    func splitsLikeAShell(line: String, words: [String]) throws {
        #expect(try ShellWords.split(line) == words)
    }

    @Test(arguments: [
        ("--query 'sony", 9, "unterminated single quote"),
        ("--query \"sony", 9, "unterminated double quote"),
        ("--query \"a \\\"", 9, "unterminated double quote"),
        ("--no-color \\", 12, "a backslash at the end escapes nothing"),
    ])
    func unfinishedQuotingIsRefusedWithItsColumn(line: String, column: Int, message: String) {
        #expect(throws: ShellWords.Error(column: column, message: message)) { try ShellWords.split(line) }
    }

    @Test func aLineLongerThanTheLimitIsRefusedBeforeAnyWork() {
        let line = String(repeating: "a ", count: ShellWords.maximumLength)
        #expect(throws: ShellWords.Error.self) { try ShellWords.split(line) }
    }
}
