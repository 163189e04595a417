import Foundation
import Testing

/// The real binary, in a real terminal. Each test starts a shell in tmux, runs instantsearch
/// from it as a user would, types, and reads the screen. Serialized: two cores, and each
/// session is a whole TUI.
@Suite(.serialized) struct TerminalSessionTests {
    /// Starts the demo from the shell, its output to out.json and its status on the screen.
    private func startDemo(_ tmux: Tmux, extra: String = "") throws {
        try tmux.shell("\(Project.demoCommand) \(extra) > out.json; echo \"exit=$?\"")
        try tmux.waitFor("products 338")
    }

    @Test func typingAQueryShowsTheMatchingHitHighlighted() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        try tmux.type("bravia")
        let screen = try waitForResults(of: "bravia", in: tmux)
        #expect(screen.contains("Sony Bravia"))
        #expect(!screen.contains("Nikon"))
        #expect(screen.contains("results"))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func togglingAFacetValueChangesTheCountsAndTheHits() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        try tmux.type("sony")
        let before = try waitForResults(of: "sony", in: tmux)
        let total = try #require(resultCount(before))
        try tmux.press("F3")
        try tmux.waitFor("the refinement list focused") { $0.contains("▌[ ]") }
        try tmux.moveSelection(marker: "▌[") { $0.contains("▌[ ] Headphones") }  // not a hit's "Headphones" beside the row
        try tmux.press("C-Space")
        // The mark shows at once; the hits follow when the search answers.
        let after = try tmux.waitFor("the refined results") {
            $0.contains("[x] Headphones") && $0.contains("category: Headphones") && (resultCount($0) ?? total) < total
        }
        #expect(!after.contains("Sony Bravia"))
        let box = after.split(separator: "\n").first { $0.contains("❯") }?.trimmingCharacters(in: .whitespaces)
        #expect(box == "❯ sony", "Ctrl-Space toggled the value; it did not go into the query")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func movingASliderThumbAppliesTheRange() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        try tmux.press("F4")
        for _ in 0..<8 { try tmux.press("Right") }
        let screen = try tmux.waitFor("fewer results within a price range") {
            $0.contains("price ≥ ") && $0.contains(" ×") && (resultCount($0) ?? 338) < 338
        }
        #expect(screen.contains(" to $"), "the slider pane shows the range in force, in dollars as the settings say")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func tabSwitchesToTheOtherIndexAndBack() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        try tmux.type("lap")
        try tmux.waitFor("❯ lap")
        try tmux.press("Tab")
        let categories = try tmux.waitFor("the categories index") { $0.contains("Laptops") && $0.contains("DEPARTMENT") }
        #expect(categories.contains("❯ lap"), "the query text is shared")
        try tmux.press("BTab")
        try tmux.waitFor("products again") { $0.contains("CATEGORY") && $0.contains("BRAND") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func enterPrintsTheSelectedRecordAsOneJSONLine() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        try tmux.type("fairphone")
        #expect(try waitForResults(of: "fairphone", in: tmux).contains("Fairphone 5"))
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        let output = try #require(tmux.file("out.json"))
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1)
        let record = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(record?["brand"] as? String == "Fairphone")
        #expect(output.hasPrefix("{\"objectID\":\"p"), "keys keep the file's order")
    }

    @Test func ctrlCExits130AndRestoresTheTerminal() throws {
        let tmux = try Tmux()
        try tmux.shell("stty -g > before.txt")
        try startDemo(tmux)
        try tmux.type("tv")
        try tmux.press("C-c")
        let screen = try tmux.waitFor("exit=130")
        #expect(!screen.contains("❯ tv"), "the alternate screen is gone")
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"))
        #expect(tmux.file("out.json") == "")
    }

    @Test func escapeFromTheHitsListExits130() throws {
        let tmux = try Tmux()
        try startDemo(tmux)
        try tmux.press("F3")
        try tmux.press("Escape")
        try tmux.waitFor("focus back on the hits") { $0.contains("Hits F2") }
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let tmux = try Tmux()
        let data = tmux.workDirectory.appendingPathComponent("sigterm-fixture.json")
        try FileManager.default.copyItem(atPath: Project.resource("products.json"), toPath: data.path)
        try tmux.shell("stty -g > before.txt")
        try tmux.shell("\(Project.binary) \(data.path); echo \"exit=$?\"")
        try tmux.waitFor("sigterm-fixture 338")
        try spawn("pkill", ["-TERM", "-f", data.path])
        try tmux.waitFor("exit=143")
        try tmux.shell("stty -g > after.txt; echo saved-$((40 + 2))")
        try tmux.waitFor("saved-42")
        #expect(tmux.file("before.txt") == tmux.file("after.txt"))
    }

    @Test func recordsPipedOnStdinAreSearchedAndThePickGoesToStdout() throws {
        let tmux = try Tmux()
        let ndjson = (1...30).map { #"{"objectID":"\#($0)","title":"Record number \#($0)","kind":"\#($0 % 2 == 0 ? "even" : "odd")"}"# }
        try ndjson.joined(separator: "\n").write(to: tmux.workDirectory.appendingPathComponent("in.ndjson"), atomically: true, encoding: .utf8)
        try tmux.shell("cat in.ndjson | \(Project.binary) --format ndjson --stdin-name piped > out.json; echo \"exit=$?\"")
        try tmux.waitFor("piped 30")
        try tmux.type("number 17")
        try tmux.waitFor("the record") { $0.contains("Record number 17") && $0.contains("1 result") }
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.json") == #"{"objectID":"17","title":"Record number 17","kind":"odd"}"# + "\n")
    }

    /// Waits for the results of `text`: the tab shows a count only for results of the text
    /// in the box, so an answer to an earlier keystroke does not pass for it.
    @discardableResult
    private func waitForResults(of text: String, index: String = "products", in tmux: Tmux) throws -> String {
        try tmux.waitFor("results for \(text)") {
            $0.contains("❯ \(text)") && $0.range(of: "\(index) \\d", options: .regularExpression) != nil
        }
    }

    private func resultCount(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"(\d[\d,]*) results?"#, options: .regularExpression) else { return nil }
        return Int(screen[range].split(separator: " ")[0].replacingOccurrences(of: ",", with: ""))
    }
}

