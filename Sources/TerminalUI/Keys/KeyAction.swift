/// Everything a key can do, by a stable kebab-case name (fzf's where fzf has the same
/// action): the names a user writes in `--bind KEY:ACTION`, the help overlay shows and the
/// README's key map lists. Printable characters are not actions: they edit the query unless bound.
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
    // Sort by, typed ranges, the slider's attribute list
    case nextSort = "next-sort"
    case toggleRelevantSort = "toggle-relevant-sort"
    case nextScope = "next-scope"
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
    /// fzf's input section shown or hidden while the session runs (`--no-input` starts hidden).
    case showInput = "show-input"
    case hideInput = "hide-input"
    case toggleInput = "toggle-input"
    case previousHistory = "previous-history"
    case nextHistory = "next-history"
    // Facet lists and current refinements (show more, search in values, order, chips)
    case toggleShowMore = "toggle-show-more"
    case searchFacetValues = "search-facet-values"
    case toggleFacetOrder = "toggle-facet-order"
    case closeFacetSearch = "close-facet-search"
    case focusCurrentRefinements = "focus-current-refinements"
    case previousRefinement = "previous-refinement"
    case nextRefinement = "next-refinement"
    case removeRefinement = "remove-refinement"
    // fzf's scripting: commands, text, the marks and the list as a whole. Those
    // that take an argument say so in `argument`; `ScriptedActions` carries them out.
    case execute
    case executeSilent = "execute-silent"
    /// fzf's deprecated `execute-multi`: `execute` with every `{}` standing for the marked hits.
    case executeMulti = "execute-multi"
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
    case changeListLabel = "change-list-label"
    case changeInputLabel = "change-input-label"
    case changeHeaderLabel = "change-header-label"
    case changeFooterLabel = "change-footer-label"
    case put
    case print
    case preview
    case changePreview = "change-preview"
    case changePreviewWindow = "change-preview-window"
    case refreshPreview = "refresh-preview"
    case selectAll = "select-all"
    case deselectAll = "deselect-all"
    case toggleAll = "toggle-all"
    case toggleShowMarked = "toggle-show-marked"
    case deleteHit = "delete-hit"
    case first
    case last
    case acceptNonEmpty = "accept-non-empty"
    case printQuery = "print-query"
    /// Accept, the pick recorded as a conversion too (Algolia Insights; see `InsightsTracker`).
    case acceptConversion = "accept-conversion"
    // fzf's easymotion labels: the next key picks a hit on screen by its label (`JumpLabels`).
    case jump
    case jumpAccept = "jump-accept"
    // Query suggestions
    case acceptSuggestion = "accept-suggestion"
    case nextSuggestion = "next-suggestion"
    case previousSuggestion = "previous-suggestion"
    case hideSuggestions = "hide-suggestions"
    // fzf 0.74's actions: the query and the search, commands whose output sets
    // something (waited for, or in the background), the list, marks, moves and the screen.
    case clearQuery = "clear-query"
    case search
    case transformSearch = "transform-search"
    case transformPrompt = "transform-prompt"
    case transformHeader = "transform-header"
    case transformFooter = "transform-footer"
    case transformBorderLabel = "transform-border-label"
    case transformPreviewLabel = "transform-preview-label"
    case transformListLabel = "transform-list-label"
    case transformInputLabel = "transform-input-label"
    case transformHeaderLabel = "transform-header-label"
    case transformFooterLabel = "transform-footer-label"
    case transformPointer = "transform-pointer"
    case transformNth = "transform-nth"
    case bgTransform = "bg-transform"
    case bgTransformQuery = "bg-transform-query"
    case bgTransformSearch = "bg-transform-search"
    case bgTransformPrompt = "bg-transform-prompt"
    case bgTransformHeader = "bg-transform-header"
    case bgTransformFooter = "bg-transform-footer"
    case bgTransformBorderLabel = "bg-transform-border-label"
    case bgTransformPreviewLabel = "bg-transform-preview-label"
    case bgTransformListLabel = "bg-transform-list-label"
    case bgTransformInputLabel = "bg-transform-input-label"
    case bgTransformHeaderLabel = "bg-transform-header-label"
    case bgTransformFooterLabel = "bg-transform-footer-label"
    case bgTransformPointer = "bg-transform-pointer"
    case bgTransformNth = "bg-transform-nth"
    case bgCancel = "bg-cancel"
    /// fzf's `wait`: the rest of the chain runs once the search under way (the reading included) is done.
    case wait
    case toggleSort = "toggle-sort"
    case togglePreviewWrap = "toggle-preview-wrap"
    case togglePreviewWrapWord = "toggle-preview-wrap-word"
    case toggleWrap = "toggle-wrap"
    case toggleWrapWord = "toggle-wrap-word"
    case changeNth = "change-nth"
    case changePointer = "change-pointer"
    case changeFooter = "change-footer"
    case replaceQuery = "replace-query"
    case acceptOrPrintQuery = "accept-or-print-query"
    case changeMulti = "change-multi"
    case clearMulti = "clear-multi"
    case exclude
    case excludeMulti = "exclude-multi"
    case upMatch = "up-match"
    case downMatch = "down-match"
    case upSelected = "up-selected"
    case downSelected = "down-selected"
    case toggleDown = "toggle-down"
    case toggleUp = "toggle-up"
    case trigger
    case toggleBind = "toggle-bind"
    case best
    case bell
    case close
    case trackCurrent = "track-current"
    case untrackCurrent = "untrack-current"
    case showHeader = "show-header"
    case hideHeader = "hide-header"
    case toggleHeader = "toggle-header"
    case forwardSubword = "forward-subword"
    case backwardSubword = "backward-subword"
    case killSubword = "kill-subword"
    case backwardKillSubword = "backward-kill-subword"
    // Modal keys (`--keymap vim`): in normal mode letters move and act, the query is left alone.
    case normalMode = "normal-mode"
    case insertMode = "insert-mode"

    /// The name written in `--bind` and shown nowhere else: `toggle-refinement`.
    public var name: String { rawValue }

    /// Whether it starts a command (fzf's list for `--listen`, which refuses these from another
    /// address than loopback unless `--listen-unsafe`).
    public var runsCommand: Bool {
        switch self {
        case .execute, .executeMulti, .executeSilent, .become, .reload, .reloadSync, .transform, .transformQuery, .preview, .changePreview, .refreshPreview:
            return true
        case _ where argument == .command: return true
        default:
            return false
        }
    }

    /// What a `transform-*` (or `bg-transform-*`) sets with the command's output.
    private static let transformTargets: [KeyAction: KeyAction] = [
        .transformSearch: .search, .transformPrompt: .changePrompt, .transformHeader: .changeHeader,
        .transformFooter: .changeFooter, .transformBorderLabel: .changeBorderLabel, .transformPreviewLabel: .changePreviewLabel,
        .transformPointer: .changePointer, .transformNth: .changeNth, .bgTransformSearch: .search, .bgTransformPrompt: .changePrompt,
        .bgTransformHeader: .changeHeader, .bgTransformFooter: .changeFooter, .bgTransformBorderLabel: .changeBorderLabel,
        .bgTransformPreviewLabel: .changePreviewLabel, .bgTransformPointer: .changePointer, .bgTransformNth: .changeNth,
        .bgTransformQuery: .changeQuery, .transformListLabel: .changeListLabel, .transformInputLabel: .changeInputLabel,
        .transformHeaderLabel: .changeHeaderLabel, .transformFooterLabel: .changeFooterLabel, .bgTransformListLabel: .changeListLabel,
        .bgTransformInputLabel: .changeInputLabel, .bgTransformHeaderLabel: .changeHeaderLabel, .bgTransformFooterLabel: .changeFooterLabel,
    ]

    /// The action a `transform-*` hands the command's output to; nil for the others.
    var transformTarget: KeyAction? { Self.transformTargets[self] }

    public init?(name: String) { self.init(rawValue: Self.otherNames[name] ?? name) }

    /// The other names fzf reads for some of them.
    static let otherNames = [
        "top": "first", "prev-history": "previous-history", "clear-selection": "deselect-all", "toggle-track-current": "toggle-track",
    ]

    /// What an action takes after its name, in one of fzf's delimiters (`reload(cmd)`).
    public enum Argument: Sendable {
        case none
        /// A shell command, its placeholders filled in when it runs.
        case command
        /// Text, used as written (it may be empty).
        case text
        /// Text or nothing: `change-multi` and `change-multi(3)`.
        case optionalText
    }

    public var argument: Argument {
        switch self {
        case .execute, .executeMulti, .executeSilent, .become, .reload, .reloadSync, .transform, .transformQuery, .preview, .changePreview:
            return .command
        case .transformSearch, .transformPrompt, .transformHeader, .transformFooter, .transformBorderLabel, .transformPreviewLabel,
            .transformPointer, .transformNth, .bgTransform, .bgTransformQuery, .bgTransformSearch, .bgTransformPrompt, .bgTransformHeader,
            .bgTransformFooter, .bgTransformBorderLabel, .bgTransformPreviewLabel, .bgTransformPointer, .bgTransformNth:
            return .command
        case .transformListLabel, .transformInputLabel, .transformHeaderLabel, .transformFooterLabel, .bgTransformListLabel,
            .bgTransformInputLabel, .bgTransformHeaderLabel, .bgTransformFooterLabel:
            return .command
        case .changeListLabel, .changeInputLabel, .changeHeaderLabel, .changeFooterLabel: return .text
        case .unbind, .rebind, .toggleBind, .position, .trigger: return .text
        case .changeQuery, .changePrompt, .changeHeader, .changeBorderLabel, .changePreviewLabel, .print, .changePreviewWindow: return .text
        case .search, .changeNth, .changePointer, .changeFooter: return .text
        // `put` alone types the key it is bound to (fzf's `a:put`).
        case .changeMulti, .put: return .optionalText
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
    /// Normal mode (`--keymap vim`, or `normal-mode` bound by hand): consulted first while in it.
    case normal

    /// The heading of the context's group in the help overlay and docs/keys.md.
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
        case .normal: return "Normal mode (--keymap vim: Esc enters it, i or / leaves it; the query is left alone)"
        }
    }
}
