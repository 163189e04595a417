import InstantSearchCore
import Synchronization
import Testing

@testable import TerminalUI

/// ProductsBackend behind a switch: down, every search fails as a remote one would.
final class SwitchableBackend: Searchable {
    let isDown = Mutex(false)

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        if isDown.withLock({ $0 }) { throw SearchError.backend("cannot reach http://127.0.0.1:7700: connection refused") }
        return try await ProductsBackend().search(queries)
    }
}

/// A failing backend in the UI: the error on the stats line, no hit, facet count or range of
/// an older query shown as current, the keys still working, and the next keystroke trying again.
@Suite struct BackendFailureTests {
    @Test func aFailureShowsTheErrorAndHidesTheOlderHitsUntilTheNextSearchWorks() async {
        let backend = SwitchableBackend()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        var wakes = stream.makeAsyncIterator()
        let router = ResponseRouter(wake: { continuation.yield() })
        let hub = InstantSearch(
            indices: [ProductsBackend.description], backend: backend, scheduler: ManualClock(), router: router)
        let app = SearchApp(hub: hub)
        func settle() async {
            while hub.searchers.contains(where: \.isSearching) {
                _ = await wakes.next()
                app.deliverResponses()
            }
        }
        func screen() -> Canvas {
            app.resize(width: 80, height: 24)
            var canvas = Canvas(width: 80, height: 24)
            app.render(into: &canvas)
            return canvas
        }

        hub.start()
        for character in "sony" { app.handle(.character(character)) }
        await settle()
        let working = screen()
        #expect(working.row(containing: "Sony Bravia TV") != nil)
        #expect(working.row(containing: "[ ] Sony") != nil)
        #expect(working.line(0).contains("products 2"))

        backend.isDown.withLock { $0 = true }
        app.handle(.character(" "))
        app.handle(.character("b"))
        await settle()
        let failed = screen()
        #expect(failed.line(1) == " ❯ sony b", "typing goes on while the backend is down")
        #expect(failed.line(22).contains("⚠ cannot reach http://127.0.0.1:7700: connection refused"))
        #expect(!failed.line(22).contains("results"), "the count of an older query is not shown")
        #expect(failed.row(containing: "Sony Bravia TV") == nil, "the hits of an older query are not shown")
        #expect(failed.row(containing: "The search failed") != nil)
        #expect(failed.row(containing: "[ ] Sony") == nil, "the facet counts of an older query are not shown")
        #expect(failed.row(containing: "BRAND") == nil)
        #expect(failed.row(containing: "No counts: search failed.") != nil)
        #expect(failed.row(containing: "no values: search failed") != nil, "nor the slider's bounds")
        #expect(!failed.line(0).contains("products 2"), "nor the tab's count")

        backend.isDown.withLock { $0 = false }
        app.handle(.character("r"))
        await settle()
        let recovered = screen()
        #expect(recovered.row(containing: "Sony Bravia TV") != nil)
        #expect(!recovered.line(22).contains("⚠"))
        #expect(recovered.line(22).contains("1 result"))
        #expect(recovered.row(containing: "[ ] Sony") != nil, "the counts come back with the next answer")
    }
}