@Suite struct CommandLineTests {
    @Test func aMalformedFileIsRefusedWithFileLineAndColumn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("is-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.json")
        try "[\n  {\"a\": 1},\n  {\"a\": 2,}\n]\n".write(to: file, atomically: true, encoding: .utf8)
        let (status, output) = try spawn(Project.binary, [file.path])
        #expect(status == 2)
        #expect(output.contains("\(file.path):3:11: expected a string key"))
    }
}

/// The sections view of a multi-index setup (`--config`, F5).
@Suite(.serialized) struct SectionsViewEndToEndTests {
    @Test func oneTypedQueryFillsEverySection() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.binary) --config \(Project.resource("demo.config.json")) > out.json; echo \"exit=$?\"")
        try tmux.waitFor("products 338")
        try tmux.press("F5")
        try tmux.type("sony")
        let screen = try tmux.waitFor("every section answered") {
            $0.contains("❯ sony") && $0.contains("results in categories") && $0.contains("[ ] Sony")
                && $0.contains("results in products")
        }
        #expect(screen.contains("Televisions"), "a category with Sony in its brands")
        #expect(screen.contains("Sony PlayStation"), "a Sony product")
        // Down to the Sony brand value and refine the products by it.
        try tmux.moveSelection { $0.contains("[ ] Sony ") }
        try tmux.press("Enter")
        try tmux.waitFor("the brand refined") { $0.contains("[x] Sony") && $0.contains("21 results in products") }
        try tmux.press("F5")
        // The text is shared; the sections keep their own refinements.
        try tmux.waitFor("back to the tabs") { $0.contains("❯ sony") && $0.contains("Refinements F3") && $0.contains("products 25") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
