import InstantSearchCore
import Testing

@testable import TerminalUI

/// fzf's `jump` and `jump-accept`: labels in the hits list's gutter, a label typed
/// selects its hit, any other key leaves; `--jump-labels` checked.
@Suite struct JumpTests {
    private static func hit(_ id: String) -> Hit {
        Hit(objectID: id, record: ["objectID": .string(id), "title": .string("Title \(id)")])
    }

    private static let description = IndexDescription(name: "movies", searchableAttributes: ["title"], displayAttributes: ["title"])

    private static func state(_ ids: [String]) -> IndexState {
        IndexState(
            name: "movies",
            results: SearchResults(
                indexName: "movies", query: "", hits: ids.map(hit), nbHits: ids.count, page: 0, nbPages: 1, hitsPerPage: 20))
    }

    @Test func eachHitOnScreenGetsItsLabelInTheGutterInItsOwnStyle() throws {
        var list = HitsList()
        list.resize(height: 3)
        let shown = Self.state(["a", "b", "c", "d", "e"])
        _ = list.update(shown, description: Self.description)
        _ = list.perform(.down, shown)
        var canvas = Canvas(width: 20, height: 3)
        list.render(canvas.bounds, &canvas, state: shown, description: Self.description, focused: true, jumpLabels: try JumpLabels(parsing: "xyz"))
        #expect(
            canvas.lines == [
                "x Title a",
                "y Title b",
                "z Title c          ↓",
            ], "the label where the selection bar goes")
        #expect(canvas.style(x: 0, y: 0) == Theme.jumpLabel)
        #expect(canvas.style(x: 0, y: 1) == Theme.jumpLabel, "the selected hit's label, over its bar")
        #expect(canvas.style(x: 2, y: 1)?.background == .selection, "the selection still shows")

        var without = Canvas(width: 20, height: 3)
        list.render(without.bounds, &without, state: shown, description: Self.description, focused: true)
        #expect(without.lines[1] == "▌ Title b", "out of jump mode: the bar again")
    }

    @Test func labelsStartAtTheFirstHitOnScreenAndStopWhereTheLabelsEnd() throws {
        var list = HitsList()
        list.resize(height: 3)
        let shown = Self.state(["a", "b", "c", "d", "e"])
        _ = list.update(shown, description: Self.description)
        for _ in 0..<4 { _ = list.perform(.down, shown) }
        var canvas = Canvas(width: 20, height: 3)
        list.render(canvas.bounds, &canvas, state: shown, description: Self.description, focused: true, jumpLabels: try JumpLabels(parsing: "qw"))
        #expect(canvas.lines == ["q Title c", "w Title d", "▌ Title e"])
        #expect(list.jump(to: 1, shown).handled)
        #expect(list.selection == 3, "w: the second hit on screen")
        #expect(!list.jump(to: 3, shown).handled, "no fourth hit on screen")
        #expect(list.selection == 3)
    }

    private func harness(_ bindings: String, labels: String? = nil) throws -> AppHarness {
        var keys = KeyTable.standard
        try keys.bind(list: bindings)
        var options = SearchApp.Options()
        if let labels { options.jumpLabels = try JumpLabels(parsing: labels) }
        return AppHarness(keys: keys, options: options)
    }

    @Test func aLabelSelectsItsHitAndAnyOtherKeyOnlyLeaves() async throws {
        let harness = try harness("alt-j:jump", labels: "abc")
        await harness.start()
        await harness.press(.alt("j"))
        #expect(harness.app.jumping == .jump)
        let labelled = harness.screen()
        let row = try #require(labelled.row(containing: "Sony WH-1000XM5"))
        #expect(labelled.line(row).hasPrefix("b "), "the second hit is labelled b")
        await harness.type("b")
        #expect(harness.app.jumping == nil)
        #expect(harness.app.hitsList.selection == 1)
        #expect(harness.app.searchBox.text.isEmpty, "the label is not typed into the query")
        #expect(harness.app.outcome == nil)

        await harness.press(.alt("j"))
        await harness.type("z")
        #expect(
            harness.app.jumping == nil && harness.app.hitsList.selection == 1 && harness.app.searchBox.text.isEmpty,
            "a key that is no label leaves jump mode and does nothing else")
        await harness.press(.alt("j"), .down)
        #expect(harness.app.jumping == nil && harness.app.hitsList.selection == 1, "Down too is used up")
        await harness.type("s")
        #expect(harness.app.searchBox.text == "s", "out of jump mode, letters type again")
    }

    @Test func theMouseLeavesJumpMode() async throws {
        let harness = try harness("alt-j:jump")
        await harness.start()
        await harness.press(.alt("j"))
        harness.app.handle(MouseEvent(.release, x: 5, y: 5))
        #expect(harness.app.jumping == .jump, "a release alone is not a new event")
        harness.app.handle(MouseEvent(.wheelDown, x: 5, y: 5))
        #expect(harness.app.jumping == nil)
        #expect(harness.screen().lines.allSatisfy { !$0.hasPrefix("a Sony") }, "the labels are gone")
    }

    @Test func jumpAcceptPicksTheLabelledHit() async throws {
        let harness = try harness("alt-j:jump-accept")
        await harness.start()
        let third = try #require(harness.hub.state.active.results?.hits.dropFirst(2).first)
        await harness.press(.alt("j"))
        await harness.type("d")  // fzf's labels: a, s, d…
        #expect(harness.app.outcome == .selected(third))
    }

    @Test func startJumpWaitsForALabelFromTheFirstFrame() async throws {
        let harness = try harness("start:jump")
        await harness.start()
        harness.app.start()
        #expect(harness.app.jumping == .jump)
        await harness.type("s")
        #expect(harness.app.hitsList.selection == 1)
    }

    @Test(arguments: [
        ("", "--jump-labels needs at least one character"),
        ("abca", "--jump-labels has \"a\" twice (again at character 4)"),
        ("ab c", "--jump-labels: character 3 (U+20) is not a printable one-column character"),
        ("a界", "--jump-labels: character 2 (U+754C) is not a printable one-column character"),
    ])
    func badLabelsAreRefused(text: String, message: String) {
        #expect(throws: (any Error).self) { try JumpLabels(parsing: text) }
        do {
            _ = try JumpLabels(parsing: text)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }

    @Test func fzfsLabelsByDefault() {
        #expect(JumpLabels.standard.characters.prefix(5) == ["a", "s", "d", "f", "g"])
        #expect(Set(JumpLabels.standard.characters).count == JumpLabels.standard.characters.count)
    }
}
