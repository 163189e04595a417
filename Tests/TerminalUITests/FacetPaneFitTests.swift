import InstantSearchCore
import Testing

@testable import TerminalUI

/// The facet pane in the few rows and columns the shell keys give it: a facet's heading
/// never stands alone on the last row, and folders too long for the pane show their last names.
@Suite struct FacetPaneFitTests {
    private let description = IndexDescription(name: "files", facetAttributes: ["ext", "dir"], disjunctiveFacets: ["ext", "dir"])

    private func state(ext: [String], dir: [String]) -> IndexState {
        let counts = { (values: [String]) in values.enumerated().map { FacetValueCount(value: $1, count: 90 - $0) } }
        let query = Query(facets: ["ext", "dir"], disjunctiveFacets: ["ext", "dir"])
        return IndexState(
            name: "files", query: query, results: SearchResults(indexName: "files", nbHits: 90, facets: ["ext": counts(ext), "dir": counts(dir)]))
    }

    private func drawn(_ state: IndexState, width: Int, height: Int) -> [String] {
        var list = RefinementList()
        list.resize(height: height)
        list.update(state, description: description)
        var canvas = Canvas(width: width, height: height)
        list.render(canvas.bounds, &canvas, focused: false)
        return canvas.lines
    }

    @Test func aHeadingWithNoRoomForItsValuesIsLeftOut() {
        let lines = drawn(state(ext: ["swift", "md", "(none)"], dir: ["src", "docs"]), width: 28, height: 5)
        #expect(
            lines == [
                " EXT any of        by count",
                " [ ] swift               90",
                " [ ] md                  89",
                " [ ] (none)              88",
                "",
            ])
        let room = drawn(state(ext: ["swift", "md", "(none)"], dir: ["src", "docs"]), width: 28, height: 6)
        #expect(room.suffix(2) == [" DIR any of        by count", " [ ] src                 90"], "with a row for a value, the heading is there")
    }

    @Test func aFolderTooLongForThePaneShowsItsEnd() {
        let folders = ["lib/google-cloud-sdk/lib/third_party/botocore", "lib/google-cloud-sdk/lib/googlecloudsdk/api_lib", "src"]
        let lines = drawn(state(ext: ["py"], dir: folders), width: 30, height: 6)
        #expect(
            lines == [
                " EXT any of          by count",
                " [ ] py                    90",
                " DIR any of          by count",
                " [ ] …third_party/botocore 90",
                " [ ] …oglecloudsdk/api_lib 89",
                " [ ] src                   88",
            ])
    }
}
