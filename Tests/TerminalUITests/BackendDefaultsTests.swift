import InstantSearchCore
import Testing

@testable import TerminalUI

/// `ProductsBackend`, declared as an engine in the process.
private struct InProcessProducts: Searchable {
    let products = ProductsBackend()
    var requestPolicy: RequestPolicy { .inProcess }
    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] { try await products.search(queries) }
}

/// The strategy and frame hold follow what the backend declares, unless the user chooses.
@Suite struct BackendDefaultsTests {
    private func session(_ backend: any Searchable, strategy: TerminalSearch.Strategy? = nil) -> TerminalSearch {
        TerminalSearch(indices: [ProductsBackend.description], backend: backend, strategy: strategy)
    }

    @Test func theEmbeddedKindSearchesOnEveryKey() {
        #expect(session(InProcessProducts()).effectiveStrategy == .realtime)
    }

    @Test func aRemoteKindIsDebouncedAsToday() {
        #expect(session(ProductsBackend()).effectiveStrategy == .debounce(.milliseconds(100)))
    }

    @Test func theUsersChoiceWins() {
        #expect(session(InProcessProducts(), strategy: .adaptive).effectiveStrategy == .adaptive)
        #expect(session(ProductsBackend(), strategy: .realtime).effectiveStrategy == .realtime)
    }

    /// The app asks the loop to hold a key's frame only while a quick backend's search runs.
    @Test func theFrameIsHeldOnlyWhileAQuickSearchRuns() async {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        var wakes = stream.makeAsyncIterator()
        let router = ResponseRouter(wake: { continuation.yield() })
        let hub = InstantSearch(
            indices: [ProductsBackend.description], backend: InProcessProducts(), scheduler: ManualClock(), router: router)
        let app = SearchApp(hub: hub)
        app.answerHold = SearchApp.answerHold
        #expect(app.frameHold == nil, "nothing asked yet")
        #expect(app.handle(TerminalEvent.key(.character("s"))) == .continue)
        #expect(app.frameHold == SearchApp.answerHold, "the search the key started runs")
        while hub.searcher.isSearching {
            _ = await wakes.next()
            _ = app.handle(TerminalEvent.wake)
        }
        #expect(app.frameHold == nil, "answered: draw now")
        app.answerHold = nil
        #expect(app.frameHold == nil, "a remote backend's app never holds")
    }
}

@Suite struct CanvasDiffTests {
    private func canvas(_ lines: [String], width: Int = 10) -> Canvas {
        var canvas = Canvas(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { canvas.write(line, x: 0, y: y) }
        return canvas
    }

    @Test func onlyTheChangedColumnsOfAChangedRow() {
        let before = canvas(["❯ mar", "mary"])
        let after = canvas(["❯ mary", "mary"])
        #expect(after.changedColumns(inLine: 0, since: before) == 5..<6)
        #expect(after.changedColumns(inLine: 1, since: before) == nil, "the same row is skipped")
        #expect(after.runs(inLine: 0, columns: 5..<6).map(\.text) == ["y"])
    }

    @Test func aWideCharacterIsNeverCutInHalf() {
        let before = canvas(["ab日本"])
        let after = canvas(["ab日x"])
        // 本 took columns 4-5; x replaces its left half, and its right half goes with it.
        #expect(after.changedColumns(inLine: 0, since: before) == 4..<6)
        let wider = canvas(["ab日本"])
        #expect(wider.changedColumns(inLine: 0, since: canvas(["ab日xy"])) == 4..<6)
    }

    @Test func anotherShapeOrNoPreviousFrameRedrawsTheWholeRow() {
        let after = canvas(["x"])
        #expect(after.changedColumns(inLine: 0, since: nil) == 0..<10)
        #expect(after.changedColumns(inLine: 0, since: canvas(["x"], width: 12)) == 0..<10)
    }
}
