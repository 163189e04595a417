/// What a person wants of the search, as a value (the Elm / Bubble Tea "message"): views and
/// the key table produce intents, and only the hub acts on them — `InstantSearch.dispatch(_:)`.
/// No view reaches into a searcher, and nothing sends a request from inside a results callback:
/// even the next page of hits is asked for as an intent.
public enum SearchIntent: Hashable, Sendable {
    /// The query text, shared by every index.
    case setQuery(String)
    /// Adds or removes one facet value of the active index.
    case toggleRefinement(attribute: String, value: String)
    /// Refines a tree facet of the active index to one path (nil: clears it) — the
    /// hierarchical menu (`HierarchicalMenuInteractor`).
    case refineHierarchy(attribute: String, path: String?)
    /// Sets (nil: clears) the numeric range of one attribute of the active index.
    case setRange(attribute: String, range: NumericRange?)
    /// Every refinement of the active index.
    case clearRefinements
    /// Orders the active index's results by an attribute (nil: by relevance), the sort-by widget.
    case sortBy(SortCriterion?)
    /// For a sorted view: how strictly less relevant hits are left out (nil: the index's
    /// `relevancyStrictness`; 0: every hit) — InstantSearch's RelevantSort widget.
    case setRelevancyStrictness(Int?)
    /// Sets a toggle of the active index to on, off or any (InstantSearch's FilterToggle).
    case setToggle(FilterToggle, FilterToggle.State)
    /// Puts one of the active index's scopes in force, in place of the others (`FilterScope`).
    case applyScope(FilterScope, among: [FilterScope])
    /// The page after the last one shown, for the hits on screen (infinite scrolling).
    case nextPage
    /// Pages of the hits on screen loaded until this many are (as far as there are): fzf's
    /// `last` and `pos(-N)` reach every match.
    case loadThrough(Int)
    case selectIndex(Int)
    case nextIndex
    case previousIndex
    /// The sections view (every index at once) on or off.
    case toggleSections
    /// Refines the hits of a section's index by a value of the facet the section shows.
    case toggleSectionValue(section: Int, value: String)
    // Facet lists (show more, search in values, order): per attribute of the active index.
    /// Shows up to the show-more limit of the facet's values, or back to the first few.
    case toggleShowMore(attribute: String)
    /// Orders the facet's values by count or by name, whichever they are not ordered by now.
    case toggleFacetOrder(attribute: String)
    /// Opens (or updates) the search in the facet's values for `text`.
    case searchFacetValues(attribute: String, text: String)
    /// Closes the search in facet values.
    case closeFacetSearch
    /// Searches the view on screen now, whatever the strategy (Enter in manual mode).
    case searchNow
    /// Ask (or stop asking) the backend for each hit's ranking criteria (`getRankingInfo`),
    /// for whichever index is active: the preview pane shows them while it is open.
    case setRankingInfo(Bool)
    /// An index's data grew (a new snapshot loaded in the background): what is on screen of
    /// it is asked again, past the cache. The hub dispatches it once the loader's news is delivered.
    case refreshIndex(String)
}
