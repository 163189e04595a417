import InstantSearchCore
import TerminalUI

/// A tiny backend over a handful of products: substring match on the name, AND facets,
/// counts and price stats — enough for the widgets to have something real to show.
struct ProductsBackend: Searchable {
    static let products: [JSONValue] = [
        ["objectID": "1", "name": "Sony Bravia TV", "brand": "Sony", "category": "TV", "price": 899.99],
        ["objectID": "2", "name": "Sony WH-1000XM5 headphones", "brand": "Sony", "category": "Audio", "price": 349],
        ["objectID": "3", "name": "LG OLED evo TV", "brand": "LG", "category": "TV", "price": 1499],
        ["objectID": "4", "name": "Bose QuietComfort headphones", "brand": "Bose", "category": "Audio", "price": 299],
    ]

    /// Prices are money: the settings say so (`"format": {"price": "currency:USD"}`).
    static let description = {
        var description = IndexDescription(
            name: "products", recordCount: products.count, searchableAttributes: ["name", "brand"],
            facetAttributes: ["brand", "category"], disjunctiveFacets: ["brand"], numericAttributes: ["price"],
            displayAttributes: ["name", "brand", "category", "price"])
        description.numberFormats = ["price": .currency(code: "USD")]
        return description
    }()

    func search(_ queries: [IndexedQuery]) async throws -> [SearchResults] {
        queries.map { answer($0.query, index: $0.indexName) }
    }

    /// Values of `attribute` starting with `text`, counted over the records `query` matches.
    func searchForFacetValues(indexName: String, attribute: String, text: String, query: Query) async throws -> FacetSearchResults {
        var counting = query
        counting.facets = [attribute]
        if query.disjunctiveFacets.contains(attribute) { counting.facetRefinements[attribute] = nil }
        let counts = answer(counting, index: indexName).facets[attribute] ?? []
        return FacetSearchResults(facetHits: counts.filter { $0.value.lowercased().hasPrefix(text.lowercased()) })
    }

    private func answer(_ query: Query, index: String) -> SearchResults {
        let text = query.text.lowercased()
        let matching = Self.products.filter { record in
            let name = record["name"]!.stringValue!
            guard text.isEmpty || name.lowercased().contains(text) else { return false }
            for (attribute, values) in query.facetRefinements where !values.contains(record[attribute]!.stringValue!) {
                return false
            }
            return query.numericRanges.allSatisfy { $0.value.contains(record[$0.key]!.numberValue!) }
        }
        var facets: [String: [FacetValueCount]] = [:]
        for attribute in query.facets {
            var counts: [String: Int] = [:]
            for record in matching { counts[record[attribute]!.stringValue!, default: 0] += 1 }
            facets[attribute] = counts.map { FacetValueCount(value: $0.key, count: $0.value) }
                .sorted { ($0.count, $1.value) > ($1.count, $0.value) }
        }
        let prices = Self.products.map { $0["price"]!.numberValue! }
        let hits = matching.map { record -> Hit in
            let name = record["name"]!.stringValue!
            var ranges: [Range<Int>] = []
            if !text.isEmpty, let found = name.lowercased().range(of: text) {
                let start = name.distance(from: name.startIndex, to: found.lowerBound)
                ranges = [start..<(start + text.count)]
            }
            return Hit(
                objectID: record["objectID"]!.stringValue!, record: record,
                highlights: [
                    "name": AttributeHighlight(values: [HighlightedText(text: name, matchedRanges: ranges)], matchLevel: ranges.isEmpty ? .none : .full)
                ])
        }
        return SearchResults(
            indexName: index, query: query.text, hits: hits, nbHits: hits.count, page: 0, nbPages: 1,
            hitsPerPage: query.hitsPerPage, facets: facets,
            facetStats: ["price": FacetStats(min: prices.min()!, max: prices.max()!, avg: 0, sum: 0)],
            processingTimeMS: 0.25)
    }
}

/// A second, small index, for Tab.
let categoriesDescription = IndexDescription(
    name: "categories", searchableAttributes: ["name"], displayAttributes: ["name"])

/// Builds the app over `ProductsBackend` and lets a test wait for answers without sleeping.
final class AppHarness {
    let app: SearchApp
    let hub: InstantSearch
    private var wakes: AsyncStream<Void>.AsyncIterator

    init(
        keys: KeyTable = .standard, options: SearchApp.Options = SearchApp.Options(),
        indices: [IndexDescription] = [ProductsBackend.description, categoriesDescription], sections: [SectionDefinition] = [],
        backend: any Searchable = ProductsBackend(), suggestionIndices: [String: String] = [:]
    ) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        wakes = stream.makeAsyncIterator()
        let router = ResponseRouter(wake: { continuation.yield() })
        hub = InstantSearch(
            indices: indices, backend: backend,
            scheduler: ManualClock(), router: router, sections: sections, suggestionIndices: suggestionIndices)
        app = SearchApp(hub: hub, keys: options.history == nil ? keys : keys.walkingHistory(), options: options)
    }

    /// Waits until every request sent so far has been answered.
    func settle() async {
        await settle {
            $0.hub.searchers.contains(where: \.isSearching) || $0.hub.facetLists.isSearching
                || $0.hub.sectionsSearch?.multiSearcher.isSearching == true || $0.hub.suggestions?.isSearching == true
        }
    }

    /// Hands the app the answers that come while `waiting` holds.
    func settle(while waiting: (AppHarness) -> Bool) async {
        while waiting(self) {
            _ = await wakes.next()
            app.deliverResponses()
        }
    }

    func press(_ keys: Key...) async {
        for key in keys { app.handle(key) }
        await settle()
    }

    func type(_ text: String) async {
        for character in text { app.handle(.character(character)) }
        await settle()
    }

    /// Starts the hub as the terminal runner does, and waits for the first answers.
    func start() async {
        hub.start()
        await settle()
    }

    /// Resizes the app to `width` × `height` (an update, as the event loop's resize event is),
    /// then draws a frame.
    func screen(width: Int = 80, height: Int = 24) -> Canvas {
        app.resize(width: width, height: height)
        var canvas = Canvas(width: width, height: height)
        app.render(into: &canvas)
        return canvas
    }
}

extension Canvas {
    /// The row holding `text`, if any.
    func row(containing text: String) -> Int? { lines.firstIndex { $0.contains(text) } }

    /// The column where `text` starts on row `y` (counting display columns).
    func column(of text: String, inRow y: Int) -> Int? {
        let line = self.line(y)
        guard let range = line.range(of: text) else { return nil }
        return String(line[..<range.lowerBound]).displayWidth
    }
}
