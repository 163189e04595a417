import Foundation
import Testing

/// The facet widgets in a real terminal: a brand far down the list picked through the search in the
/// facet's values, and one refinement removed from the chips row above the hits.
@Suite(.serialized) struct FacetSessionTests {
    private func startDemo(_ tmux: Tmux) throws {
        try tmux.shell("\(Project.demoCommand) > out.json; echo \"exit=$?\"")
        try tmux.waitFor("products 338")
    }

    /// The demo's brands by number of products (ties by name), read from the data itself.
    private func brandsByCount() throws -> [(name: String, count: Int)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Project.resource("products.json")))
        let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var counts: [String: Int] = [:]
        for record in records { if let brand = record["brand"] as? String { counts[brand, default: 0] += 1 } }
        return counts.map { (name: $0.key, count: $0.value) }.sorted { ($1.count, $0.name) < ($0.count, $1.name) }
    }

    @Test func theFortiethBrandIsPickedThroughTheSearchInTheBrandList() throws {
        let brands = try brandsByCount()
        try #require(brands.count >= 40)
        let fortieth = brands[39]
        let tmux = try Tmux(width: 110, height: 34)
        try startDemo(tmux)
        try tmux.press("F3")
        let list = try tmux.waitFor("the brand list") { $0.contains("BRAND any of") && $0.contains("+ show more") }
        #expect(!list.contains("] \(fortieth.name)"), "the 40th brand is not among the first values shown")

        try tmux.moveSelection(marker: "▌[") { $0.contains("] \(brands[0].name)") }
        try tmux.press("C-f")
        try tmux.waitFor("/ brand:")
        let typed = String(fortieth.name.lowercased().prefix(4))
        try tmux.type(typed)
        let found = try tmux.waitFor("\(fortieth.name) found") { $0.contains("/ brand: \(typed)") && $0.contains("[ ] \(fortieth.name)") }
        #expect(!found.contains("❯ \(typed)"), "the letters went into the facet search, not the query")
        try tmux.moveSelection(marker: "▌[") { $0.contains(fortieth.name) }
        try tmux.press("Enter")
        let refined = try tmux.waitFor("\(fortieth.name) refined") {
            $0.contains("[x] \(fortieth.name)") && $0.contains("brand: \(fortieth.name) ×")
                && $0.contains("\(fortieth.count) result")
        }
        #expect(!refined.contains("/ brand:"), "Enter closed the search")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func deleteOnAChipRemovesThatRefinementOnly() throws {
        let brands = try brandsByCount()
        let sony = try #require(brands.first { $0.name == "Sony" })
        let tmux = try Tmux(width: 110, height: 34)
        try startDemo(tmux)
        try tmux.press("F3")
        try tmux.waitFor("the refinement list focused") { $0.contains("▌[ ]") }
        try tmux.press("Enter")  // the first category
        let first = try tmux.waitFor("a category refined") { $0.contains("category: ") && $0.contains(" ×") }
        let category = try #require(first.range(of: #"category: [^×]+ ×"#, options: .regularExpression).map { String(first[$0]) })
        try tmux.moveSelection(marker: "▌[") { $0.contains("] Sony") }
        try tmux.press("Enter")
        try tmux.waitFor("two chips") { $0.contains(category) && $0.contains("brand: Sony ×") }

        try tmux.press("F8")
        try tmux.press("DC")  // Delete: the chip under the cursor, the first one
        let after = try tmux.waitFor("the category chip gone") {
            !$0.contains(category) && $0.contains("brand: Sony ×") && $0.contains("\(sony.count) results")
        }
        #expect(after.contains("[x] Sony"))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func ctrlOShowsMoreBrandsAndLessAgainAltOOrdersThemByName() throws {
        let brands = try brandsByCount()
        let eleventh = brands[10].name
        try #require(brands.count > 15)
        let tmux = try Tmux(width: 110, height: 60)
        try startDemo(tmux)
        try tmux.press("F3")
        try tmux.waitFor("the refinement list focused") { $0.contains("▌[ ]") }
        try tmux.moveSelection(marker: "▌[") { $0.contains("] \(brands[0].name)") }
        #expect(try !tmux.screen().contains("] \(eleventh) "))
        try tmux.press("C-o")
        try tmux.waitFor("more brands") { $0.contains("] \(eleventh)") && $0.contains("] \(brands[15].name)") }
        try tmux.press("C-o")
        try tmux.waitFor("fewer brands again") { !$0.contains("] \(eleventh)") && $0.contains("+ show more") }
        // Alt-o: the brands by name, the first alphabetically on top (the query asks for more values).
        let byName = brands.map(\.name).sorted { $0.lowercased() < $1.lowercased() }
        try tmux.press("M-o")
        try tmux.waitFor("brands by name") { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            guard let heading = rows.firstIndex(where: { $0.contains("BRAND any of") && $0.contains("by name") }) else { return false }
            return rows.count > heading + 1 && rows[heading + 1].contains("] \(byName[0])")
        }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }
}
