import Foundation
import Testing

/// A paste into the real binary in tmux: tmux sends it bracketed (ESC [200~ … ESC [201~)
/// because the program asked for it, and it becomes one query edit and one search.
@Suite(.serialized) struct PasteSessionTests {
    @Test func aTenThousandCharacterPasteIsOneEditAndOneSearch() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.demoCommand) > out.json; echo \"exit=$?\"")
        try tmux.waitFor("products 338")
        // Before any key the stats line shows the mode alone: requests per keys mean nothing yet.
        try tmux.waitFor("the first search") { $0.contains("338 results") && !$0.contains(" req / ") }
        // 10,000 characters over several lines: "sony" 1,999 times, then "bravia"; the
        // newlines become spaces, so every word is a word of the query.
        let words = Array(repeating: "sony", count: 1_999) + ["bravi"]
        var text = ""
        for (position, word) in words.enumerated() {
            text += word
            if position < words.count - 1 { text += position % 100 == 99 ? "\n" : " " }
        }
        #expect(text.count == 10_000)
        try tmux.paste(text)
        // The box shows the end of the query, the cursor after it; the hits are those of
        // every word; the stats line counts one keystroke and one more request.
        let screen = try tmux.waitFor("the results of the pasted query") {
            $0.contains("sony sony bravi") && $0.contains("Sony Bravia") && $0.contains("2 req / 1 keys")
        }
        #expect(!screen.contains("Nikon"))
        // Ctrl-C acts at once after it.
        try tmux.press("C-c")
        try tmux.waitFor("exit=130", timeout: 5)
    }

    @Test func theQueryKeepsThePastedTextWhole() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.demoCommand) > out.json; echo \"exit=$?\"")
        try tmux.waitFor("products 338")
        let middle = String(repeating: "x", count: 9_000)
        try tmux.paste("first \(middle) last")
        try tmux.waitFor("the end of the paste") { $0.contains("xxx last") }
        // Home shows the beginning: one edit kept it all, in order.
        try tmux.press("Home")
        try tmux.waitFor("the start of the paste") { $0.contains("❯ first xxx") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130", timeout: 5)
    }
}
