import InstantSearchCore
import Testing

@testable import TerminalUI

/// Packages shaped like npm's list: a name shown, downloads as the figure, and a summary searched
/// but not shown, under a long header. The query matched one summary, not another; the third
/// package has none.
private struct PackagesBackend: Searchable {
    static let summary = "summary (words in [tested here: ...] at its start are from tests on this kind of machine, not from the authors)"

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        func package(_ name: String, _ downloads: Int, summary: String?, matched: Range<Int>?) -> Hit {
            var record: [String: JSONValue] = ["objectID": .string(name), "name": .string(name), "downloads": .number(Double(downloads))]
            if let summary { record[Self.summary] = .string(summary) }
            var snippets: [String: AttributeHighlight] = [:]
            if let summary, let matched {
                snippets[Self.summary] = AttributeHighlight(values: [HighlightedText(text: summary, matchedRanges: [matched])], matchLevel: .full)
            }
            return Hit(objectID: name, record: .object(.init(uniqueKeysWithValues: record.map { ($0.key, $0.value) })), snippets: snippets)
        }
        let hits = [
            package("react-is", 845_570_509, summary: "Brand checking of React Elements.", matched: 20..<25),
            package("left-pad", 1_000, summary: "String left pad", matched: nil),
            package("@radix-ui/react-slot", 302_573_646, summary: nil, matched: nil),
        ]
        return queries.map { indexed in
            SearchResults(
                indexName: indexed.indexName, query: indexed.query.text, hits: hits, nbHits: hits.count, page: 0, nbPages: 1,
                hitsPerPage: indexed.query.hitsPerPage, processingTimeMS: 0)
        }
    }
}

@Suite struct HitLayoutTests {
    /// Every hit two rows, whatever it holds: the summary's match, else the summary's start,
    /// else an empty row; the long header labelled by its first word, so the text keeps the row.
    @Test func everyHitOfAnIndexTakesTheSameRowsAndALongHeaderLeavesTheTextItsRow() async {
        let description = IndexDescription(
            name: "npm", searchableAttributes: ["name", PackagesBackend.summary], numericAttributes: ["downloads"],
            displayAttributes: ["name", "downloads"])
        let harness = AppHarness(indices: [description], backend: PackagesBackend())
        await harness.start()
        let screen = harness.screen(width: 80, height: 16)
        let rows = (4..<11).map { String(screen.line($0).prefix { $0 != "│" }).trimmingCharacters(in: .whitespaces) }
        #expect(
            rows == [
                "▌ react-is                  downloads 845,570,509",
                "▌ summary: … checking of React Elements.",
                "left-pad                         downloads 1000",
                "summary: String left pad",
                "@radix-ui/react-slot      downloads 302,573,646",
                "",
                "",
            ], "\(screen.lines.joined(separator: "\n"))")
    }

    @Test func aLabelDropsWhatItsHeaderAddsInParentheses() {
        #expect(HitDisplay.label(PackagesBackend.summary) == "summary")
        #expect(HitDisplay.label("extract") == "extract")
        #expect(HitDisplay.label("a_very_long_attribute_name_indeed") == "a_very_long_attribu…")
        #expect(HitDisplay.label("(odd)") == "(odd)")
    }
}
