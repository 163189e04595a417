import Foundation
import Testing

/// fzf's --layout and --color, on the real binary in tmux.
@Suite(.serialized) struct LayoutSessionTests {
    let products = Project.resource("products.json")

    /// The rows of the screen, the last blank ones dropped (tmux pads the capture).
    private func rows(_ screen: String) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while rows.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { rows.removeLast() }
        return rows
    }

    @Test func layoutDefaultPutsThePromptAtTheBottomWithTheFirstHitNearestIt() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("\(Project.binary) \(products) --layout default -q fairphone > out.json; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the interface") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        let lines = rows(screen)
        let prompt = try #require(lines.lastIndex { $0.contains("❯ fairphone") })
        #expect(prompt >= lines.count - 2, "the prompt on one of the last two rows:\n\(screen)")
        let selected = try #require(lines.firstIndex { $0.hasPrefix("▌ Fairphone") }, "a selected hit:\n\(screen)")
        let others = lines.indices.filter { lines[$0].hasPrefix("  Fairphone") }
        #expect(others.count == 2)
        #expect(others.allSatisfy { $0 < selected } && selected < prompt, "the first hit, selected, nearest the prompt:\n\(screen)")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
    }

    @Test func reverseKeepsThePromptOnTop() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("\(Project.binary) \(products) --reverse -q fairphone > out.json; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the interface") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        let lines = rows(screen)
        let prompt = try #require(lines.firstIndex { $0.contains("❯ fairphone") })
        #expect(prompt <= 2, "the prompt on top:\n\(screen)")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func anUnknownLayoutIsOneLineAndStatusTwo() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(products) --layout upside-down 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        let message = try #require(tmux.file("err.txt"))
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.contains("--layout takes default, reverse, reverse-list; not 'upside-down'"))
    }

    /// The SGR parameters just before `word` on the row holding `row`, joined by ";" (tmux
    /// writes its sequences where the style changes, one per change).
    private func style(of word: String, onRowWith row: String, in styled: String) -> String? {
        let plain = { (line: Substring) in line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) }
        guard let line = styled.split(separator: "\n").first(where: { plain($0).contains(row) }),
            let range = line.range(of: word)
        else { return nil }
        var before = line[..<range.lowerBound]
        var parameters: [String] = []
        while before.hasSuffix("m"), let escape = before.range(of: "\u{1B}[", options: .backwards) {
            parameters.insert(String(before[escape.upperBound...].dropLast()), at: 0)
            before = before[..<escape.lowerBound]
        }
        return parameters.joined(separator: ";")
    }

    @Test func colorHlChangesTheHighlightsColour() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("\(Project.binary) \(products) -q fairphone > out.json; echo \"exit=$?\"")
        try tmux.waitFor("the interface") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        let standard = try #require(style(of: "Fairphone", onRowWith: "Fairphone 5 smartphone, Green", in: try tmux.styledScreen()))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
        try tmux.shell("clear; \(Project.binary) \(products) --color 'hl:196:underline' -q fairphone > out.json; echo \"exit=$?\"")
        try tmux.waitFor("the interface in colour") { $0.contains("❯ fairphone") && $0.contains("3 results") }
        let styled = try tmux.styledScreen()
        let coloured = try #require(style(of: "Fairphone", onRowWith: "Fairphone 5 smartphone, Green", in: styled), "\(styled)")
        #expect(coloured.contains("38;5;196"), "the highlight in colour 196: \(coloured)")
        #expect(!standard.contains("38;5;196"), "and not without the option: \(standard)")
        #expect(coloured.contains("4"), "underlined")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func anUnknownColourElementIsOneLineAndStatusTwo() throws {
        let tmux = try Tmux()
        try tmux.shell("INSTANTSEARCH_DEFAULT_OPTS='--color=dark' \(Project.binary) \(products) --color 'hl:red,hilite:blue' 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        let message = try #require(tmux.file("err.txt"))
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.contains("--color: no element or base scheme is named 'hilite'"), "\(message)")
        #expect(message.contains("elements: fg, bg, hl"))
    }
}

