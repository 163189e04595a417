import Foundation
import Testing

/// Typing always types, rebinding keys (`--bind`), and the mouse, in the real binary in tmux.
@Suite(.serialized) struct KeysAndMouseSessionTests {
    private func startDemo(_ tmux: Tmux, extra: String = "") throws {
        try tmux.shell("\(Project.demoCommand) \(extra) > out.json; echo \"exit=$?\"")
        try tmux.waitFor("products 338")
    }

    /// The search box's line, trailing blanks removed.
    private func searchBox(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains("❯") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// "sony head" typed with each pane focused (by F-key and by Alt-digit) is that query:
    /// nothing is ticked, the slider's thumb is not switched.
    @Test func aSpaceTypesWithEachPaneFocused() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        for (focus, title) in [("F2", "Hits F2"), ("F3", "Refinements F3"), ("F4", "Range F4"), ("M-3", "Refinements F3"), ("M-4", "Range F4")] {
            try tmux.press(focus)
            try tmux.type("sony head")
            let screen = try tmux.waitFor("\"sony head\" typed after \(focus)") { searchBox($0) == "❯ sony head" && $0.contains("products ") }
            #expect(!screen.contains("[x]"), "after \(focus) nothing is refined")
            #expect(!screen.contains("◂ moving to"), "after \(focus) the thumb was not switched")
            #expect(screen.contains(" \(title) "))
            try tmux.press("C-u")
            try tmux.waitFor("the query cleared") { searchBox($0) == "❯ Search products…" }
        }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func bindRemapsKeysAndTheHelpShowsIt() throws {
        let tmux = try Tmux()
        try startDemo(tmux, extra: "--bind 'f2:next-index,alt-x:clear-refinements'")
        try tmux.press("F2")
        try tmux.waitFor("the categories index after F2") { $0.contains("DEPARTMENT") }
        try tmux.press("BTab")
        try tmux.waitFor("products again") { $0.contains("BRAND") }
        try tmux.press("F3")
        try tmux.waitFor("the refinement list focused") { $0.contains("▌[ ]") }
        try tmux.press("Enter")
        try tmux.waitFor("a value ticked") { $0.contains("▌[x]") }
        try tmux.press("M-x")
        try tmux.waitFor("the refinement cleared by Alt-X") { !$0.contains("[x]") && $0.contains("products 338") }
        try tmux.press("F1")
        let help = try tmux.waitFor("the help") { $0.contains("Keys — Esc or F1 closes") }
        #expect(help.contains("Tab, F2") && help.contains("next index"), "the help lists the bindings in force")
        #expect(help.contains("Ctrl-X, Alt-x"))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func aBadBindIsOneLineNamingTheColumnAndTheTerminalIsUntouched() throws {
        let tmux = try Tmux()
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("\(Project.demoCommand) --bind 'ctrl-r:clear-refinements,f9:explode' 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        let error = try #require(tmux.file("err.txt"))
        #expect(error.hasPrefix("instantsearch: --bind \"ctrl-r:clear-refinements,f9:explode\": column 29: unknown action: explode; actions: abort,"))
        #expect(error.contains("toggle-refinement") && error.split(separator: "\n").count == 1)
        #expect(!(try tmux.onAlternateScreen()))
        try tmux.shell("INSTANTSEARCH_DEFAULT_OPTS='--bind space:up,ctrl-xx:up' \(Project.demoCommand) 2> env.txt; echo \"status=$?\"")
        try tmux.waitFor("status=2")
        #expect(
            tmux.file("env.txt")?.hasPrefix(
                "instantsearch: INSTANTSEARCH_DEFAULT_OPTS: --bind \"space:up,ctrl-xx:up\": column 10: unsupported key: ctrl-xx; keys:") == true)
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"))
    }

    /// A click (an SGR report typed into the pane, as tmux would pass a real one on) on a
    /// facet value ticks it; the wheel over the list moves its selection; mouse reporting is
    /// on during the session and off after it.
    @Test func aMouseClickTogglesAFacetValue() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        #expect(try tmux.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "1 1")
        try tmux.type("sony")
        let before = try tmux.waitFor("the sony results") { searchBox($0) == "❯ sony" && $0.contains("[ ] Headphones") }
        let lines = before.components(separatedBy: "\n")
        let row = try #require(lines.firstIndex { $0.contains("[ ] Headphones") })
        let column = try #require(lines[row].range(of: "Headphones").map { lines[row][..<$0.lowerBound].count })
        try tmux.click(x: column + 2, y: row)
        let after = try tmux.waitFor("Headphones ticked by the click") { $0.contains("[x] Headphones") && $0.contains("category: Headphones") }
        #expect(!after.contains("Sony Bravia"))
        #expect(searchBox(after) == "❯ sony", "the click typed nothing")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
        #expect(try tmux.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "0 0", "mouse reporting is off after the session")
    }

