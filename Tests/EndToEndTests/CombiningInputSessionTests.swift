import Foundation
import Testing

/// Code points that combine with the one before, typed one key at a time into the real binary
/// (each of these used to kill the interface): an accent after its letter,
/// a flag's two regional indicators, Hangul jamo, an emoji joined by ZWJ; then edited across
/// with the arrows and Backspace. The interface stays up and prints exactly the query edited.
@Suite(.serialized) struct CombiningInputSessionTests {
    @Test func typingAndEditingCombiningSequencesKeepsTheInterfaceUpAndTheQueryExact() throws {
        let tmux = try Tmux()
        try "café au lait\n한국어\nflag \u{1F1EB}\u{1F1F7}\ndev \u{1F469}\u{200D}\u{1F4BB}\n"
            .write(to: tmux.workDirectory.appendingPathComponent("words.txt"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) words.txt --print-query > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("au lait")
        // One code point a key, as a keyboard (a dead key, an input method) sends them.
        let typed = "e\u{301} \u{1F1EB}\u{1F1F7} \u{1112}\u{1161}\u{11AB} \u{1F469}\u{200D}\u{1F4BB}"
        for scalar in typed.unicodeScalars { try tmux.type(String(scalar)) }
        try waitForQuery(tmux, "e\u{301} \u{1F1EB}\u{1F1F7} \u{1112}\u{1161}\u{11AB}")
        // Cursor after 한 (two characters back); Backspace removes the syllable, not a jamo.
        try tmux.press("Left", "Left", "BSpace")
        try tmux.type("x")
        try waitForQuery(tmux, "e\u{301} \u{1F1EB}\u{1F1F7} x ")
        // After é: Backspace removes it whole; an umlaut typed in two keys takes its place.
        try tmux.press("Home", "Right", "BSpace")
        try tmux.type("a")
        try tmux.type("\u{308}")
        try waitForQuery(tmux, "a\u{308} \u{1F1EB}\u{1F1F7} x")
        // At the end: Backspace removes the joined emoji whole, then two jamo make 하.
        try tmux.press("End", "BSpace")
        try tmux.type("\u{1112}")
        try tmux.type("\u{1161}")
        try waitForQuery(tmux, "x \u{1112}\u{1161}")
        try tmux.press("Enter")
        try tmux.waitFor("exit=")
        let printed = tmux.file("out.txt")?.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        let expected = "a\u{308} \u{1F1EB}\u{1F1F7} x \u{1112}\u{1161}"
        #expect(
            printed.map { Array($0.unicodeScalars) } == Array(expected.unicodeScalars),
            "printed \(printed.map { $0.unicodeScalars.map { String($0.value, radix: 16) } } ?? [])")
    }

    /// Waits until the prompt line shows `text` (compared code point by code point, so an
    /// accent folded into its letter would not pass) with the interface still up.
    private func waitForQuery(_ tmux: Tmux, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try tmux.waitFor("the query \(text.unicodeScalars.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation) { screen in
            let prompt = screen.split(separator: "\n").last { $0.hasPrefix("> ") }.map(String.init) ?? ""
            return prompt.unicodeScalars.map(\.value).containsRun(text.unicodeScalars.map(\.value)) && !screen.contains("exit=")
        }
    }
}

extension Array where Element: Equatable {
    /// Whether `run` appears in order and contiguous.
    func containsRun(_ run: [Element]) -> Bool {
        guard !run.isEmpty else { return true }
        guard count >= run.count else { return false }
        return (0...(count - run.count)).contains { Array(self[$0..<($0 + run.count)]) == run }
    }
}
