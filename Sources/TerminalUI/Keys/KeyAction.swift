/// Everything a key can do, by a stable kebab-case name (fzf's where fzf has the same
/// action): the names a user writes in `--bind KEY:ACTION`, the help overlay shows and the
/// README's key map lists. Printable characters are not actions: they always edit the query.
public enum KeyAction: String, CaseIterable, Sendable {
    // Leaving
    case abort
    case accept
    case clearScreen = "clear-screen"
    // Panes, views, indices
    case toggleHelp = "toggle-help"
    case closeHelp = "close-help"
    case toggleSections = "toggle-sections"
    case focusHits = "focus-hits"
    case focusRefinements = "focus-refinements"
    case focusSlider = "focus-slider"
    case nextIndex = "next-index"
    case previousIndex = "previous-index"
    // Lists
    case up, down
    case pageUp = "page-up"
    case pageDown = "page-down"
    case toggleRefinement = "toggle-refinement"
    case clearRefinements = "clear-refinements"
    // Slider
    case moveThumbLeft = "move-thumb-left"
    case moveThumbRight = "move-thumb-right"
    case switchThumb = "switch-thumb"
    case previousAttribute = "previous-attribute"
    case nextAttribute = "next-attribute"
    case clearRange = "clear-range"
    // Preview pane (fzf's names)
    case togglePreview = "toggle-preview"
    case previewUp = "preview-up"
    case previewDown = "preview-down"
    case previewPageUp = "preview-page-up"
    case previewPageDown = "preview-page-down"
    // Sort by, typed ranges, the slider's attribute list (issue 16: ranges)
    case nextSort = "next-sort"
    case editRange = "edit-range"
    case firstAttribute = "first-attribute"
    case lastAttribute = "last-attribute"
    case moveThumbFarLeft = "move-thumb-far-left"
    case moveThumbFarRight = "move-thumb-far-right"
    // Editing the query (fzf's names)
    case backwardChar = "backward-char"
    case forwardChar = "forward-char"
    case beginningOfLine = "beginning-of-line"
    case endOfLine = "end-of-line"
    case backwardDeleteChar = "backward-delete-char"
    case deleteChar = "delete-char"
    case unixLineDiscard = "unix-line-discard"
    case unixWordRubout = "unix-word-rubout"
    // fzf's --multi and --history (fzf's names)
    case toggle
    case previousHistory = "previous-history"
    case nextHistory = "next-history"
    // Facet lists and current refinements (issue 16: show more, search in values, order, chips)
    case toggleShowMore = "toggle-show-more"
    case searchFacetValues = "search-facet-values"
    case toggleFacetOrder = "toggle-facet-order"
    case closeFacetSearch = "close-facet-search"
    case focusCurrentRefinements = "focus-current-refinements"
    case previousRefinement = "previous-refinement"
    case nextRefinement = "next-refinement"
    case removeRefinement = "remove-refinement"

    /// The name written in `--bind` and shown nowhere else: `toggle-refinement`.
    public var name: String { rawValue }

    public init?(name: String) { self.init(rawValue: name) }

