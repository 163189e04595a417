import Foundation
import Testing

/// `--keymap vim` in a real terminal: Esc enters normal mode (the prompt says so), letters move,
/// the query stays as typed, `i` types again, Enter picks the hit drawn as selected.
@Suite(.serialized) struct VimKeymapSessionTests {
    /// The hits list's rows (pointer, then one of `seq`'s numbers).
    private func hitRows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: #" *↓? *$"#, with: "", options: .regularExpression) }
            .filter { $0.range(of: #"^[▌ ]{2}[0-9]+$"#, options: .regularExpression) != nil }
    }

    @Test func normalModeMovesAndInsertModeTypes() throws {
        let tmux = try Tmux()
        try tmux.shell("seq 30 | \(Project.binary) --reverse --gutter ' ' --keymap vim > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  30/") }
        try tmux.type("2")
        try tmux.waitFor("the query 2") { $0.contains("  12/") }
        try tmux.press("Escape")
        try tmux.waitFor("normal mode") { $0.contains("normal > 2") }
        try tmux.type("jjk")
        let screen = try tmux.waitFor("the second hit selected") { hitRows($0).prefix(3) == ["  2", "▌ 20", "  21"] }
        #expect(screen.contains("normal > 2") && screen.contains("  12/"), "the letters did not type")
        try tmux.type("i")
        try tmux.waitFor("typing again") { $0.contains("> 2") && !$0.contains("normal") }
        try tmux.type("5")
        try tmux.waitFor("the query 25") { $0.contains("  1/") }
        try tmux.press("Escape")
        try tmux.waitFor("normal mode again") { $0.contains("normal > 25") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "25\n")
    }
}
