import InstantSearchCore
import Testing

@testable import TerminalUI

/// The preview pane and the hits list's snippet row, each on a fixed canvas compared whole.
@Suite struct PreviewPaneTests {
    /// A record whose query word ("quiet") is only in its description, which is not displayed.
    static let headphones = Hit(
        objectID: "7",
        record: [
            "objectID": "7", "name": "Bose 700", "maker": ["name": "Bose", "country": "US"],
            "description": "Noise cancelling headphones, quiet even on a plane.", "price": 379,
        ],
        highlights: [
            "name": AttributeHighlight(values: [HighlightedText(text: "Bose 700")], matchLevel: .none),
            "description": AttributeHighlight(
                values: [HighlightedText(text: "Noise cancelling headphones, quiet even on a plane.", matchedRanges: [29..<34])],
                matchLevel: .full, matchedWords: ["quiet"]),
        ],
        rankingInfo: RankingInfo(
            ranking: ["typo", "words", "proximity", "attribute", "exact", "custom"], nbTypos: 0, words: 1,
            proximityDistance: 0, matchedAttribute: "description", firstMatchedWord: 2004, exact: 1, nbExactWords: 0,
            customRanking: ["price": 379]))

    static let description = {
        var description = IndexDescription(
            name: "products", searchableAttributes: ["name", "description"], numericAttributes: ["price"],
            displayAttributes: ["name", "price"])
        description.numberFormats = ["price": .currency(code: "USD")]
        return description
    }()

    private func drawn(_ pane: PreviewPane, _ width: Int, _ height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        pane.render(canvas.bounds, &canvas)
        return canvas
    }

    @Test func thePreviewShowsEveryFieldHighlightedWrappedNestedAndTheRanking() {
        var pane = PreviewPane(window: PreviewWindow(startsHidden: false))
        pane.resize(width: 30, height: 20)
        pane.show(Self.headphones)
        let canvas = drawn(pane, 30, 20)
        #expect(
            canvas.lines == [
                "objectID: 7",
                "name: Bose 700",
                "maker:",
                "  name: Bose",
                "  country: US",
                "description: Noise cancelling",
                "  headphones, quiet even on a",
                "  plane.",
                "price: 379",
                "",
                "Ranking",
                "typos 0",
                "words 1",
                "proximity 0",
                "attribute description (first",
                "  matched word 2004)",
                "exact 1 (0 exact words)",
                "custom price 379",
                "",
                "",
            ])
        let quiet = canvas.column(of: "quiet", inRow: 6)!
        #expect(canvas.style(x: quiet, y: 6) == Theme.highlight, "the matched word, as the engine marked it")
        #expect(canvas.style(x: quiet - 2, y: 6) == Theme.text)