    /// What it does, for the help overlay and the README, in `context`.
    public func summary(in context: KeyContext) -> String {
        switch self {
        case .abort: return context == .global ? "quit from anywhere (status 130)" : "quit (status 130)"
        case .accept:
            switch context {
            case .facetSearch: return "toggle the value found and close the search"
            case .sections: return "pick the selected hit; on a facet value, refine by it"
            case .slider: return "search now if the strategy held the query back"
            default: return "print the hit as one JSON line and exit (searches first if the query was held back)"
            }
        case .clearScreen: return "redraw the screen"
        case .toggleHelp: return "open this help"
        case .closeHelp: return "close this help"
        case .toggleSections: return "sections view: every index at once (with --config); again: back to tabs"
        case .focusHits: return context == .global ? "focus the hits list" : "back to the hits list"
        case .focusRefinements: return "focus the refinement list"
        case .focusSlider: return "focus the slider pane"
        case .nextIndex: return "next index"
        case .previousIndex: return "previous index"
        case .up: return context == .help ? "scroll up" : "move up"
        case .down: return context == .help ? "scroll down" : "move down"
        case .pageUp: return context == .help ? "scroll a page up" : context == .slider ? "a page of attributes up" : "move a page up"
        case .pageDown: return context == .help ? "scroll a page down" : context == .slider ? "a page of attributes down" : "move a page down"
        case .toggleRefinement:
            switch context {
            case .sections: return "refine by the selected facet value"
            case .refinements: return "toggle the selected value (on show more / less: toggle that)"
            default: return "toggle the selected value"
            }
        case .clearRefinements: return "clear every refinement of this index"
        case .moveThumbLeft: return "move the active thumb left"
        case .moveThumbRight: return "move the active thumb right"
        case .switchThumb: return "switch between the two thumbs"
        case .previousAttribute: return "previous numeric attribute"
        case .nextAttribute: return "next numeric attribute"
        case .clearRange: return "clear this attribute's range (instead of editing the query)"
        case .togglePreview: return "show or hide the preview pane (the selected hit's fields and ranking)"
        case .previewUp: return "scroll the preview up"
        case .previewDown: return "scroll the preview down"
        case .previewPageUp: return "scroll the preview a page up"
        case .previewPageDown: return "scroll the preview a page down"
        case .nextSort: return "sort by: relevance, then each sort the settings declare, in turn"
        case .editRange: return "type a range: 50-200, <50, >=4, =3 (Enter applies, Esc closes)"
        case .firstAttribute: return "first numeric attribute"
        case .lastAttribute: return "last numeric attribute"
        case .moveThumbFarLeft: return "move the active thumb an eighth of the track left"
        case .moveThumbFarRight: return "move the active thumb an eighth of the track right"
        case .backwardChar: return "move the cursor left"
        case .forwardChar: return "move the cursor right"
        case .beginningOfLine: return "cursor to the start"
        case .endOfLine: return "cursor to the end"
        case .backwardDeleteChar: return context == .facetSearch ? "delete the last character searched for" : "delete before the cursor"
        case .deleteChar: return "delete under the cursor"
        case .unixLineDiscard: return context == .facetSearch ? "clear the text searched for" : "clear the query"
        case .unixWordRubout: return "delete the word before the cursor"
        case .toggle: return "with --multi: mark or unmark the hit (Enter prints every marked one)"
        case .previousHistory: return "with --history: the previous query of the history"
        case .nextHistory: return "with --history: the next query of the history"
        case .toggleShowMore: return "show more of this facet's values, or fewer again"
        case .searchFacetValues: return "search this facet's values (type; Enter picks, Esc closes)"
        case .toggleFacetOrder: return "order this facet's values by count or by name"
        case .closeFacetSearch: return "close the search in facet values"
        case .focusCurrentRefinements: return "focus the current refinements (chips above the hits)"
        case .previousRefinement: return "previous refinement"
        case .nextRefinement: return "next refinement"
        case .removeRefinement: return "remove the selected refinement"
        }
    }
}

/// Where a binding applies. A key is looked up in the contexts of what is on screen, most
/// specific first: the focused pane (or the help, or the sections view), then `global`, then
/// `searchBox` — so a key a pane does not use edits the query.
public enum KeyContext: String, CaseIterable, Sendable {
    case global
    case searchBox = "search-box"
    case hits
    case refinements
    case slider
    case sections
    case help
    /// The search in a facet list's values, while it is open (printable keys type into it).
    case facetSearch = "facet-search"
    /// The current refinements row (F8).
    case currentRefinements = "current-refinements"

    /// The heading of the context's group in the help overlay and the README.
    public var title: String {
        switch self {
        case .global: return "Everywhere"
        case .searchBox: return "Search box (whichever pane has focus)"
        case .hits: return "Hits list (F2, Alt-2)"
        case .refinements: return "Refinement list (F3, Alt-3)"
        case .slider: return "Slider pane (F4, Alt-4)"
        case .sections: return "Sections view (F5, Alt-5)"
        case .help: return "This help (F1, Alt-1)"
        case .facetSearch: return "Search in facet values (Ctrl-F in the refinement list)"
        case .currentRefinements: return "Current refinements (F8, Alt-c)"
        }
    }
}
