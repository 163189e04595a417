/// Everything a key can do, by a stable kebab-case name (fzf's where fzf has the same
/// action): the names a user writes in `--bind KEY:ACTION`, the help overlay shows and the
/// README's key map lists. Printable characters are not actions: they always edit the query.
public enum KeyAction: String, CaseIterable, Sendable {
    // Leaving
    case abort
    case accept
    case clearScreen = "clear-screen"
    /// Does nothing: what a key bound to it did before is gone (fzf's `ignore`).
    case ignore
    /// Clears the query, or with none quits (fzf's `cancel`).
    case cancel
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
    case halfPageUp = "half-page-up"
    case halfPageDown = "half-page-down"
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
    case previewHalfPageUp = "preview-half-page-up"
    case previewHalfPageDown = "preview-half-page-down"
    case previewTop = "preview-top"
    case previewBottom = "preview-bottom"
    case showPreview = "show-preview"
    case hidePreview = "hide-preview"
    // Sort by, typed ranges, the slider's attribute list (issue 16: ranges)
    case nextSort = "next-sort"
    case toggleRelevantSort = "toggle-relevant-sort"
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
    /// Delete under the cursor, or with no query quit (fzf's Ctrl-D); and before the cursor.
    case deleteCharOrQuit = "delete-char/eof"
    case backwardDeleteCharOrQuit = "backward-delete-char/eof"
    case killLine = "kill-line"
    case yank
    case unixLineDiscard = "unix-line-discard"
    case unixWordRubout = "unix-word-rubout"
    case backwardWord = "backward-word"
    case forwardWord = "forward-word"
    case killWord = "kill-word"
    case backwardKillWord = "backward-kill-word"
    // fzf's --multi and --history (fzf's names)
    case toggle
    case select
    case deselect
    case nextSelected = "next-selected"
    case previousSelected = "prev-selected"
    /// Mark or unmark, then move a hit away from the prompt (`toggle-out`) or toward it (`toggle-in`).
    case toggleOut = "toggle-out"
    case toggleIn = "toggle-in"
    case toggleTrack = "toggle-track"
    /// fzf's `--disabled` turned on or off while the session runs.
    case enableSearch = "enable-search"
    case disableSearch = "disable-search"
    case toggleSearch = "toggle-search"
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
    // fzf's scripting (issue 23): commands, text, the marks and the list as a whole. Those
    // that take an argument say so in `argument`; `ScriptedActions` carries them out.
    case execute
    case executeSilent = "execute-silent"
    case become
    case reload
    case reloadSync = "reload-sync"
    case transform
    case transformQuery = "transform-query"
    case changeQuery = "change-query"
    case changePrompt = "change-prompt"
    case changeHeader = "change-header"
    case unbind
    case rebind
    /// fzf's `pos(N)`: the Nth hit, -N from the last.
    case position = "pos"
    case changeBorderLabel = "change-border-label"
    case changePreviewLabel = "change-preview-label"
    case put
    case print
    case preview
    case changePreview = "change-preview"
    case changePreviewWindow = "change-preview-window"
    case refreshPreview = "refresh-preview"
    case selectAll = "select-all"
    case deselectAll = "deselect-all"
    case toggleAll = "toggle-all"
    case first
    case last
    case acceptNonEmpty = "accept-non-empty"
    case printQuery = "print-query"
    /// Accept, the pick recorded as a conversion too (Algolia Insights; see `InsightsTracker`).
    case acceptConversion = "accept-conversion"
    // fzf's easymotion labels: the next key picks a hit on screen by its label (`JumpLabels`).
    case jump
    case jumpAccept = "jump-accept"
    // Query suggestions (issue 25)
    case acceptSuggestion = "accept-suggestion"
    case nextSuggestion = "next-suggestion"
    case previousSuggestion = "previous-suggestion"
    case hideSuggestions = "hide-suggestions"

    /// The name written in `--bind` and shown nowhere else: `toggle-refinement`.
    public var name: String { rawValue }

    /// Whether it starts a command (fzf's list for `--listen`, which refuses these from another
    /// address than loopback unless `--listen-unsafe`).
    public var runsCommand: Bool {
        switch self {
        case .execute, .executeSilent, .become, .reload, .reloadSync, .transform, .transformQuery, .preview, .changePreview, .refreshPreview:
            return true
        default:
            return false
        }
    }

    public init?(name: String) { self.init(rawValue: Self.otherNames[name] ?? name) }

