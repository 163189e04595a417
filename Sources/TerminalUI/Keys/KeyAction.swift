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
    // Editing the query (fzf's names)
    case backwardChar = "backward-char"
    case forwardChar = "forward-char"
    case beginningOfLine = "beginning-of-line"
    case endOfLine = "end-of-line"
    case backwardDeleteChar = "backward-delete-char"
    case deleteChar = "delete-char"
    case unixLineDiscard = "unix-line-discard"
    case unixWordRubout = "unix-word-rubout"

    /// The name written in `--bind` and shown nowhere else: `toggle-refinement`.
    public var name: String { rawValue }

    public init?(name: String) { self.init(rawValue: name) }

    /// What it does, for the help overlay and the README, in `context`.
    public func summary(in context: KeyContext) -> String {
        switch self {
        case .abort: return context == .global ? "quit from anywhere (status 130)" : "quit (status 130)"
        case .accept:
            switch context {
            case .sections: return "pick the selected hit; on a facet value, refine by it"
            case .slider: return "search now if the strategy held the query back"
            default: return "print the hit as one JSON line and exit (searches first if the query was held back)"
            }
        case .clearScreen: return "redraw the screen"
        case .toggleHelp: return "open this help"
        case .closeHelp: return "close this help"
        case .toggleSections: return "sections view: every index at once (--config's sections, else each index's hits and first facet); again: back to tabs"
        case .focusHits: return context == .global ? "focus the hits list" : "back to the hits list"
        case .focusRefinements: return "focus the refinement list"
        case .focusSlider: return "focus the slider pane"
        case .nextIndex: return "next index"
        case .previousIndex: return "previous index"
        case .up: return context == .help ? "scroll up" : "move up"
        case .down: return context == .help ? "scroll down" : "move down"
        case .pageUp: return context == .help ? "scroll a page up" : "move a page up"
        case .pageDown: return context == .help ? "scroll a page down" : "move a page down"
        case .toggleRefinement: return context == .sections ? "refine by the selected facet value" : "toggle the selected value"
        case .clearRefinements: return "clear every refinement of this index"
        case .moveThumbLeft: return "move the active thumb left"
        case .moveThumbRight: return "move the active thumb right"
        case .switchThumb: return "switch between the two thumbs"
        case .previousAttribute: return "previous numeric attribute"
        case .nextAttribute: return "next numeric attribute"
        case .clearRange: return "clear this attribute's range (instead of editing the query)"
        case .backwardChar: return "move the cursor left"
        case .forwardChar: return "move the cursor right"
        case .beginningOfLine: return "cursor to the start"
        case .endOfLine: return "cursor to the end"
        case .backwardDeleteChar: return "delete before the cursor"
        case .deleteChar: return "delete under the cursor"
        case .unixLineDiscard: return "clear the query"
        case .unixWordRubout: return "delete the word before the cursor"
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

    /// The heading of the context's group in the help overlay and the README.
    public var title: String {
        switch self {
        case .global: return "Everywhere"
        case .searchBox: return "Search box (whichever pane has focus)"
        case .hits: return "Hits list (F2)"
        case .refinements: return "Refinement list (F3)"
        case .slider: return "Slider pane (F4)"
        case .sections: return "Sections view (F5)"
        case .help: return "This help (F1)"
        }
    }
}