    @Test func clicksOnATabAndTheWheelOverTheHits() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        let screen = try tmux.screen()
        let top = screen.components(separatedBy: "\n")[0]
        let tab = try #require(top.range(of: "categories").map { top[..<$0.lowerBound].count })
        try tmux.click(x: tab + 1, y: 0)
        try tmux.waitFor("the categories index after a click on its tab") { $0.contains("DEPARTMENT") }
        try tmux.click(x: 3, y: 0)
        try tmux.waitFor("products again") { $0.contains("BRAND") }
        let first = try #require(screen.components(separatedBy: "\n").first { $0.contains("▌") })
        try tmux.wheel(down: true, x: 10, y: 6)
        try tmux.waitFor("the selection moved by the wheel") { $0.components(separatedBy: "\n").first { $0.contains("▌") } != first }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func aClickOnAFacetValueInTheSectionsViewRefines() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) --config \(Project.resource("demo.config.json")) > out.json; echo \"exit=$?\"")
        try tmux.waitFor("products 338")
        try tmux.press("M-5")
        try tmux.type("sony")
        let screen = try tmux.waitFor("every section answered") {
            $0.contains("results in categories") && $0.contains("[ ] Sony") && $0.contains("results in products")
        }
        let lines = screen.components(separatedBy: "\n")
        let row = try #require(lines.firstIndex { $0.contains("[ ] Sony") })
        try tmux.click(x: 10, y: row)
        try tmux.waitFor("the brand refined by the click") { $0.contains("[x] Sony") && $0.contains("21 results in products") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    /// The crash path (restore bytes written from the signal handler) and a termination
    /// signal turn mouse reporting off too, as does Ctrl-Z until `fg`.
    @Test func mouseReportingIsOffAfterACrashASignalAndWhileSuspended() throws {
        let tmux = try Tmux(width: 220)
        try tmux.shell("\(Project.probe); echo \"exit=$?\"")
        try tmux.waitFor("probe ready")
        #expect(try tmux.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "1 1")
        try tmux.click(x: 4, y: 7)
        try tmux.waitFor("mouse press left at 4,7")
        try tmux.press("!")
        try tmux.waitFor("exit=132", timeout: 15)
        #expect(try tmux.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "0 0", "off after a crash")

        try tmux.shell("\(Project.probe); echo \"status=$?\"")
        try tmux.waitFor("probe ready")
        try tmux.press("C-z")
        try tmux.waitFor("Stopped")
        #expect(try tmux.format("#{mouse_any_flag}") == "0", "off while suspended")
        try tmux.shell("fg")
        try tmux.waitFor("probe ready")
        #expect(try tmux.format("#{mouse_any_flag}") == "1", "on again after fg")
        try spawn("pkill", ["-TERM", "-f", Project.probe])
        // (The shell ran the rest of the line at Ctrl-Z, so no status is echoed: the
        // alternate screen going away says the probe has ended.)
        try tmux.waitFor("the probe gone") { _ in (try? tmux.onAlternateScreen()) == false }
        #expect(try tmux.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "0 0", "off after SIGTERM")
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() throws {
        let tmux = try Tmux()
        try startDemo(tmux, extra: "--no-mouse")
        #expect(try tmux.format("#{mouse_any_flag}") == "0")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}

extension Tmux {
    /// A left click at the cell (`x`, `y`), counted from 0: the SGR press and release a
    /// terminal sends in mode 1006, typed into the pane.
    func click(x: Int, y: Int) throws {
        try type("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m")
    }

    func wheel(down: Bool, x: Int, y: Int) throws {
        try type("\u{1B}[<\(down ? 65 : 64);\(x + 1);\(y + 1)M")
    }

    /// A tmux format for the pane (`#{mouse_any_flag}`: whether the program asked for mouse reports).
    func format(_ format: String) throws -> String {
        let (status, output) = try spawn("tmux", ["-L", socket, "display-message", "-p", "-t", session, format])
        guard status == 0 else { throw TmuxError.failed("display-message \(format): \(output)") }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