/// fzf's --height ~N: the region below the cursor shrinks to what the hits need.
@Suite(.serialized) struct AdaptiveHeightSessionTests {
    @Test func fiveLinesTakeSevenRowsAndFiveHundredTheWholeHeight() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("clear; seq 1 5 | \(Project.binary) --height ~20 > out.txt; echo \"exit=$?\"")
        // As fzf 0.74.5: five lines, the info line and the prompt, nothing below.
        let five = FzfScreen.bottom(["1", "2", "3", "4", "5"], count: "5/5")
        try tmux.waitFor("five lines") { FzfScreen.rows($0).suffix(7) == five[...] }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "1\n")
        try tmux.shell("clear; seq 1 500 | \(Project.binary) --height ~15 > out.txt; echo \"exit=$?\"")
        // The whole height: thirteen lines (the scrollbar's one row by the first), info, prompt.
        let list = (2...13).reversed().map { "▌ \($0)" } + ["▌ 1".padding(toLength: 99, withPad: " ", startingAt: 0) + "│"]
        let whole = list + [FzfScreen.info("500/500"), ">"]
        try tmux.waitFor("five hundred lines") { FzfScreen.rows($0).suffix(15) == whole[...] }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}

/// fzf's --tmux: inside tmux (a tmux client attached in the test's terminal, the command run in
/// its shell), the search opens in a popup and the pick and status come back to the command.
@Suite(.serialized) struct TmuxPopupSessionTests {
    /// A tmux server of its own, with a client attached in `tmux`'s terminal: the popup needs a
    /// client to open on, and the outer capture shows it.
    private func innerTmux(in tmux: Tmux) throws -> String {
        let socket = "instantsearch-popup-\(getpid())-\(UUID().uuidString.prefix(6))"
        try tmux.shell("tmux -L \(socket) -f /dev/null new-session -s inner \"PS1='in$ ' bash --norc --noprofile\"")
        try tmux.waitFor("the inner shell") { $0.contains("in$") }
        return socket
    }

    private func kill(_ socket: String) {
        _ = try? spawn("tmux", ["-L", socket, "kill-server"], captureOutput: true)
    }

    @Test func thePopupOpensAndThePickComesBackWithItsStatus() throws {
        let tmux = try Tmux(width: 100, height: 30)
        let socket = try innerTmux(in: tmux)
        defer { kill(socket) }
        try tmux.shell("printf 'alpha\\nbeta it'\\''s here\\ngamma\\n' | \(Project.binary) --tmux center,80%,60% --query 'bta' > out.txt; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the popup") { $0.contains("│ > bta") && $0.contains("  1/3 ─") }
        let rows = screen.split(separator: "\n").map(String.init)
        let top = try #require(rows.firstIndex { $0.contains("╭") }, "the popup's rounded frame, drawn by the interface as fzf's:\n\(screen)")
        let left = rows[top].prefix { $0 == " " }.count
        #expect(rows[top].trimmingCharacters(in: .whitespaces).count == 80, "80% of 100 columns wide:\n\(screen)")
        #expect((9...10).contains(left), "centred:\n\(screen)")
        #expect(screen.contains("beta it's here"))
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "beta it's here\n", "the line picked, as it came in")
        try tmux.shell("\(Project.binary) \(Project.resource("products.json")) --tmux bottom,50% > esc.txt; echo \"second=$?\"")
        try tmux.waitFor("the second popup") { $0.contains("│ ❯ Search products") }
        try tmux.press("C-c")
        try tmux.waitFor("second=130")
        #expect(tmux.file("esc.txt") == "")
    }

    @Test func aBadSizeIsOneLineAndStatusTwo() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) \(Project.resource("products.json")) --tmux middle,10 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        let message = try #require(tmux.file("err.txt"))
        #expect(
            message.hasPrefix(
                "instantsearch: --tmux takes [center|top|bottom|left|right][,WIDTH[%]][,HEIGHT[%]][,border-native] (sizes 1 to 10000 cells or 1% to 100%); not 'middle,10'."
            ))
        #expect(message.split(separator: "\n").count == 1)
    }

    @Test func outsideTmuxItRunsInlineInThePopupsHeight() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("echo above; \(Project.binary) \(Project.resource("products.json")) --tmux bottom,12 > out.json; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the interface inline") { $0.contains("❯ Search products") }
        #expect(try !tmux.onAlternateScreen(), "inline, on the normal screen")
        #expect(screen.contains("above"), "the shell's lines stay above")
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let prompt = try #require(rows.firstIndex { $0.contains("❯ Search products") })
        let hints = try #require(rows.firstIndex { $0.contains("F1 help") })
        #expect(hints - (prompt - 1) + 1 == 12, "twelve rows, from the tabs to the hints:\n\(screen)")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
