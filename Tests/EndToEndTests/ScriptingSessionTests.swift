import Foundation
import Testing

/// fzf's scripting model in a real terminal: `--bind` chains with commands,
/// events, placeholders, and the terminal handed to commands and back.
@Suite(.serialized) struct ScriptingSessionTests {
    static let fruits = "apple pie\nbanana split\ncherry tart\napple crumble\n"

    private func tmuxWithFruits() throws -> Tmux {
        let tmux = try Tmux(width: 110, height: 24)
        try Self.fruits.write(to: tmux.workDirectory.appendingPathComponent("fruits.txt"), atomically: true, encoding: .utf8)
        return tmux
    }

    /// The hits' rows on screen (left of the refinements), without the selection bar.
    private func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n").map { $0.components(separatedBy: "│")[0].trimmingCharacters(in: CharacterSet(charactersIn: " ▌✓┃")) }
    }

    /// fzf's ripgrep launcher, with grep: the query is not searched (`--disabled`), every change
    /// of it reloads the list from the command given it.
    @Test func aLauncherReloadsOnEveryChangeOfTheQuery() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell(
            "grep '' fruits.txt | \(Project.binary) --disabled --bind 'change:reload(grep -i -- {q} fruits.txt || true)' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("every line") { $0.contains("cherry tart") && $0.contains("banana split") }
        try tmux.type("APPLE")
        let apples = try tmux.waitFor("the lines grep found") { $0.contains("  2/") && !$0.contains("cherry tart") }
        #expect(rows(apples).contains("apple pie") && rows(apples).contains("apple crumble"))
        #expect(apples.contains("> APPLE"), "the query stays as typed")
        try tmux.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.type("tart")
        try tmux.waitFor("the list reloaded for the new query") { $0.contains("  1/") && $0.contains("cherry tart") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == "cherry tart\n")
    }

    /// fzf's rule: with nothing selected (no line matches), a command whose placeholders
    /// name the selected line is not run; one that reads only the query is.
    @Test func aCommandNamingTheSelectedLineDoesNotRunWhenNoneIs() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell(
            "grep '' fruits.txt | \(Project.binary) --bind 'ctrl-o:execute-silent(echo /{}/ >> log.txt)+change-header(line ran),ctrl-q:execute-silent(echo q={q} >> log.txt)+change-header(query ran)'; echo \"exit=$?\""
        )
        try tmux.waitFor("the lines") { $0.contains("  4/4") }
        try tmux.type("qqqqqqqq")
        try tmux.waitFor("nothing matches") { $0.contains("  0/4") }
        try tmux.press("C-o")
        try tmux.waitFor("the chain went on") { $0.contains("line ran") }
        try tmux.press("C-q")
        try tmux.waitFor("the query's command ran") { $0.contains("query ran") }
        try tmux.press("C-u")
        try tmux.waitFor("every line again") { $0.contains("  4/4") }
        try tmux.press("C-o")
        try tmux.waitFor("the line's command ran") { $0.contains("line ran") && tmux.file("log.txt")?.contains("/") == true }
        #expect(tmux.file("log.txt") == "q=qqqqqqqq\n/apple pie/\n")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func executeGivesTheTerminalToTheCommandAndComesBack() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell(
            "\(Project.binary) fruits.txt --bind 'ctrl-o:execute(echo \"ran on\" {} > ran.txt; printf \"in the %s\" command; read answer)'; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.type("cherry")
        try tmux.waitFor("the lines") { $0.contains("  1/") }
        try tmux.press("C-o")
        try tmux.waitFor("the command on the terminal") { $0.contains("in the command") && !$0.contains("  1/") }
        #expect(try !tmux.onAlternateScreen(), "curses let go of the terminal")
        try tmux.press("Enter")
        try tmux.waitFor("the interface back, as it was") { $0.contains("> cherry") && $0.contains("  1/") }
        #expect(tmux.file("ran.txt") == "ran on cherry tart\n")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func becomeLeavesNoInterfaceBehindAndTheTerminalRestored() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell(
            "\(Project.binary) fruits.txt --bind 'ctrl-b:become(echo became {} \"$INSTANTSEARCH_QUERY\" > became.txt)'; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.type("banana")
        try tmux.waitFor("the lines") { $0.contains("  1/") }
        try tmux.press("C-b")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("became.txt") == "became banana split banana\n")
        #expect(try !tmux.onAlternateScreen())
        try tmux.shell("stty -a > stty.txt")
        try tmux.waitFor("the shell again") { _ in tmux.file("stty.txt") != nil }
        let modes = try #require(tmux.file("stty.txt"))
        #expect(modes.contains(" icanon") && modes.contains(" echo "), "the terminal's modes are the shell's again")
    }

    @Test func transformRunsWhatTheScriptPrints() throws {
        let tmux = try tmuxWithFruits()
        let script = """
            case "$1" in
              *x*) echo 'change-prompt(has x> )+change-query(cherry)' ;;
              *) echo 'change-header(no x in it)' ;;
            esac
            """
        try script.write(to: tmux.workDirectory.appendingPathComponent("decide.sh"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) fruits.txt --bind 'ctrl-t:transform(sh decide.sh {q})'; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.press("C-t")
        try tmux.waitFor("no x in it")
        try tmux.type("x")
        try tmux.press("C-t")
        let changed = try tmux.waitFor("the prompt and query the script chose") { $0.contains("has x> cherry") && $0.contains("  1/") }
        #expect(changed.contains("cherry tart"))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func aChainMarksEveryHitAndAccepts() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell("\(Project.binary) fruits.txt --multi --bind 'ctrl-a:select-all+accept' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.type("apple")
        try tmux.waitFor("the lines") { $0.contains("  2/") }
        try tmux.press("C-a")
        try tmux.waitFor("exit=0")
        let picked = try #require(tmux.file("out.txt")).split(separator: "\n").map(String.init)
        #expect(picked.sorted() == ["apple crumble", "apple pie"])
    }

    /// fzf's select-all marks every match, not only the lines loaded for the screen: 2,084
    /// matches of `seq 5000`, printed in order.
    @Test func selectAllMarksEveryMatch() throws {
        let tmux = try Tmux(width: 60, height: 12)
        try tmux.shell("seq 5000 | \(Project.binary) --multi --query 1 --bind 'ctrl-a:select-all+accept' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the matches") { $0.contains("/5000") }
        try tmux.press("C-a")
        try tmux.waitFor("exit=0")
        let picked = try #require(tmux.file("out.txt")).split(separator: "\n").map(String.init)
        let expected = (1...5000).map(String.init).filter { $0.contains("1") }
        #expect(picked.count == expected.count && Set(picked) == Set(expected))
    }

    /// fzf's `start` comes with the first list: `select-all` bound to it marks every line.
    @Test func startActsOnTheFirstList() throws {
        let tmux = try Tmux(width: 60, height: 12)
        try tmux.shell("seq 100 | \(Project.binary) --multi --sync --bind 'start:select-all+accept' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == (1...100).map { "\($0)\n" }.joined())
    }

    /// Placeholders are shell-quoted: a record's field, the line itself and the query never run
    /// as code, whatever they hold.
    @Test func aHostileRecordNeverRunsAsCode() throws {
        let tmux = try Tmux(width: 110, height: 24)
        let records = #"{"objectID":"1","name":"$(touch marker) `touch marker2` it's \"quoted\""}"# + "\n"
        try records.write(to: tmux.workDirectory.appendingPathComponent("hostile.ndjson"), atomically: true, encoding: .utf8)
        try tmux.shell(
            "\(Project.binary) hostile.ndjson --preview 'echo {name}' --bind 'ctrl-e:execute-silent(printf \"%s\\n\" {name} {q} > got.txt)'; echo \"exit=$?\"")
        try tmux.waitFor("1 result")  // records keep this interface's panes
        try tmux.waitFor("the preview, the field as text") { $0.contains("$(touch marker) `touch marker2`") }
        try tmux.paste("$(touch marker3)")
        try tmux.waitFor("the query typed") { $0.contains("❯ $(touch marker3)") }
        try tmux.press("C-e")
        try tmux.waitFor("the command's output") { _ in tmux.file("got.txt")?.contains("marker3") == true }
        #expect(tmux.file("got.txt") == "$(touch marker) `touch marker2` it's \"quoted\"\n$(touch marker3)\n")
        for marker in ["marker", "marker2", "marker3"] {
            #expect(tmux.file(marker) == nil, "\(marker) was never created")
        }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func aFailingCommandSaysItsStatusAndTheInterfaceStays() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell("\(Project.binary) fruits.txt --bind 'ctrl-f:execute-silent(echo no such thing >&2; exit 3)'; echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        try tmux.press("C-f")
        try tmux.waitFor("exited 3: no such thing")
        try tmux.type("tart")
        try tmux.waitFor("the interface goes on") { $0.contains("  1/") && !$0.contains("exited 3") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    /// fzf's `--listen`: curl drives the open interface and reads its state.
    @Test func listenTakesActionsFromCurlWhileTheInterfaceIsOpen() throws {
        let tmux = try tmuxWithFruits()
        let port = 20_000 + Int(getpid() % 20_000)
        try tmux.shell("\(Project.binary) fruits.txt --multi --listen \(port); echo \"exit=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        let (posted, _) = try spawn(
            "curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-XPOST", "localhost:\(port)", "-d", "change-query(apple)+change-prompt(remote> )"],
            captureOutput: true)
        #expect(posted == 0)
        try tmux.waitFor("the actions carried out") { $0.contains("remote> apple") && $0.contains("  2/") }
        let (_, state) = try spawn("curl", ["-s", "localhost:\(port)"], captureOutput: true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        #expect(json["query"] as? String == "apple")
        #expect(json["matchCount"] as? Double == 2)
        #expect((json["current"] as? [String: Any])?["text"] as? String == "apple pie")
        let (_, refused) = try spawn("curl", ["-s", "-XPOST", "localhost:\(port)", "-d", "explode"], captureOutput: true)
        #expect(refused.contains("unknown action: explode"))
        _ = try spawn("curl", ["-s", "-XPOST", "localhost:\(port)", "-d", "accept"], captureOutput: true)
        try tmux.waitFor("exit=0")
    }

    /// Another address than loopback needs a key: refused at the start without one; with one,
    /// a request without it is refused (401) and one with it carried out.
    @Test func listenOnAnotherAddressNeedsTheKey() throws {
        let tmux = try tmuxWithFruits()
        let port = 20_000 + Int((getpid() + 1) % 20_000)
        try tmux.shell("\(Project.binary) fruits.txt --listen 0.0.0.0:\(port) 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        #expect(tmux.file("err.txt")?.contains("needs an API key in INSTANTSEARCH_API_KEY") == true)
        try tmux.shell("clear; INSTANTSEARCH_API_KEY=sesame \(Project.binary) fruits.txt --listen 0.0.0.0:\(port); echo \"second=$?\"")
        try tmux.waitFor("the lines") { $0.contains("  4/") }
        let (_, without) = try spawn("curl", ["-s", "-w", "%{http_code}", "-XPOST", "127.0.0.1:\(port)", "-d", "abort"], captureOutput: true)
        #expect(without.hasSuffix("401"))
        let (_, with) = try spawn(
            "curl", ["-s", "-w", "%{http_code}", "-H", "x-api-key: sesame", "-XPOST", "127.0.0.1:\(port)", "-d", "change-query(cherry)"],
            captureOutput: true)
        #expect(with.hasSuffix("200"))
        try tmux.waitFor("the query sent with the key") { $0.contains("> cherry") && $0.contains("  1/") }
        try tmux.press("C-c")
        try tmux.waitFor("second=130")
    }

    @Test func aBadBindingIsOneLineNamingTheColumnAndExitTwo() throws {
        let tmux = try tmuxWithFruits()
        try tmux.shell("\(Project.binary) fruits.txt --bind 'ctrl-r:reload(ls' 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        let message = try #require(tmux.file("err.txt"))
        #expect(message.contains("column 14") && message.contains("\"reload(\" is never closed"))
    }

    /// fzf's `focus` event fires when the query leaves nothing to select too, `{}` then empty,
    /// and again when a line is selected once more.
    @Test func focusFiresWhenNothingIsLeftToSelect() throws {
        let tmux = try Tmux(width: 40, height: 8)
        try tmux.shell("seq 3 | \(Project.binary) --bind 'focus:transform-prompt(echo [{}]:)' > out.txt; echo \"exit=$?\"")
        try tmux.waitFor("the first line's prompt") { $0.split(separator: "\n").last.map { $0.hasPrefix("[1]:") } == true }
        try tmux.type("x")
        try tmux.waitFor("the prompt of no line") { $0.split(separator: "\n").last.map { $0.hasPrefix("[]:x") } == true }
        try tmux.press("BSpace")
        try tmux.waitFor("the first line's prompt again") { $0.split(separator: "\n").last.map { $0.hasPrefix("[1]:") } == true }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
