import InstantSearchCore
import Testing

@testable import TerminalUI

/// The whole screen of the main views, every cell's text and style (`ScreenSnapshot`): what a
/// change to any widget, the layout or the theme does to the screen shows here, cell by cell.
/// A failure prints the rows that differ and the screen drawn, to paste once checked by eye.
@Suite struct SearchAppSnapshotTests {
    /// Two indices as tabs, a query typed: its words highlighted in the hits, the first
    /// selected, the facets and the slider beside them.
    @Test func tabsWithAQuery() async {
        let harness = AppHarness()
        await harness.start()
        await harness.type("tv")
        expect(harness.screen(width: 80, height: 20), Self.tabs)
    }

    /// F5: every index at once, in sections (each index's hits, the products' brands).
    @Test func sectionsView() async {
        let harness = AppHarness(sections: SectionDefinition.defaults(for: [ProductsBackend.description, categoriesDescription]))
        await harness.start()
        await harness.press(.function(5))
        expect(harness.screen(width: 80, height: 20), Self.sections)
    }

    /// F6: the selected record beside the hits.
    @Test func previewPane() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.down, .function(6))
        expect(harness.screen(width: 80, height: 20), Self.preview)
    }

    /// fzf's `change-preview-window(left:40%)` and `(up:60%)`: the pane on the hits' other side,
    /// or above them, its title on the rule over it (the hits' then on the rule between them).
    @Test func previewPaneLeftAndAbove() async throws {
        var keys = KeyTable.standard
        try keys.bind(list: "ctrl-l:change-preview-window(left:40%),ctrl-u:change-preview-window(up:60%)")
        let harness = AppHarness(keys: keys)
        await harness.start()
        await harness.press(.down, .control("l"))
        expect(harness.screen(width: 80, height: 20), Self.previewLeft)
        await harness.press(.control("u"))
        expect(harness.screen(width: 80, height: 20), Self.previewAbove)
    }

    /// F1: the key table in a box over the screen.
    @Test func helpOverlay() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.function(1))
        expect(harness.screen(width: 80, height: 20), Self.help)
    }

    /// fzf's `--height ~N` inline: an index with nothing for the sidebar takes the rows its
    /// hits need, and the screen is drawn in that many.
    @Test func inlineHeight() async {
        let lines = IndexDescription(name: "products", searchableAttributes: ["name"], displayAttributes: ["name"])
        let harness = AppHarness(indices: [lines])
        await harness.start()
        await harness.type("s")
        let rows = try! #require(harness.app.neededRows)
        expect(harness.screen(width: 60, height: rows), Self.inline)
    }

    private func expect(_ canvas: Canvas, _ snapshot: ScreenSnapshot, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if let mismatch = snapshot.mismatch(canvas) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }

    static let tabs = ScreenSnapshot(
        text: [
            "  products 2   categories 2                                       instantsearch",
            " ❯ tv",
            "─ Hits F2 ─────────────────────────────────────────┬─ Refinements F3 ───────────",
            " No refinements                                    │ BRAND any of      by count",
            "▌ Sony Bravia TV                          $899.99  │ [ ] LG                   1",
            "▌ Sony  ·  TV                                      │ [ ] Sony                 1",
            "  LG OLED evo TV                         $1499.00  │ CATEGORY all of   by count",
            "  LG  ·  TV                                        │ [ ] TV                   2",
            "                                                   │",
            "                                                   │",
            "                                                   │",
            "                                                   │",
            "                                                   ├─ Range F4 ─────────────────",
            "                                                   │ PRICE",
            "                                                   │ ●━━━━━━━━━━━━━━━━━━━━━━━━●",
            "                                                   │ $299.00           $1499.00",
            "                                                   │ any",
            "───────────────────────────────────────────────────┴────────────────────────────",
            " 2 results  0.3 ms                                    realtime · 3 req / 2 keys",
            " F1 help  Tab index  F2-F4 panes  F6 preview  Enter pick  Esc back/quit",
        ],
        styles: [
            ".RRRRRRRRRRRR.mmmmmmmmmmmmmm......................................mmmmmmmmmmmmm",
            ".aa",
            "mRRRRRRRRRmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmMMMMMMMMMMMMMMMMmmmmmmmmmmm",
            ".mmmmmmmmmmmmmm....................................m.MMMMMmmmmmmm......mmmmmmmm",
            "asSSSSSSSSSSSSHHssssssssssssssssssssssssssSSSSSSSs.mammmm.....................m",
            "asnnnnnnnnnnnsssssssssssssssssssssssssssssssssssss.mammmm.....................m",
            "..aaaaaaaaaaaahh.........................aaaaaaaa..m.MMMMMMMMmmmmmmm...mmmmmmmm",
            "..mmmmmmmmm........................................mammmm.....................m",
            "...................................................m",
            "...................................................m",
            "...................................................m",
            "...................................................m",
            "...................................................mmMMMMMMMMMMmmmmmmmmmmmmmmmmm",
            "...................................................m.MMMMM",
            "...................................................m.aaaaaaaaaaaaaaaaaaaaaaaaaa",
            "...................................................m.mmmmmmm...........mmmmmmmm",
            "...................................................m.mmm",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            ".aaaaaaaaammmmmmmm....................................mmmmmmmmmmmmmmmmmmmmmmmmm",
            "aaammmmmmaaaammmmmmmaaaaaammmmmmmaaammmmmmmmmaaaaaammmmmmaaaammmmmmmmmmm",
        ])
    static let sections = ScreenSnapshot(
        text: [
            "  all indices  F5 back to tabs",
            " ❯ Search every index…",
            "─ Sections F5 ──────────────────────────────────────────────────────────────────",
            " PRODUCTS  4 results in products",
            "▌ Sony Bravia TV  ·  Sony  ·  TV                                        $899.99",
            "  Sony WH-1000XM5 headphones  ·  Sony  ·  Audio                         $349.00",
            "  LG OLED evo TV  ·  LG  ·  TV                                         $1499.00",
            "  Bose QuietComfort headphones  ·  Bose  ·  Audio                       $299.00",
            " BRAND (PRODUCTS)  brand of matching records in products — Enter refines",
            "  [ ] Sony                                                                    2",
            "  [ ] Bose                                                                    1",
            "  [ ] LG                                                                      1",
            " CATEGORIES  4 results in categories",
            "  Sony Bravia TV",
            "  Sony WH-1000XM5 headphones",
            "  LG OLED evo TV",
            "  Bose QuietComfort headphones",
            "────────────────────────────────────────────────────────────────────────────────",
            " products 4 · brand (products) 3 values · categories 4                 realtime",
            " F1 help  Tab index  F5 tabs  F2-F4 panes  Enter pick  Esc back/quit",
        ],
        styles: [
            ".RRRRRRRRRRRRR.mmmmmmmmmmmmmmm",
            ".aammmmmmmmmmmmmmmmmmm",
            "mRRRRRRRRRRRRRmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            ".MMMMMMMMmmmmmmmmmmmmmmmmmmmmmmm",
            "asSSSSSSSSSSSSSSnnnnnnnnnnnnnnnnssssssssssssssssssssssssssssssssssssssssSSSSSSSs",
            "a.aaaaaaaaaaaaaaaaaaaaaaaaaammmmmmmmmmmmmmmmmmm.........................aaaaaaa",
            "a.aaaaaaaaaaaaaammmmmmmmmmmmmm.........................................aaaaaaaa",
            "a.aaaaaaaaaaaaaaaaaaaaaaaaaaaammmmmmmmmmmmmmmmmmm.......................aaaaaaa",
            ".MMMMMMMMMMMMMMMMmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "a.mmmm........................................................................m",
            "a.mmmm........................................................................m",
            "a.mmmm........................................................................m",
            ".MMMMMMMMMMmmmmmmmmmmmmmmmmmmmmmmmmm",
            "a.aaaaaaaaaaaaaa",
            "a.aaaaaaaaaaaaaaaaaaaaaaaaaa",
            "a.aaaaaaaaaaaaaa",
            "a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            ".aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.................mmmmmmmm",
            "aaammmmmmaaaammmmmmmaaammmmmmaaaaaammmmmmmaaaaaammmmmmaaaammmmmmmmmmm",
        ])
    static let preview = ScreenSnapshot(
        text: [
            "  products 4   categories 4                                       instantsearch",
            " ❯ Search products…",
            "─ Hits F2 ──────────────┬─ Preview F6 ─────────────┬─ Refinements F3 ───────────",
            " No refinements         │ objectID: 2              │ BRAND any of      by count",
            "  Sony Bravia…  $899.99 │ name: Sony WH-1000XM5    │ [ ] Sony                 2",
            "  Sony  ·  TV           │   headphones             │ [ ] Bose                 1",
            "▌ Sony WH-100…  $349.00 │ brand: Sony              │ [ ] LG                   1",
            "▌ Sony  ·  Audio        │ category: Audio          │ CATEGORY all of   by count",
            "  LG OLED ev…  $1499.00 │ price: $349.00           │ [ ] Audio                2",
            "  LG  ·  TV             │                          │ [ ] TV                   2",
            "  Bose QuietC…  $299.00 │                          │",
            "  Bose  ·  Audio        │                          │",
            "                        │                          ├─ Range F4 ─────────────────",
            "                        │                          │ PRICE",
            "                        │                          │ ●━━━━━━━━━━━━━━━━━━━━━━━━●",
            "                        │                          │ $299.00           $1499.00",
            "                        │                          │ any",
            "────────────────────────┴──────────────────────────┴────────────────────────────",
            " 4 results  0.3 ms                                                     realtime",
            " F1 help  Tab index  F2-F4 panes  F6 preview  Enter pick  Esc back/quit",
        ],
        styles: [
            ".RRRRRRRRRRRR.mmmmmmmmmmmmmm......................................mmmmmmmmmmmmm",
            ".aammmmmmmmmmmmmmmm",
            "mRRRRRRRRRmmmmmmmmmmmmmmmmMMMMMMMMMMMMmmmmmmmmmmmmmmmMMMMMMMMMMMMMMMMmmmmmmmmmmm",
            ".mmmmmmmmmmmmmm.........m.aaaaaaaaaa...............m.MMMMMmmmmmmm......mmmmmmmm",
            "..aaaaaaaaaaaa..aaaaaaa.m.aaaaaa...................mammmm.....................m",
            "..mmmmmmmmmmm...........m..........................mammmm.....................m",
            "asSSSSSSSSSSSSssSSSSSSSsm.aaaaaaa..................mammmm.....................m",
            "asnnnnnnnnnnnnnnssssssssm.aaaaaaaaaa...............m.MMMMMMMMmmmmmmm...mmmmmmmm",
            "..aaaaaaaaaaa..aaaaaaaa.m.aaaaaaa..................mammmm.....................m",
            "..mmmmmmmmm.............m..........................mammmm.....................m",
            "..aaaaaaaaaaaa..aaaaaaa.m..........................m",
            "..mmmmmmmmmmmmmm........m..........................m",
            "........................m..........................mmMMMMMMMMMMmmmmmmmmmmmmmmmmm",
            "........................m..........................m.MMMMM",
            "........................m..........................m.aaaaaaaaaaaaaaaaaaaaaaaaaa",
            "........................m..........................m.mmmmmmm...........mmmmmmmm",
            "........................m..........................m.mmm",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            ".aaaaaaaaammmmmmmm.....................................................mmmmmmmm",
            "aaammmmmmaaaammmmmmmaaaaaammmmmmmaaammmmmmmmmaaaaaammmmmmaaaammmmmmmmmmm",
        ])
    static let previewLeft = ScreenSnapshot(
        text: [
            "  products 4   categories 4                                       instantsearch",
            " ❯ Search products…",
            "─ Preview F6 ───────┬─ Hits F2 ────────────────────┬─ Refinements F3 ───────────",
            "objectID: 2         │ No refinements               │ BRAND any of      by count",
            "name: Sony          │  Sony Bravia TV     $899.99  │ [ ] Sony                 2",
            "  WH-1000XM5        │  Sony  ·  TV                 │ [ ] Bose                 1",
            "  headphones        │▌ Sony WH-1000XM5 …  $349.00  │ [ ] LG                   1",
            "brand: Sony         │▌ Sony  ·  Audio              │ CATEGORY all of   by count",
            "category: Audio     │  LG OLED evo TV    $1499.00  │ [ ] Audio                2",
            "price: $349.00      │  LG  ·  TV                   │ [ ] TV                   2",
            "                    │  Bose QuietComfor…  $299.00  │",
            "                    │  Bose  ·  Audio              │",
            "                    │                              ├─ Range F4 ─────────────────",
            "                    │                              │ PRICE",
            "                    │                              │ ●━━━━━━━━━━━━━━━━━━━━━━━━●",
            "                    │                              │ $299.00           $1499.00",
            "                    │                              │ any",
            "────────────────────┴──────────────────────────────┴────────────────────────────",
            " 4 results  0.3 ms                                                     realtime",
            " F1 help  Tab index  F2-F4 panes  F6 preview  Enter pick  Esc back/quit",
        ],
        styles: [
            ".RRRRRRRRRRRR.mmmmmmmmmmmmmm......................................mmmmmmmmmmmmm",
            ".aammmmmmmmmmmmmmmm",
            "mMMMMMMMMMMMMmmmmmmmmmRRRRRRRRRmmmmmmmmmmmmmmmmmmmmmmMMMMMMMMMMMMMMMMmmmmmmmmmmm",
            "aaaaaaaaaa..........m.mmmmmmmmmmmmmm...............m.MMMMMmmmmmmm......mmmmmmmm",
            "aaaaaa..............m..aaaaaaaaaaaaaa.....aaaaaaa..mammmm.....................m",
            "....................m..mmmmmmmmmmm.................mammmm.....................m",
            "....................masSSSSSSSSSSSSSSSSSssSSSSSSSs.mammmm.....................m",
            "aaaaaaa.............masnnnnnnnnnnnnnnsssssssssssss.m.MMMMMMMMmmmmmmm...mmmmmmmm",
            "aaaaaaaaaa..........m..aaaaaaaaaaaaaa....aaaaaaaa..mammmm.....................m",
            "aaaaaaa.............m..mmmmmmmmm...................mammmm.....................m",
            "....................m..aaaaaaaaaaaaaaaaa..aaaaaaa..m",
            "....................m..mmmmmmmmmmmmmm..............m",
            "....................m..............................mmMMMMMMMMMMmmmmmmmmmmmmmmmmm",
            "....................m..............................m.MMMMM",
            "....................m..............................m.aaaaaaaaaaaaaaaaaaaaaaaaaa",
            "....................m..............................m.mmmmmmm...........mmmmmmmm",
            "....................m..............................m.mmm",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            ".aaaaaaaaammmmmmmm.....................................................mmmmmmmm",
            "aaammmmmmaaaammmmmmmaaaaaammmmmmmaaammmmmmmmmaaaaaammmmmmaaaammmmmmmmmmm",
        ])
    static let previewAbove = ScreenSnapshot(
        text: [
            "  products 4   categories 4                                       instantsearch",
            " ❯ Search products…",
            "─ Preview F6 ──────────────────────────────────────┬─ Refinements F3 ───────────",
            "objectID: 2                                        │ BRAND any of      by count",
            "name: Sony WH-1000XM5 headphones                   │ [ ] Sony                 2",
            "brand: Sony                                        │ [ ] Bose                 1",
            "category: Audio                                    │ [ ] LG                   1",
            "price: $349.00                                     │ CATEGORY all of   by count",
            "                                                   │ [ ] Audio                2",
            "─ Hits F2 ─────────────────────────────────────────┤ [ ] TV                   2",
            " No refinements                                    │",
            "  Sony Bravia TV                          $899.99  │",
            "  Sony  ·  TV                                      ├─ Range F4 ─────────────────",
            "▌ Sony WH-1000XM5 headphones              $349.00  │ PRICE",
            "▌ Sony  ·  Audio                                   │ ●━━━━━━━━━━━━━━━━━━━━━━━━●",
            "  LG OLED evo TV                         $1499.00  │ $299.00           $1499.00",
            "  LG  ·  TV                                      ↓ │ any",
            "───────────────────────────────────────────────────┴────────────────────────────",
            " 4 results  0.3 ms                                                     realtime",
            " F1 help  Tab index  F2-F4 panes  F6 preview  Enter pick  Esc back/quit",
        ],
        styles: [
            ".RRRRRRRRRRRR.mmmmmmmmmmmmmm......................................mmmmmmmmmmmmm",
            ".aammmmmmmmmmmmmmmm",
            "mMMMMMMMMMMMMmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmMMMMMMMMMMMMMMMMmmmmmmmmmmm",
            "aaaaaaaaaa.........................................m.MMMMMmmmmmmm......mmmmmmmm",
            "aaaaaa.............................................mammmm.....................m",
            "aaaaaaa............................................mammmm.....................m",
            "aaaaaaaaaa.........................................mammmm.....................m",
            "aaaaaaa............................................m.MMMMMMMMmmmmmmm...mmmmmmmm",
            "...................................................mammmm.....................m",
            "mRRRRRRRRRmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmammmm.....................m",
            ".mmmmmmmmmmmmmm....................................m",
            "..aaaaaaaaaaaaaa..........................aaaaaaa..m",
            "..mmmmmmmmmmm......................................mmMMMMMMMMMMmmmmmmmmmmmmmmmmm",
            "asSSSSSSSSSSSSSSSSSSSSSSSSSSssssssssssssssSSSSSSSs.m.MMMMM",
            "asnnnnnnnnnnnnnnssssssssssssssssssssssssssssssssss.m.aaaaaaaaaaaaaaaaaaaaaaaaaa",
            "..aaaaaaaaaaaaaa.........................aaaaaaaa..m.mmmmmmm...........mmmmmmmm",
            "..mmmmmmmmm......................................m.m.mmm",
            "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            ".aaaaaaaaammmmmmmm.....................................................mmmmmmmm",
            "aaammmmmmaaaammmmmmmaaaaaammmmmmmaaammmmmmmmmaaaaaammmmmmaaaammmmmmmmmmm",
        ])
    static let help = ScreenSnapshot(
        text: [
            "  products 4   categories 4                                       instantsearch",
            " ╭─  Keys — Esc or F1 closes  ────────────────────────────────────────────────╮",
            "─│                                                                            │─",
            " │ Everywhere                                                                 │",
            "▌│   Ctrl-C, Ctrl-G, Ctrl-Q    quit from anywhere (status 130)                │",
            "▌│   Ctrl-/, Alt-/             wrap long hits, or cut them (as toggle-wrap)   │",
            " │   F1, Alt-1                 open this help                                 │",
            " │   Tab                       next index                                     │",
            " │   Shift-Tab                 previous index                                 │",
            " │   F2, Alt-2                 focus the hits list                            │",
            " │   F3, Alt-3                 focus the refinement list                      │",
            " │   F4, Alt-4                 focus the slider pane                          │",
            " │   F5, Alt-5                 sections view: every index at once (--config'… │─",
            " │   Ctrl-X                    clear every refinement of this index           │",
            " │   Ctrl-L                    redraw the screen                              │",
            " │   F6, Alt-p                 show or hide the preview pane (the selected h… │",
            " │   Shift-Up                  scroll the preview up                          │",
            "─│   Shift-Down                scroll the preview down                        │─",
            " ╰─────────────────────────────────────────────────────── ↓ more: Down, PgDn ─╯",
            " F1 help  Tab index  F2-F4 panes  F6 preview  Enter pick  Esc back/quit",
        ],
        styles: [
            ".RRRRRRRRRRRR.mmmmmmmmmmmmmm......................................mmmmmmmmmmmmm",
            ".aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "ma............................................................................am",
            ".a.MMMMMMMMMM.................................................................a",
            "aa.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            "aa.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................am",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            ".a.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................a",
            "ma.aaaaaaaaaaaaaaaaaaaaaaaaaaaa...............................................am",
            ".aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "aaammmmmmaaaammmmmmmaaaaaammmmmmmaaammmmmmmmmaaaaaammmmmmaaaammmmmmmmmmm",
        ])
    static let inline = ScreenSnapshot(
        text: [
            "  products 3                                  instantsearch",
            " ❯ s",
            "─ Hits F2 ──────────────────────────────────────────────────",
            "▌ Sony Bravia TV",
            "  Sony WH-1000XM5 headphones",
            "  Bose QuietComfort headphones",
            "",
            " 3 results  0.3 ms                realtime · 2 req / 1 keys",
        ],
        styles: [
            ".RRRRRRRRRRRR.................................mmmmmmmmmmmmm",
            ".aa",
            "mRRRRRRRRRmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
            "asHSSSSSSSSSSSSSsssssssssssssssssssssssssssssssssssssssssss",
            "..haaaaaaaaaaaaaaaaaaaaaaaaa",
            "..aahaaaaaaaaaaaaaaaaaaaaaaaaa",
            "",
            ".aaaaaaaaammmmmmmm................mmmmmmmmmmmmmmmmmmmmmmmmm",
        ])
}
