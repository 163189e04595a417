import Foundation
import Testing

/// Standard input that never ends in nothing to keep is refused with one message and exit 2
/// instead of being buffered until memory runs out: NUL bytes, and blank lines where records
/// are read (blank plain lines are lines, as in fzf). (How much memory and time that takes is
/// measured by hand, not here: tests assert behaviour.)
@Suite(.serialized) struct EndlessInputTests {
    private func run(_ commandLine: String) throws -> (status: Int32, output: String) {
        try spawn("sh", ["-c", commandLine])
    }

    @Test func devZeroIsANULByteAtLineOneColumnOne() throws {
        let (status, output) = try run("'\(Project.binary)' query - a < /dev/zero")
        #expect(status == 2)
        #expect(output.hasPrefix("instantsearch query: <stdin>:1:1: a NUL byte (byte offset 0)"), "\(output)")
    }

    @Test func endlessBlankLinesAreRefusedAtTheLimit() throws {
        let (status, output) = try run("yes '' | '\(Project.binary)' query - a --format ndjson")
        #expect(status == 2)
        #expect(output == "instantsearch query: <stdin>:1: more than 32 MiB of blank lines from here and not one record in them\n")
    }

    @Test func theInterfaceRefusesEndlessBlankLinesBeforeItOpens() throws {
        let tmux = try Tmux()
        try tmux.shell("yes '' | \(Project.binary) --format csv; echo \"exit=$?\"")
        let screen = try tmux.waitFor("exit=2", timeout: 60)
        #expect(screen.contains("<stdin>:1: more than 32 MiB of blank lines from here and not one record in them"))
    }
}
