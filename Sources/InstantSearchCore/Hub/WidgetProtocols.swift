/// Marks a search-aware widget (InstantSearch's `AlgoliaWidget`). A widget holds presentation
/// state only; the query, refinements and results live in the hub, and reach the widget as
/// values. No widget holds a searcher: what it wants done goes to the hub as a `SearchIntent`.
public protocol InstantSearchWidget: AnyObject {}

/// An input widget: it drives the search with intents (types the query, toggles refinements).
/// The hub connects it at registration and again whenever another index becomes active,
/// with that index's state and `dispatch`, the one road to the searchers.
public protocol SearchableWidget: InstantSearchWidget {
    func connect(to index: IndexState, dispatch: @escaping (SearchIntent) -> Void)
}

/// An output widget: it shows the active index's results, or the error that came instead.
public protocol ResultingWidget: InstantSearchWidget {
    func show(_ results: SearchResults, of index: String)
    func show(_ error: SearchFailure, of index: String)
}

extension ResultingWidget {
    public func show(_ error: SearchFailure, of index: String) {}
}

/// A widget told when the active index's query or refinements change, before results arrive.
public protocol RefinableWidget: InstantSearchWidget {
    func show(_ query: Query, of index: String)
}

/// Anything holding widgets, registered all at once with `InstantSearch.addAllWidgets(in:)`.
public protocol WidgetContainer {
    var instantSearchWidgets: [any InstantSearchWidget] { get }
}
