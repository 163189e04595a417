import Foundation
import Testing

/// The preview pane, `--preview` and `--preview-window`, and the snippet row, in a real
/// terminal, with the ranking info in the pane.
@Suite(.serialized) struct PreviewSessionTests {
    let products = Project.resource("products.json")

    @Test func previewToggledOnARecordMatchedOnlyInItsDescription() throws {
        let tmux = try Tmux(width: 150, height: 24)
        try tmux.shell("\(Project.binary) \(products); echo \"exit=$?\"")
        try tmux.waitFor("results")
        // "lightweight" is in no name, brand or category: only in the descriptions, not displayed.
        try tmux.type("lightweight")
        let listed = try tmux.waitFor("the snippet rows") { $0.contains("❯ lightweight") && $0.contains("description: A lightweight") }
        #expect(!listed.contains("Preview F6"))
        try tmux.press("F6")
        let shown = try tmux.waitFor("the preview beside the hits") { $0.contains("Preview F6") && $0.contains("│ description: A lightweight") }
        #expect(shown.contains(" 1/"), "more than fits: the pane says where it is")
        try tmux.press("S-Down")
        try tmux.waitFor("the preview scrolled") { $0.contains(" 2/") }
        try tmux.press("M-Down")  // Alt-Down: a page
        let ranking = try tmux.waitFor("the ranking criteria") { $0.contains("attribute description") }
        #expect(ranking.contains("typos 0") && ranking.contains("words 1"))
        try tmux.press("Down")
        try tmux.waitFor("another record, from its top") { $0.contains(" 1/") || !$0.contains(" 2/") }
        try tmux.press("M-p")  // Alt-p toggles it too
        try tmux.waitFor("the preview closed") { !$0.contains("Preview F6") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func previewCommandShowsTheSelectedRecordsField() throws {
        let tmux = try Tmux(width: 120, height: 30)
        let records = """
            {"objectID":"1","name":"it's a tablet","kind":"tablet"}
            {"objectID":"2","name":"the phone","kind":"phone"}
            """
        try records.write(to: tmux.workDirectory.appendingPathComponent("things.ndjson"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) things.ndjson --preview 'echo \"name=\"{name}; echo \"query=\"{q}' > out.json; echo \"exit=$?\"")
        try tmux.waitFor("name=it's a tablet")
        try tmux.press("Down")
        try tmux.waitFor("the command run again for the next hit") { $0.contains("name=the phone") && !$0.contains("name=it's") }
        try tmux.type("pho")
        try tmux.waitFor("query=pho")
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.json")?.contains("\"the phone\"") == true)
    }

    @Test func previewWindowOnEverySideAndAMistakeInItExitsTwoWithOneLine() throws {
        let tmux = try Tmux(width: 100, height: 30)
        try tmux.shell("\(Project.binary) \(products) --preview-window middle:50% 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        let message = try #require(tmux.file("err.txt"))
        #expect(message.contains("\"middle\" is not right, left, up, down, hidden or a size"))
        #expect(message.split(separator: "\n").count <= 2, "the error and at most a usage hint")
        try tmux.shell("clear; \(Project.binary) \(products) --preview-window bottom:40%; echo \"second=$?\"")
        let screen = try tmux.waitFor("the preview below the hits") { $0.contains("Preview F6") && $0.contains("name: ") }
        let rows = screen.split(separator: "\n").map(String.init)
        let rule = try #require(rows.firstIndex { $0.contains("Preview F6") })
        #expect(rule > 5 && rows[rule].hasPrefix("─"), "a rule across the hits, below them")
        try tmux.press("C-c")
        try tmux.waitFor("second=130")
        try tmux.shell("clear; \(Project.binary) \(products) --preview-window left:40%; echo \"third=$?\"")
        let left = try tmux.waitFor("the preview left of the hits") { $0.contains("Preview F6") && $0.contains("name: ") }
        let leftTitles = try #require(left.split(separator: "\n").first { $0.contains("Preview F6") })
        #expect(leftTitles.hasPrefix("─ Preview F6") && leftTitles.contains("┬─ Hits F2"), "\(leftTitles)")
        try tmux.press("C-c")
        try tmux.waitFor("third=130")
        try tmux.shell("clear; \(Project.binary) \(products) --preview-window up:50%; echo \"fourth=$?\"")
        let above = try tmux.waitFor("the preview above the hits") { $0.contains("Preview F6") && $0.contains("name: ") }
        let aboveRows = above.split(separator: "\n").map(String.init)
        let previewRow = try #require(aboveRows.firstIndex { $0.contains("Preview F6") })
        let hitsRow = try #require(aboveRows.firstIndex { $0.contains("Hits F2") })
        let nameRow = try #require(aboveRows.firstIndex { $0.hasPrefix("name: ") })
        #expect(previewRow < nameRow && nameRow < hitsRow, "the preview's title, its text, then the hits' rule")
        try tmux.press("C-c")
        try tmux.waitFor("fourth=130")
    }
}
