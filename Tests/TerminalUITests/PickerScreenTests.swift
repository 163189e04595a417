import InstantSearchCore
import Testing

@testable import TerminalUI

/// Plain lines in memory, matched as a case-insensitive substring, the match highlighted: enough
/// of a lines index for fzf's screen to draw (the matching itself is the engine's, tested there).
struct PlainLinesBackend: Searchable {
    static let description = IndexDescription(name: "stdin", searchableAttributes: ["line"], displayAttributes: ["line"])
    let lines: [String]

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        queries.map { indexed in
            let query = indexed.query.text.lowercased()
            let hits: [Hit] = lines.enumerated().compactMap { number, line in
                let ranges: [Range<Int>]
                if query.isEmpty {
                    ranges = []
                } else if let found = line.lowercased().range(of: query) {
                    let start = line.lowercased().distance(from: line.lowercased().startIndex, to: found.lowerBound)
                    ranges = [start..<start + query.count]
                } else {
                    return nil
                }
                let highlight = AttributeHighlight(values: [HighlightedText(text: line, matchedRanges: ranges)], matchLevel: query.isEmpty ? .none : .full)
                return Hit(objectID: String(number + 1), record: ["line": .string(line)], highlights: ["line": highlight])
            }
            return SearchResults(indexName: indexed.indexName, query: indexed.query.text, hits: hits, nbHits: hits.count, nbPages: 1)
        }
    }

    func searchForFacetValues(indexName: String, attribute: String, text: String, query: Query) async throws -> FacetSearchResults {
        FacetSearchResults(facetHits: [])
    }
}

/// fzf's screen for plain lines, whole canvases against what fzf 0.74.5 draws for the same
/// options (its rows read off tmux captures of `seq`), trailing spaces trimmed.
@Suite struct PickerScreenTests {
    private static func harness(_ lines: [String], _ change: (inout SearchApp.Options) -> Void = { _ in }) -> AppHarness {
        var options = SearchApp.Options()
        options.placeholders = Placeholders(lines: true)
        options.fzfScreen = true
        options.pickerLayout = .default
        change(&options)
        var description = PlainLinesBackend.description
        description.recordCount = lines.count
        return AppHarness(options: options, indices: [description], backend: PlainLinesBackend(lines: lines))
    }

    private static let seq = (1...100).map(String.init)

    @Test func theDefaultLayoutIsFzfs() async {
        let harness = Self.harness(Self.seq)
        await harness.start()
        let screen = harness.screen(width: 40, height: 8)
        #expect(
            screen.lines == [
                "▌ 6", "▌ 5", "▌ 4", "▌ 3", "▌ 2", "▌ 1                                    │",
                "  100/100 ─────────────────────────────", ">",
            ])
        #expect(screen.style(x: 0, y: 5) == Theme.pointer.patched(with: Theme.selectedRow), "the pointer on the current line")
        #expect(screen.style(x: 2, y: 5) == Theme.selectedRow)
        #expect(screen.style(x: 2, y: 4) == Theme.text)
    }

    @Test func reverseWithAHeaderHeaderLinesAndMulti() async {
        let harness = Self.harness(Self.seq) {
            $0.pickerLayout = .reverse
            $0.multi = true
            $0.header = "hi"
            $0.headerLines = ["stdin": [ANSIText(text: "1"), ANSIText(text: "2")]]
        }
        await harness.start()
        await harness.press(.tab)
        let screen = harness.screen(width: 40, height: 8)
        #expect(
            screen.lines == [
                ">", "  100/100 (1) ─────────────────────────", "  hi", "  1", "  2", "▌┃1                                    │", "▌ 2", "▌ 3",
            ], "\(screen.lines)")
    }

    @Test func inlineInfoGoesAfterTheQueryAndTheMatchIsHighlighted() async {
        let harness = Self.harness(Self.seq) {
            $0.info = .inline
            $0.prompt = "Q> "
        }
        await harness.start()
        await harness.type("9")
        let screen = harness.screen(width: 40, height: 6)
        // fzf ranks 9 first, then 90…; the stand-in backend keeps the input's order.
        #expect(
            screen.lines == ["▌ 49", "▌ 39", "▌ 29", "▌ 19", "▌ 9                                    │", "Q> 9  < 19/100 ────────────────────────"],
            "\(screen.lines)")
        #expect(screen.style(x: 2, y: 4) == Theme.selectedRow.patched(with: Theme.selectedHighlight), "the 9, current")
        #expect(screen.style(x: 3, y: 3) == Theme.highlight, "the 9 of 19")
    }

    @Test func hiddenInfoKeepsTheSeparatorAndNoSeparatorDropsIt() async {
        let hidden = Self.harness(Self.seq) { $0.info = .hidden }
        await hidden.start()
        #expect(hidden.screen(width: 20, height: 4).lines == ["▌ 2", "▌ 1                │", "───────────────────", ">"])
        let bare = Self.harness(Self.seq) {
            $0.info = .hidden
            $0.separator = ""
        }
        await bare.start()
        #expect(bare.screen(width: 20, height: 4).lines == ["▌ 3", "▌ 2", "▌ 1                │", ">"])
    }

    @Test func aBorderKeepsABlankColumnInsideItsLeftSideOnly() async {
        let harness = Self.harness(Self.seq) {
            $0.frame.border = .rounded
            $0.scrollbar = ""
            $0.pointer = ">"
        }
        await harness.start()
        #expect(
            harness.screen(width: 20, height: 6).lines == [
                "╭──────────────────╮", "│ ▌ 2              │", "│ > 1              │", "│   100/100 ────── │", "│ >                │",
                "╰──────────────────╯",
            ], "\(harness.screen(width: 20, height: 6).lines)")
    }
}