        // With the index's formats, a formatted attribute reads as in the hits; others stay as data.
        pane.show(Self.headphones, numbers: NumberText.standard.forIndex(Self.description))
        let formatted = drawn(pane, 30, 20)
        #expect(formatted.lines[8] == "price: $379.00")
        #expect(formatted.lines[17] == "custom price 379")
    }

    @Test func thePreviewScrollsWithItsOwnKeysAndStartsAtTheTopForAnotherRecord() {
        var pane = PreviewPane(window: PreviewWindow(startsHidden: false))
        pane.resize(width: 30, height: 4)
        pane.show(Self.headphones)
        let scrolled = pane.perform(.previewDown) && pane.perform(.previewPageDown)
        #expect(scrolled)
        #expect(drawn(pane, 30, 4).lines == ["  country: US", "description: Noise cancelling", "  headphones, quiet even on a", "  plane."])
        #expect(pane.position == " 5/18 ", "for the rule beside the pane, not over its first line")
        _ = pane.perform(.previewPageUp)
        _ = pane.perform(.previewUp)
        #expect(pane.scroll == 0, "stops at the top")
        for _ in 0..<40 { _ = pane.perform(.previewPageDown) }
        #expect(pane.scroll == 18 - 4, "stops with the last line at the bottom")
        var other = Self.headphones
        other.objectID = "8"
        other.record = ["objectID": "8", "name": "Sony"]
        (other.highlights, other.rankingInfo) = ([:], nil)
        pane.show(other)
        #expect(pane.scroll == 0)
        #expect(drawn(pane, 30, 4).lines == ["objectID: 8", "name: Sony", "", ""])
        pane.toggle()
        let scrolledHidden = pane.perform(.previewDown)
        #expect(!scrolledHidden, "hidden: its keys do nothing")
    }

    @Test func commandOutputKeepsColoursAndDropsEveryOtherControlSequence() {
        let bytes = Array("\u{1B}[1;31mred\u{1B}[0m plain\u{1B}[2J\u{1B}]0;title\u{07}\tx\r\n\u{1B}[38;5;200mcolour256\u{1B}[H\u{1B}[32mgreen".utf8)
        let output = PreviewOutput(run: 1, bytes: bytes, isFinished: true, status: 0, isTruncated: false)
        #expect(output.texts == ["red plain       x", "colour256green"])
        var pane = PreviewPane(window: PreviewWindow(startsHidden: false), runsCommand: true)
        pane.resize(width: 20, height: 2)
        pane.show(Self.headphones)
        pane.show(output)
        let canvas = drawn(pane, 20, 2)
        #expect(canvas.lines == ["red plain       x", "colour256green"])
        #expect(canvas.style(x: 0, y: 0) == Style.fg(.ansiRed).bold())
        #expect(canvas.style(x: 4, y: 0) == .plain)
        #expect(canvas.style(x: 9, y: 1) == Style.fg(.ansiGreen))
    }

    @Test func placeholdersAreFilledInShellQuoted() {
        var hit = Self.headphones
        hit.record = ["objectID": "7", "name": "it's $(rm -rf ~)", "cast": [["name": "A"], ["name": "B"]]]
        let command = PreviewCommand("echo {name} {q} {cast.name} {missing} {objectID}; x() { :; }; echo {}")
        #expect(
            command.expanded(for: hit, query: "a b") == """
                echo 'it'\\''s $(rm -rf ~)' 'a b' 'A, B' '' '7'; x() { :; }; echo '{"objectID":"7","name":"it'\\''s $(rm -rf ~)","cast":[{"name":"A"},{"name":"B"}]}'
                """)
    }

    @Test(arguments: [
        ("right:50%", PreviewWindow(position: .right, size: 50, startsHidden: false)),
        ("bottom:40%", PreviewWindow(position: .bottom, size: 40, startsHidden: false)),
        ("down,30", PreviewWindow(position: .bottom, size: 30, sizeIsPercent: false, startsHidden: false)),
        ("left:30%", PreviewWindow(position: .left, size: 30, startsHidden: false)),
        ("up,10", PreviewWindow(position: .top, size: 10, sizeIsPercent: false, startsHidden: false)),
        ("top", PreviewWindow(position: .top, size: 50, startsHidden: false)),
        ("hidden", PreviewWindow(position: .right, size: 50, startsHidden: true)),
        ("right:60%:hidden", PreviewWindow(position: .right, size: 60, startsHidden: true)),
        ("hidden,nohidden", PreviewWindow(position: .right, size: 50, startsHidden: false)),
        (
            "up,border-sharp",
            {
                var window = PreviewWindow(position: .top, startsHidden: false); window.border = .shape(.sharp); return window
            }()
        ),
        (
            "border-double",
            {
                var window = PreviewWindow(startsHidden: false); window.border = .shape(.double); return window
            }()
        ),
        ("left,border-bold,border-rounded", PreviewWindow(position: .left, startsHidden: false)),
        (
            "right,wrap,noinfo",
            {
                var window = PreviewWindow(startsHidden: false); (window.wraps, window.showsInfo) = (true, false); return window
            }()
        ),
        (
            "left:0,border-none,follow,cycle,~3,+{2}-5/2,wrap-word",
            {
                var window = PreviewWindow(position: .left, size: 0, sizeIsPercent: false, startsHidden: false)
                (window.border, window.follows, window.cycles, window.headerLines) = (.shape(.none), true, true, 3)
                (window.scroll, window.wraps, window.wrapsWords) = ("+{2}-5/2", true, true)
                return window
            }()
        ),
        (
            "border-line:~5,2,<80(up,~0,wrap)",
            {
                var window = PreviewWindow(size: 2, sizeIsPercent: false, startsHidden: false)
                (window.border, window.headerLines, window.threshold) = (.line, 5, 80)
                var other = window
                (other.threshold, other.position, other.headerLines, other.wraps) = (0, .top, 0, true)
                window.alternative = other
                return window
            }()
        ),
        (
            "nowrap,info",
            {
                var window = PreviewWindow(startsHidden: false); window.wraps = false; return window
            }()
        ),
    ])
    func previewWindowReadsFzfsSyntax(spec: String, expected: PreviewWindow) throws {
        #expect(try PreviewWindow(parsing: spec) == expected)
    }

    /// fzf runs a preview with nothing selected when no placeholder names the current line.
    @Test(arguments: [
        ("echo {q}/{q}", true), ("echo 1. /{q:1}/", true), ("date", true), ("echo {fzf:query}", true), ("echo {*}", true),
        ("echo {}", false), ("echo {q} {}", true), ("cat {+f}", false), ("echo {1..2} {n}", false), ("echo \\{} {x}", true),
    ])
    func aPreviewRunsWithoutAHitWhenItDoesNotNameTheLine(template: String, runs: Bool) {
        #expect(PreviewCommand.runsWithoutAHit(template) == runs, "\(template)")
    }

    @Test(arguments: [("+123", 20, 122), ("+'321'-2", 20, 318), ("+:123:-2", 20, 120), ("+55/2", 20, 44), ("+55-/4", 20, 49)])
    func aScrollOffsetNamesTheFirstLineShown(expanded: String, height: Int, line: Int) {
        #expect(PreviewScrollOffset.line(expanded, height: height) == line, "\(expanded)")
    }

    @Test func aScrollOffsetHasFzfsForm() {
        #expect(["+123", "+{2}", "+{-1}-5", "+{n}+3/2", "-/2", "+{2}/3"].allSatisfy(PreviewScrollOffset.isValid))
        #expect(!["+", "+{x}", "+{2}/0", "12a", "+{2"].contains(where: PreviewScrollOffset.isValid))
    }

    @Test func aBadPreviewWindowSaysWhichWord() {
        #expect(throws: PreviewWindowError.malformed("middle:50%", word: "middle")) { try PreviewWindow(parsing: "middle:50%") }
        #expect(throws: PreviewWindowError.outOfRange("right:150%", word: "150%")) { try PreviewWindow(parsing: "right:150%") }
        #expect(PreviewWindowError.malformed("x", word: "x").description.contains("is not right, left, up, down, hidden or a size"))
    }

    @Test func thePreviewTakesItsShareOfTheHitsArea() throws {
        let screen = Rect(x: 0, y: 0, width: 100, height: 30)
        let plain = try #require(ScreenLayout(screen: screen))
        let right = try #require(ScreenLayout(screen: screen, preview: PreviewWindow(position: .right, size: 50)))
        #expect(right.hits.x == plain.hits.x && right.hits.width + 1 + right.preview!.width + 1 == plain.hits.width)
        #expect(right.previewRule!.x == right.hits.maxX)
        let bottom = try #require(ScreenLayout(screen: screen, preview: PreviewWindow(position: .bottom, size: 40)))
        #expect(bottom.hits.height + 1 + bottom.preview!.height == plain.hits.height)
        #expect(bottom.preview!.height + 1 == plain.hits.height * 40 / 100)
        #expect(plain.preview == nil)
        let left = try #require(ScreenLayout(screen: screen, preview: PreviewWindow(position: .left, size: 50)))
        #expect(left.preview!.x == plain.hits.x && left.previewRule!.x == left.preview!.maxX + 1 && left.hits.x == left.previewRule!.maxX)
        #expect(left.hits.maxX == plain.hits.maxX && left.hits.width == right.hits.width && left.hitsTitleRow == plain.topRule.y)
        let top = try #require(ScreenLayout(screen: screen, preview: PreviewWindow(position: .top, size: 40)))
        #expect(top.preview!.y == plain.chips.y && top.previewRule!.y == top.preview!.maxY, "over the chips' row too")
        #expect(top.chips.y == top.previewRule!.maxY && top.hits.y == top.chips.maxY, "the chips stay over the hits")
        #expect(top.hits.height == bottom.hits.height && top.hitsTitleRow == top.previewRule!.y && bottom.hitsTitleRow == plain.topRule.y)
    }

    // MARK: The hits list's snippet row

    @Test func aMatchInATextNotDisplayedShowsAsASnippetRowAndAHitWithNothingMoreTakesOneRow() {
        var plain = Self.headphones
        plain.objectID = "8"
        plain.record = ["objectID": "8", "name": "Sony WH-1000XM5", "price": 349]
        plain.highlights = [:]
        let results = SearchResults(indexName: "products", query: "quiet", hits: [Self.headphones, plain], nbHits: 2, nbPages: 1)
        let state = IndexState(name: "products", results: results)
        var list = HitsList()
        list.resize(height: 5, width: 44)
        _ = list.update(state, description: Self.description)
        var canvas = Canvas(width: 44, height: 5)
        list.render(canvas.bounds, &canvas, state: state, description: Self.description, focused: true)
        #expect(
            canvas.lines == [
                "▌ Bose 700                          $379.00",
                "▌ description: … headphones, quiet even on…",
                "  Sony WH-1000XM5                   $349.00",
                "",
                "",
            ])
        #expect(canvas.style(x: 2, y: 1)?.foreground == Theme.secondary.foreground, "the attribute's name, muted")
    }

    /// A value the engine did not cut (too short for a snippet) still shows its match: it starts
    /// a few words before it, "… " where text was left out.
    @Test func aShortValueIsShownFromShortlyBeforeItsMatch() {
        let long = HighlightedText(text: "A versatile, energy-efficient noise-cancelling headphone from Bose.", matchedRanges: [57..<61])
        let cut = HitDisplay.leadingUpTo(long)
        #expect(cut.text == "… headphone from Bose.")
        #expect(cut.segments(plain: .plain, highlighted: Theme.highlight).first { $0.1 == Theme.highlight }?.0 == "from")
        let near = HighlightedText(text: "A quiet, compact TV", matchedRanges: [2..<7])
        #expect(HitDisplay.leadingUpTo(near) == near, "a match near the start: the value as it is")
    }

    @Test func theSnippetIsCutAroundTheMatchAndHighlighted() {
        var hit = Self.headphones
        hit.snippets = [
            "description": AttributeHighlight(
                values: [HighlightedText(text: "… headphones, quiet even …", matchedRanges: [14..<19])], matchLevel: .full)
        ]
        let results = SearchResults(indexName: "products", query: "quiet", hits: [hit], nbHits: 1, nbPages: 1)
        let state = IndexState(name: "products", results: results)
        var list = HitsList()
        list.resize(height: 2, width: 44)
        _ = list.update(state, description: Self.description)
        var canvas = Canvas(width: 44, height: 2)
        list.render(canvas.bounds, &canvas, state: state, description: Self.description, focused: false)
        #expect(canvas.lines == ["│ Bose 700                          $379.00", "│ description: … headphones, quiet even …"])
        let quiet = canvas.column(of: "quiet", inRow: 1)!
        #expect(canvas.style(x: quiet, y: 1)?.attributes.contains(.underline) == true)
        #expect(canvas.style(x: quiet - 1, y: 1)?.attributes.contains(.underline) == false)
    }
}

