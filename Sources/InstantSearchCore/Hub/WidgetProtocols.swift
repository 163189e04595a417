/// Marks a search-aware widget (InstantSearch's `AlgoliaWidget`). A widget holds
/// presentation state only; the query, refinements and results live in the searcher.
public protocol InstantSearchWidget: AnyObject {}

/// An input widget: it drives a searcher (types the query, toggles refinements).
/// The hub connects it at registration and again whenever another index becomes active.
public protocol SearchableWidget: InstantSearchWidget {
    func connect(to searcher: HitsSearcher)
}

/// An output widget: it shows results, or the error that came instead.
public protocol ResultingWidget: InstantSearchWidget {
    func searcher(_ searcher: HitsSearcher, didReceive results: SearchResults)
    func searcher(_ searcher: HitsSearcher, didFailWith error: SearchFailure)
}

extension ResultingWidget {
    public func searcher(_ searcher: HitsSearcher, didFailWith error: SearchFailure) {}
}

/// A widget told when the query or its refinements change, before results arrive.
public protocol RefinableWidget: InstantSearchWidget {
    func searcher(_ searcher: HitsSearcher, didChangeQuery query: Query)
}

/// Anything holding widgets, registered all at once with `InstantSearch.addAllWidgets(in:)`.
public protocol WidgetContainer {
    var instantSearchWidgets: [any InstantSearchWidget] { get }
}
