import InstantSearchCore
import Synchronization

/// A backend whose requests never finish on their own: tests deliver answers by hand, in
/// whatever order they like.
final class SilentBackend: Searchable {
    let received = Mutex<[IndexedQuery]>([])

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        received.withLock { $0 += queries }
        try await Task.sleep(for: .seconds(86_400))
        throw CancellationError()
    }
}

/// A backend that answers at once from a table of canned results.
final class InstantBackend: Searchable {
    let answer: @Sendable (IndexedQuery) -> SearchResults
    let calls = Mutex(0)

    init(answer: @escaping @Sendable (IndexedQuery) -> SearchResults) {
        self.answer = answer
    }

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        calls.withLock { $0 += 1 }
        return queries.map(answer)
    }
}

/// A router whose mailbox wakes an async stream, so a test can wait for answers without
/// sleeping.
final class WakingRouter {
    let router: ResponseRouter
    private let wakes: AsyncStream<Void>
    private var iterator: AsyncStream<Void>.AsyncIterator

    init() {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        wakes = stream
        iterator = stream.makeAsyncIterator()
        router = ResponseRouter(wake: { continuation.yield() })
    }

    /// Waits for `count` answers and hands them to their searchers.
    func deliver(_ count: Int = 1) async {
        var delivered = 0
        while delivered < count {
            _ = await iterator.next()
            delivered += router.deliverPending()
        }
    }

    /// Waits for `count` answers and hands them over as the hub does (`deliverPendingResponses`),
    /// with what they call for dispatched after.
    func deliver(_ count: Int = 1, to hub: InstantSearch) async {
        var delivered = 0
        while delivered < count {
            _ = await iterator.next()
            delivered += hub.deliverPendingResponses()
        }
    }
}

func results(_ index: String, text: String, titles: [String], page: Int = 0, nbPages: Int = 1) -> SearchResults {
    SearchResults(
        indexName: index, query: text,
        hits: titles.map { Hit(objectID: $0, record: ["title": .string($0)]) },
        nbHits: titles.count * nbPages, page: page, nbPages: nbPages)
}

func delivery(_ searcher: HitsSearcher, sequence: Int, titles: [String], recipient: Int = 1) -> Delivery {
    Delivery(
        recipient: recipient, sequence: sequence,
        payload: .results([results(searcher.indexName, text: searcher.query.text, titles: titles)]))
}