    /// The other names fzf reads for some of them.
    static let otherNames = ["top": "first", "prev-history": "previous-history", "clear-selection": "deselect-all"]

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
        case .toggleSections: return "sections view: every index at once (--config's sections, else each index's hits and first facet); again: back to tabs"
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
        case .toggleRelevantSort: return "in a sorted view: only the most relevant hits (relevancyStrictness) or all of them"
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
        case .ignore: return "nothing (a key bound to it no longer does what it did)"
        case .cancel: return "clear the query; with none, quit (status 130)"
        case .halfPageUp: return "move half a page up"
        case .halfPageDown: return "move half a page down"
        case .previewHalfPageUp: return "scroll the preview half a page up"
        case .previewHalfPageDown: return "scroll the preview half a page down"
        case .previewTop: return "scroll the preview to its start"
        case .previewBottom: return "scroll the preview to its end"
        case .showPreview: return "show the preview pane"
        case .hidePreview: return "hide the preview pane"
        case .deleteCharOrQuit: return "delete under the cursor; with no query, quit (status 130)"
        case .backwardDeleteCharOrQuit: return "delete before the cursor; with no query, quit (status 130)"
        case .killLine: return "delete from the cursor to the end"
        case .yank: return "put back what the last deletion of a word or line took"
        case .toggleOut: return "with --multi: mark or unmark the hit, then move away from the prompt"
        case .toggleIn: return "with --multi: mark or unmark the hit, then move toward the prompt"
        case .printQuery: return "print the query and exit (status 0)"
        case .enableSearch: return "search the query again as it is typed (it is searched at once)"
        case .disableSearch: return "stop searching the query (as --disabled): it is kept for commands"
        case .toggleSearch: return "enable-search, or disable-search when enabled"
        case .toggleTrack: return "keep the selection on the same hit as the results change (--track), or stop"
        case .nextSelected: return "with --multi: the next marked hit listed"
        case .previousSelected: return "with --multi: the previous marked hit listed"
        case .select: return "with --multi: mark the hit"
        case .deselect: return "with --multi: unmark the hit"
        case .unixWordRubout: return "delete the word before the cursor"
        case .backwardWord: return "cursor to the start of the word"
        case .forwardWord: return "cursor past the end of the word"
        case .killWord: return "delete to the end of the word"
        case .backwardKillWord: return "delete to the start of the word"
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
        case .execute: return "run the command with the terminal, then come back"
        case .executeSilent: return "run the command in the background, then carry on"
        case .become: return "leave, the terminal restored, and run the command in this process's place"
        case .reload: return "the command's output becomes the list, streamed in (the query kept, and the marks of lines still there)"
        case .reloadSync: return "as reload, but the old list stays until the output is read; the actions after it wait for the new list"
        case .transform: return "run the command; what it prints are actions to run"
        case .transformQuery: return "run the command; what it prints is the new query"
        case .changeQuery: return "the query becomes the text"
        case .changePrompt: return "the prompt becomes the text"
        case .changeHeader: return "the header becomes the text"
        case .unbind: return "the keys and events named (comma-separated) do nothing until rebind"
        case .rebind: return "the keys and events named do what they did before unbind"
        case .position: return "select the Nth hit (-N: from the last listed)"
        case .changeBorderLabel: return "the --border-label becomes the text"
        case .changePreviewLabel: return "the --preview-label becomes the text"
        case .put: return "type the text into the query"
        case .print: return "print the text when the session ends with accept"
        case .preview: return "show the command's output in the preview pane"
        case .changePreview: return "the preview command becomes this one"
        case .changePreviewWindow: return "place the preview pane (right:50%, left, up:40%, bottom, hidden)"
        case .refreshPreview: return "run the preview command again"
        case .selectAll: return "with --multi: mark every hit listed"
        case .deselectAll: return "with --multi: unmark every hit"
        case .toggleAll: return "with --multi: mark the hits listed that are not, unmark those that are"
        case .first: return "select the first hit"
        case .last: return "select the last hit listed"
        case .acceptNonEmpty: return "accept, unless nothing would be picked"
        case .acceptConversion: return "accept, the pick recorded as a conversion (insights; re-ranking counts it more than a click)"
        case .jump: return "label each hit on screen (--jump-labels); typing a label selects that hit, any other key leaves"
        case .jumpAccept: return "as jump, then accept the hit whose label was typed"
        case .acceptSuggestion: return "at the query's end: the selected suggestion becomes the query (else: cursor right)"
        case .nextSuggestion: return "select the next suggestion"
        case .previousSuggestion: return "select the previous suggestion"
        case .hideSuggestions: return "hide the suggestions until the query changes"
        }
    }

    /// What an action takes after its name, in one of fzf's delimiters (`reload(cmd)`).
    public enum Argument: Sendable {
        case none
        /// A shell command, its placeholders filled in when it runs.
        case command
        /// Text, used as written (it may be empty).
        case text
    }

    public var argument: Argument {
        switch self {
        case .execute, .executeSilent, .become, .reload, .reloadSync, .transform, .transformQuery, .preview, .changePreview:
            return .command
        case .unbind, .rebind, .position: return .text
        case .changeQuery, .changePrompt, .changeHeader, .changeBorderLabel, .changePreviewLabel, .put, .print, .changePreviewWindow: return .text
        default: return .none
        }
    }
}

/// One step of a binding: a named action and what was written in its brackets.
public struct BoundAction: Hashable, Sendable, CustomStringConvertible {
    public var action: KeyAction
    public var argument: String?

    public init(_ action: KeyAction, _ argument: String? = nil) {
        self.action = action
        self.argument = argument
    }

    /// As `--bind` takes it: `reload(seq 10)`, `up`.
    public var description: String {
        guard let argument else { return action.name }
        let pairs: [(Character, Character)] = [("(", ")"), ("[", "]"), ("{", "}"), ("<", ">"), ("~", "~"), ("!", "!"), ("@", "@"), ("#", "#")]
        if let pair = pairs.first(where: { !argument.contains($0.1) }) { return "\(action.name)\(pair.0)\(argument)\(pair.1)" }
        return "\(action.name):\(argument)"
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
    /// The query suggestions under the search box, while they are shown (before the pane's keys).
    case suggestions

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
        case .suggestions: return "Query suggestions (while shown under the search box)"
        }
    }
}
