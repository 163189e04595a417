import Foundation
import Testing

/// `toggle-show-marked` (Alt-M): the list holds only the marked hits, whatever the query finds,
/// and toggling again lists the query's hits; what Enter prints is still what is marked.
@Suite(.serialized) struct ShowMarkedSessionTests {
    private func rows(_ screen: String, _ count: Int) -> [String] {
        Array(screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(count).map(String.init))
    }

    @Test func linesMarkedUnderOtherQueriesAreListedAloneAndPickedAsMarked() throws {
        let tmux = try Tmux(width: 60, height: 10)
        try "apple pie\nbanana split\ncherry tart\napple crumble\n".write(
            to: tmux.workDirectory.appendingPathComponent("fruits.txt"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) fruits.txt --reverse --gutter ' ' --multi > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/4 ") }
        try tmux.press("C-Space", "Down", "Down", "C-Space")
        try tmux.waitFor("two marked") { $0.contains("  4/4 (2) ") }
        try tmux.type("banana")
        try tmux.waitFor("the query's hit") { $0.contains("  1/4 (2) ") }
        try tmux.press("M-m")
        let marked = try tmux.waitFor("the marked alone") { $0.contains("marked only") }
        #expect(
            rows(marked, 4) == [
                "> banana", "  2/4 (2)  marked only (alt-m: every hit) ─────────────────", "▌┃apple pie", " ┃cherry tart",
            ], "\(marked)")
        try tmux.press("C-Space")
        let unmarked = try tmux.waitFor("apple pie unmarked, gone") { $0.contains("  1/4 (1)  marked only") }
        #expect(rows(unmarked, 4) == ["> banana", "  1/4 (1)  marked only (alt-m: every hit) ─────────────────", "▌┃cherry tart", ""])
        try tmux.press("M-m")
        let back = try tmux.waitFor("the query's hits again") { $0.contains("  1/4 (1) ─") }
        #expect(rows(back, 3) == ["> banana", "  1/4 (1) ─────────────────────────────────────────────────", "▌ banana split"])
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "cherry tart\n")
    }

    @Test func recordsMarkedAreListedAloneWithTheirCountSaid() throws {
        let tmux = try Tmux(width: 110, height: 24)
        let records = (1...6).map { #"{"objectID": "\#($0)", "name": "record \#($0)", "kind": "\#($0 % 2 == 0 ? "even" : "odd")"}"# }
        try records.joined(separator: "\n").write(to: tmux.workDirectory.appendingPathComponent("items.ndjson"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) items.ndjson --multi --print-attribute name > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the records") { $0.contains("6 results") }
        try tmux.type("record 2")
        try tmux.waitFor("record 2 first") { $0.contains("record 2") }
        try tmux.press("C-Space")
        try tmux.waitFor("one marked") { $0.contains("1 marked") }
        try tmux.press("C-u")
        try tmux.type("record 5")
        try tmux.waitFor("record 5 first") { $0.contains("1 marked") && $0.contains("record 5") }
        try tmux.press("M-m")
        let screen = try tmux.waitFor("the marked alone") { $0.contains("marked only") }
        // Under the query box ("record 5"), the list: record 2 alone.
        let list = screen.split(separator: "\n").dropFirst(2).joined(separator: "\n")
        #expect(list.contains("1 result") && list.contains("✓ record 2"), "\(screen)")
        #expect(!["record 1", "record 3", "record 4", "record 5", "record 6"].contains(where: list.contains), "\(screen)")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "record 2\n")
    }
}
