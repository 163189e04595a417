import Foundation
import Testing

/// Several indices and the hierarchical menu, in the real binary in tmux: every tab's count
/// follows the typing, F5 works without a setup file, and the tree narrows and widens.
@Suite(.serialized) struct MultiIndexSessionTests {
    /// "products 25" → 25, from the tabs row.
    private func tabCount(_ index: String, _ screen: String) -> Int? {
        let tabs = screen.split(separator: "\n").first.map(String.init) ?? ""
        guard let range = tabs.range(of: "\(index) [\\d,]+", options: .regularExpression) else { return nil }
        return Int(tabs[range].split(separator: " ")[1].replacingOccurrences(of: ",", with: ""))
    }

    @Test func bothTabCountsFollowTheTyping() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.demoCommand); echo \"exit=$?\"")
        let start = try tmux.waitFor("both tabs counted") { tabCount("products", $0) == 338 && tabCount("categories", $0) != nil }
        let allCategories = try #require(tabCount("categories", start))
        try tmux.type("sony")
        let typed = try tmux.waitFor("both tabs counted for sony") {
            $0.contains("❯ sony") && (tabCount("products", $0) ?? 338) < 338 && (tabCount("categories", $0) ?? allCategories) < allCategories
        }
        #expect(tabCount("categories", typed)! > 0, "the categories mentioning Sony are counted without visiting the tab")
        try tmux.press("C-u")
        try tmux.type("zqxwv")
        try tmux.waitFor("both tabs counted for a word in no record") {
            $0.contains("❯ zqxwv") && tabCount("products", $0) == 0 && tabCount("categories", $0) == 0
        }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func f5WithoutASetupFileShowsEachIndexAndItsFirstFacet() throws {
        let tmux = try Tmux()
        try tmux.shell("\(Project.demoCommand); echo \"exit=$?\"")
        try tmux.waitFor("products 338")
        try tmux.press("F5")
        try tmux.waitFor("the sections view") { $0.contains("all indices") && $0.contains("Search every index…") }
        try tmux.type("sony")
        let screen = try tmux.waitFor("the sections for sony") {
            $0.contains("❯ sony") && $0.contains("PRODUCTS  25 results in products") && $0.contains("CATEGORIES  ")
        }
        // The facet section counts the categories of the products matching "sony".
        #expect(screen.contains("CATEGORY (PRODUCTS)"))
        #expect(screen.range(of: #"\[ \] Headphones +\d"#, options: .regularExpression) != nil)
        try tmux.press("F1")
        try tmux.waitFor("the help says F5 works without --config") { $0.contains("F5, Alt-5") && $0.contains("--config's sections, else") }
        // Escape, then Ctrl-C once the help is closed: sent in one write they are Ctrl-Alt-C,
        // as fzf reads them.
        try tmux.press("Escape")
        try tmux.waitFor("the help closed") { !$0.contains("--config's sections, else") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func navigatingTheHierarchyNarrowsAndWidens() throws {
        let tmux = try Tmux()
        let records = """
            [
             {"name": "Sony WH-1000XM5", "categories": "Audio > Headphones > Wireless"},
             {"name": "Bose QuietComfort", "categories": "Audio > Headphones"},
             {"name": "JBL Flip speaker", "categories": "Audio > Speakers"},
             {"name": "LG OLED evo", "categories": "TV > OLED"},
             {"name": "Sony Bravia", "categories": "TV > LED"}
            ]
            """
        try records.write(to: tmux.workDirectory.appendingPathComponent("shop.json"), atomically: true, encoding: .utf8)
        try #"{"hierarchical": {"name": "category", "attribute": "categories", "separator": " > "}}"#
            .write(to: tmux.workDirectory.appendingPathComponent("shop.settings.json"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) shop.json; echo \"exit=$?\"")
        try tmux.waitFor("shop 5")
        try tmux.press("F3")
        try tmux.waitFor("the tree's top level") { $0.contains("CATEGORY tree") && $0.contains("▌▸ Audio") && $0.contains("▸ TV") }
        try tmux.press("Enter")
        var screen = try tmux.waitFor("Audio refined, its children shown") {
            $0.contains("● Audio") && $0.contains("▸ Headphones") && $0.contains("3 results")
        }
        #expect(!screen.contains("LG OLED"))
        try tmux.moveSelection { $0.contains("▌  ▸ Headphones") }
        try tmux.press("Enter")
        screen = try tmux.waitFor("Headphones refined") {
            $0.contains("▾ Audio") && $0.contains("● Headphones") && $0.contains("▸ Wireless") && $0.contains("2 results")
        }
        #expect(!screen.contains("JBL Flip"))
        // Refining the parent again goes back up.
        try tmux.moveSelection(with: "Up") { $0.contains("▌▾ Audio") }  // the tree's row (a hit's beside it may say Audio)
        try tmux.press("Enter")
        try tmux.waitFor("back to Audio") { $0.contains("● Audio") && !$0.contains("▸ Wireless") && $0.contains("3 results") }
        try tmux.press("Enter")
        try tmux.waitFor("back to the top") { $0.contains("▌▸ Audio") && $0.contains("5 results") }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