/// The pane inside the app: F6 opens it on the selected hit, asks the backend for ranking
/// criteria while it is open, and the selection stays where it was when they come.
@Suite struct PreviewInTheAppTests {
    @Test func f6OpensThePreviewOnTheSelectedHitAndAsksForRankingInfo() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.down)
        #expect(!harness.hub.searcher.query.getRankingInfo)
        await harness.press(.function(6))
        #expect(harness.app.preview.isShown)
        #expect(harness.hub.searcher.query.getRankingInfo, "asked while the preview is open")
        #expect(harness.app.hitsList.selection == 1, "the same hits came back: the selection stayed")
        let screen = harness.screen(width: 100, height: 24)
        #expect(screen.row(containing: "Preview F6") == 2)
        #expect(screen.row(containing: "name: Sony WH-1000XM5 headphones") != nil)
        await harness.press(.function(6))
        #expect(!harness.app.preview.isShown && !harness.hub.searcher.query.getRankingInfo)
        #expect(harness.screen(width: 100, height: 24).row(containing: "Preview F6") == nil)
    }

    /// fzf's --preview-label: as given in place of the pane's title, centred by default, and
    /// where --preview-label-pos says, as fzf places labels (from the N-th column, ending N from the right at -N).
    @Test func thePreviewLabelTakesTheTitlesPlaceWhereItsPositionSays() async {
        for (position, expected) in [(0, 46), (3, 35), (-1, 59)] {
            var options = SearchApp.Options()
            (options.previewLabel, options.previewLabelPosition) = ("[ file ]", position)
            let harness = AppHarness(options: options)
            await harness.start()
            await harness.press(.function(6))
            let screen = harness.screen(width: 100, height: 24)
            #expect(screen.row(containing: "Preview F6") == nil)
            #expect(
                screen.line(2).firstRange(of: "[ file ]").map { screen.line(2).distance(from: screen.line(2).startIndex, to: $0.lowerBound) } == expected,
                "\(position): \(screen.line(2))")
            let x = try! #require(screen.column(of: "[ file ]", inRow: 2))
            #expect(screen.style(x: x, y: 2) == Theme.paneTitle)
        }
    }
}
