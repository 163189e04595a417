import InstantSearchCore

/// The search interface, the `TerminalApp` the event loop runs (`SearchApp+Loop`): the
/// views, which pane has focus, and what the user chose.
///
/// One loop drives it (Bubble Tea's message → update → view): a key is looked up in the key
/// table and becomes a named action; actions change view state or become intents for the
/// hub; answers from the backend (`deliverResponses`) and resizes update the views from the
/// hub's state; `render(into:)` draws, changing nothing. None of it touches curses, so tests
/// drive it with keys and read the canvas.
public final class SearchApp {
    public enum Focus: Sendable { case hits, refinements, slider, currentRefinements }

    public let hub: InstantSearch
    public let keys: KeyTable
    public internal(set) var searchBox = SearchBox()
    public internal(set) var hitsList = HitsList()
    public internal(set) var refinementList = RefinementList()
    public internal(set) var sliderPane = SliderPane()
    /// The refinements in force, as chips above the hits (F8).
    public internal(set) var currentRefinements = CurrentRefinementsBar()
    /// The preview pane (F6), and the `--preview` command it runs, if any.
    public internal(set) var preview: PreviewPane
    /// The preview command in force (`--preview`, then `change-preview`).
    var previewCommand: PreviewCommand?
    /// Runs every command of the session: the preview's and those of `--bind` actions.
    let previewRunner: CommandRunner?
    /// The `--preview` command last started, as expanded for the hit, the marks and the query.
    var commandRunning: ExpandedCommand?
    /// `--bind`'s chains under way, events, and what commands left to say (`SearchApp+Scripting`).
    var script = ScriptState()
    /// Reads a `reload` command's output into the index (nil: reload says it cannot).
    let reloader: (any RecordReloading)?
    /// `--listen`'s endpoint, when given: actions come in from it, the state goes out to it.
    public var remote: RemoteControl?
    /// The line under the search box: `--header`, then `change-header`.
    public internal(set) var header: String?
    /// The sections view (F5), when the setup has one.
    public internal(set) var sectionsView: SectionsView?
    var help: HelpOverlay
    public internal(set) var focus = Focus.hits
    public internal(set) var showsHelp = false
    /// In normal mode (`normal-mode`, `--keymap vim`): the normal context's keys act first and
    /// unbound printable keys do nothing; the query is left alone.
    public internal(set) var inNormalMode = false {
        didSet { searchBox.inNormalMode = inNormalMode }
    }
    /// How the session ends, once it does (never `.signal`: the event loop ends it so).
    public internal(set) var outcome: TerminalSearch.Exit? {
        didSet { if oldValue == nil { notePick() } }
    }
    /// Records what the user does as Algolia Insights (`recordInsights`); nil: nothing recorded.
    var insights: InsightsTracker?
    public internal(set) var options: Options
    /// The labels on the border and on the preview pane's rule: `--border-label` and
    /// `--preview-label` at first, then what change-border-label / change-preview-label say.
    var borderLabel: String?
    var previewLabel: String?
    /// The footer and the section labels, as given and as change-footer / change-*-label set them.
    var sectionTexts = PickerSectionTexts()
    /// Keys and events fzf's `unbind` took from the key table until a `rebind`.
    var unboundKeys: Set<Key> = []
    /// fzf's `--disabled` and its actions: the query is kept for commands alone, not searched.
    var searchDisabled: Bool
    /// fzf's input section (the query row) is shown: typing edits the query only then.
    var showsInput = true
    /// fzf's jump mode, while on: `jump` or `jump-accept`, waiting for a label (`SearchApp+Jump`).
    public internal(set) var jumping: KeyAction?
    /// Deletes what a hit stands for (`delete-hit`); nil: nothing here can be deleted.
    public var hitDeleter: (any HitDeleting)?
    /// A `delete-hit` waiting for its y or n (`SearchApp+DeleteHit`).
    var pendingDeletion: PendingDeletion?
    /// The hit just deleted, until the list without it is in (`finishDeletionIfDone`).
    var deletedHit: (indexName: String, objectID: String)?
    /// The hits marked with `--multi`.
    public internal(set) var marks = Marks()
    /// `toggle-show-marked`: the list holds only the marked hits (`SearchApp+ShowMarked`).
    public internal(set) var showsMarked = false
    /// The query suggestions under the search box: which is selected, whether Esc hid them.
    public internal(set) var suggestionsDropdown = SuggestionsDropdown()
    /// The suggestions the hub offers for the query in the box, as of the last `refresh`.
    var suggestions: SuggestionsState?
    /// The walk through `--history`, when given.
    var history: QueryHistory?
    /// The last left click, for double-click (`SearchApp+Mouse`).
    var lastClick: (x: Int, y: Int, at: ContinuousClock.Instant)?
    /// Two presses on the same cell this close together are a double click.
    static let doubleClickTime = Duration.milliseconds(400)
    /// fzf's `bell`: rings the terminal's bell (the session sets it; nothing in tests).
    public var onBell: (() -> Void)?
    /// Set by the clear-screen action; the driver repaints every cell and clears it.
    public internal(set) var wantsRepaint = false
    /// Why the last next-sort did nothing (no sorts declared), until the next key.
    public internal(set) var sortNotice: String?
    /// The notes of finished loads already on screen when a key came ("cached for next time"):
    /// they are done, and leave the stats line (by `noteKey`).
    private(set) var dismissedNotes: Set<String> = []
    /// The screen's size and where each pane goes, from the last resize.
    private(set) var screen = Rect(x: 0, y: 0, width: 80, height: 24)
    private(set) var layout = ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24))
    /// Where fzf's screen (`drawsPicker`) puts everything, from the last resize.
    var picker: PickerLayout?
    /// The rows the hits list was last sized for (`hitsArea`).
    var hitsListArea: Rect?
    /// The hits list as the last frame drew it: its results and the hit drawn as selected.
    /// Enter picks that hit when newer results were laid out but not drawn yet (a load's
    /// next batch between the frame and the key): what the user saw selected.
    var drawnList: (results: SearchResults?, selected: Hit?)?
    let descriptions: [String: IndexDescription]
    /// The most rows the hits have needed so far (fzf's `--height ~N` grows with them).
    var hitRowsSeen = 0
    /// How long a key's frame may wait for the answer to the search it started: set for a
    /// backend whose answers come within a frame (`RequestPolicy.answersWithinFrame`).
    var answerHold: Duration?
    /// Run once, when the first frame is on screen (the loaders start then).
    var onFirstFrame: (() -> Void)?
    /// Records are read in the background (standard input, a reload): until their first news
    /// comes, the reading counts as under way (fzf's `start:wait` waits for it).
    var readsInBackground = false
    /// What the views keep of each index while another is on screen.
    private var viewsByIndex = ViewsByIndex()

    /// How numbers are written: `.current` (the locale's separators) in the terminal; tests
    /// keep the standard "," and ".".
    let numbers: NumberText

    public init(
        hub: InstantSearch, keys: KeyTable = .standard, options: Options = Options(),
        previewWindow: PreviewWindow = PreviewWindow(), previewCommand: PreviewCommand? = nil,
        previewRunner: CommandRunner? = nil, numbers: NumberText = .standard, reloader: (any RecordReloading)? = nil
    ) {
        self.hub = hub
        self.reloader = reloader
        header = options.header
        (hitsList.cycles, hitsList.tracks) = (options.cycle, options.track)
        hitsList.keepsRowOnNewQuery = options.fzfScreen
        hitsList.runsUpward = options.layout.listRunsUpward
        (hitsList.wraps, hitsList.hasMarkColumn) = (options.wrap, options.multi)
        (hitsList.pointer, hitsList.marker, hitsList.window) = (options.pointer, options.marker, options.matchWindow)
        (hitsList.scrollOff, hitsList.scrollbar) = (options.scrollOff, options.scrollbar)
        self.numbers = numbers
        // Several indices: Tab goes on switching them (the hits list's Tab marks with one).
        self.keys = hub.indices.count > 1 ? keys.tabSwitchingIndices() : keys
        self.options = options
        history = options.history
        (borderLabel, previewLabel) = (options.frame.label, options.previewLabel)
        sectionTexts = PickerSectionTexts(options)
        searchDisabled = options.disabled
        showsInput = !options.inputHidden
        (searchBox.prompt, searchBox.pathWords) = (options.prompt, options.filepathWord)
        preview = PreviewPane(window: previewWindow, runsCommand: previewCommand != nil)
        preview.images = options.previewImages
        self.previewCommand = previewCommand
        self.previewRunner = previewRunner
        help = HelpOverlay(table: self.keys)
        descriptions = IndexDescription.byName(hub.indices)
        sectionsView = hub.sectionsSearch.map { _ in SectionsView(indices: hub.indices) }
        sectionsView?.numbers = numbers
        (hitsList.numbers, refinementList.numbers, sliderPane.numbers, currentRefinements.numbers) = (numbers, numbers, numbers, numbers)
        if drawsPicker { adoptPickerDefaults() }
        resize(width: screen.width, height: screen.height)
        if preview.isShown { hub.dispatch(.setRankingInfo(previewCommand == nil)) }
    }

    public var isFinished: Bool { outcome != nil }

    // MARK: Update

    /// Applies one key. Returns false once the app is finished (see `outcome`).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        sortNotice = nil
        script.notice = nil
        if pendingDeletion != nil {
            answerDeletion(key)
            refresh()
            return outcome == nil
        }
        script.lastKey = KeyName.bindName(key)
        dismissDoneNotes()
        (script.triggers, script.key) = (0, key)
        script.pausedQueryReset?.byLaterKeys = true
        if script.waiting == .search {
            // fzf's `wait`: keys are ignored, but abort or cancel ends the wait.
            if !unboundKeys.contains(key), let chain = keys.actions(for: key, in: contexts) { keyWhileWaiting(chain) }
            refresh()
            raiseEvents()
            return outcome == nil
        }
        if jumping != nil {
            jump(with: key)
            return outcome == nil
        }
        if !showsHelp, let name = options.expect[key] {
            // fzf's --expect: the key ends the session like accept, whatever it is bound to.
            outcome = .accepted(hits: pickedHits(), key: name)
            return false
        }
        if case .character = key, let chain = boundPrintable(key) {
            run(chain)
        } else if case .character(let character) = key {
            // Printable keys, Space too, edit the query unless bound (or in normal mode).
            if !showsHelp && !inNormalMode && showsInput { type(character) }
        } else if editsRange {
            handleRangeInput(key)
        } else if !unboundKeys.contains(key), let chain = keys.actions(for: key, in: contexts) {
            run(chain)
        }
        refresh()
        raiseEvents()
        return outcome == nil
    }

    /// What a printable key is bound to (`--bind j:down`), where it does not type on purpose:
    /// not in a search in facet values or a typed range, which take every character.
    private func boundPrintable(_ key: Key) -> [BoundAction]? {
        guard !searchesFacetValues, !editsRange, !unboundKeys.contains(key) else { return nil }
        return keys.actions(for: key, in: contexts)
    }

    /// A paste (bracketed by the terminal) goes into the query as one edit, whichever pane
    /// has focus: one search, not one per character — or into the small input open (a facet
    /// search, a typed range). Ignored under the help overlay. Returns whether anything changed.
    @discardableResult
    public func paste(_ text: String) -> Bool {
        guard !showsHelp, !text.isEmpty else { return false }
        jumping = nil  // a paste is no label
        dismissDoneNotes()
        if editsRange {
            text.filter { !$0.isNewline }.forEach { sliderPane.typeInRange($0) }
            refresh()
            return true
        }
        if searchesFacetValues {
            refinementList.type(text).forEach(hub.dispatch)
            refresh()
            return true
        }
        searchBox.insert(text)
        searchQuery()
        refresh()
        raiseEvents()
        return true
    }

    /// A finished load's note, as it stands, is said: the next key takes it off the stats line.
    /// Read from the loading status alone: the active index's whole state (its hits, its
    /// facets) was a sixth of a key's handling on 100 lines.
    private func dismissDoneNotes() {
        let name = hub.searcher.indexName
        guard let loading = hub.loading.progress[name], loading.isFinished, let note = loading.note else { return }
        dismissedNotes.insert(Self.noteKey(name: name, note: note))
    }

    /// Which note of which index: another note (a `--watch` reload's) shows again.
    static func noteKey(_ index: IndexState) -> String { noteKey(name: index.name, note: index.loading?.note) }

    private static func noteKey(name: String, note: String?) -> String { "\(name)\u{0}\(note ?? "")" }

    /// Hands the backend's answers to their searchers and the views; returns how many there were.
    @discardableResult
    public func deliverResponses() -> Int {
        var count = hub.deliverPendingResponses()
        resetPausedQueryIfReplaced()
        adoptReloadedHeader()
        if let output = previewRunner?.take() {
            preview.show(output)
            count += 1
        }
        count += takeCommandResults() + takeRemoteActions()
        if count > 0 {
            refresh()
            noteAnswers()
            if script.startsOnFirstAnswer { start() } else { raiseEvents() }
        }
        return count
    }

    /// The terminal's new size: the layout, list heights and slider steps follow.
    public func resize(width: Int, height: Int) {
        screen = Rect(x: 0, y: 0, width: width, height: height)
        fitLayout(force: true)
        help.resize(screen: screen)
        refresh()
        if script.started { raise(.resize) }
    }

    /// The header's rows: the `--header` (a row per line of it), then the active index's
    /// `--header-lines`.
    var headerRows: [ANSIText] {
        script.headerHidden ? [] : givenHeaderRows + (options.headerLines[hub.searcher.indexName] ?? [])
    }

    var givenHeaderRows: [ANSIText] {
        header.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { ANSIText(text: String($0)) } } ?? []
    }

    /// Where each pane goes: on a resize, and when the slider pane gains or loses focus (its
    /// attribute list then shows or hides). The lists follow their new sizes.
    private func fitLayout(force: Bool = false) {
        let panes = SidebarPanes(for: descriptions[hub.searcher.indexName])
        if !panes.contains(Self.pane(of: focus)) { focus = .hits }  // its pane is gone (another index)
        let wanted = ScreenLayout(
            screen: options.frame.inner(of: screen), headerRows: headerRows.count, preview: preview.isShown ? preview.window : nil,
            sliderRows: focus == .slider ? sliderPane.wantedRows : 4, panes: panes, listLayout: options.layout, info: options.info,
            compact: options.compact ? paneTitle("Hits", .focusHits).displayWidth : nil, showsTabs: descriptions.count > 1,
            showsSearchBox: showsInput || drawsPicker)
        defer { fitHitsList(force: force) }
        if drawsPicker {
            // fzf's `<N(...)` alternative window, chosen by the room there is.
            preview.use(preview.window.effective(in: pickerArea))
            let wantedPicker = pickerLayout()
            if force || wantedPicker != picker, let text = wantedPicker.previewText { preview.resize(width: text.width, height: text.height) }
            picker = wantedPicker
        }
        guard force || wanted != layout else { return }
        layout = wanted
        if let layout {
            if !drawsPicker, let area = layout.preview { preview.resize(width: area.width, height: area.height) }
            refinementList.resize(height: layout.refinements.height)
            sliderPane.resize(width: layout.slider.width, height: layout.slider.height)
        }
    }

    /// Where keys are looked up now, most specific first.
    var contexts: [KeyContext] {
        let panes = paneContexts.first == .help || !showsSuggestions ? paneContexts : [.suggestions] + paneContexts
        return inNormalMode && !showsHelp && !searchesFacetValues && !editsRange ? [.normal] + panes : panes
    }

    /// Where keys are looked up now, leaving the suggestions out.
    private var paneContexts: [KeyContext] {
        if showsHelp { return [.help] }
        if hub.showsSections { return [.sections, .global, .searchBox] }
        switch focus {
        case .hits: return [.hits, .global, .searchBox]
        case .refinements where searchesFacetValues: return [.facetSearch, .global]
        case .refinements: return [.refinements, .global, .searchBox]
        case .slider: return [.slider, .global, .searchBox]
        case .currentRefinements: return [.currentRefinements, .global, .searchBox]
        }
    }

    /// True while a search in facet values is open in the focused refinement list: printable
    /// keys type into it, not into the query (the one exception, opened on purpose).
    var searchesFacetValues: Bool { focus == .refinements && refinementList.isSearching && !hub.showsSections }

    /// True while the slider pane's typed-range input (Ctrl-F) is open: printable keys type into it.
    var editsRange: Bool { focus == .slider && sliderPane.isEditingRange && !showsHelp && !hub.showsSections }

    /// Moves the focus; leaving the refinement list closes a search in its values. A pane
    /// the index has nothing for is not on screen: the focus stays where it was.
    func move(focus next: Focus) {
        guard SidebarPanes(for: descriptions[hub.state.active.name]).contains(Self.pane(of: next)) else { return }
        if next != .refinements, refinementList.isSearching { hub.dispatch(.closeFacetSearch) }
        focus = next
    }

    /// The sidebar pane a focus is in; none (empty) for the hits and the chips above them.
    static func pane(of focus: Focus) -> SidebarPanes {
        switch focus {
        case .refinements: return .refinements
        case .slider: return .slider
        case .hits, .currentRefinements: return []
        }
    }

    /// Reads the hub's state into the views, then hands the hub what they ask for (the next
    /// page) — after the answers were delivered, never from inside a results callback.
    func refresh() {
        let state = hub.state
        let kept = viewsByIndex.show(state.active.name, leaving: .init(hits: hitsList.place, sliderAttribute: sliderPane.active))
        // Under the theme it is drawn with: the list makes its hits' displays (styles) here.
        var intents = Theme.$current.withValue(options.theme) {
            hitsList.update(listed(state).active, description: descriptions[state.active.name], place: kept?.hits)
        }
        refinementList.update(
            state.active, description: descriptions[state.active.name], limits: (hub.facetLists.limit, hub.facetLists.showMoreLimit))
        currentRefinements.update(state.active, description: descriptions[state.active.name])
        sliderPane.update(state.active, description: descriptions[state.active.name], attribute: kept?.sliderAttribute)
        if let sections = state.sections { sectionsView?.update(sections) }
        suggestions = state.suggestions
        suggestionsDropdown.update(suggestions)
        // The sections view searches every index: no one index's name.
        searchBox.placeholder =
            drawsPicker ? options.ghost : state.showsSections ? "Search every index…" : "Search \(state.activeDescription.name)…"
        if hub.showsSections { intents = [] }
        fitLayout()
        // fzf's screen needs a row a line (none for no line); the panes keep two for their notes.
        hitRowsSeen = max(hitRowsSeen, drawsPicker ? hitsList.contentRows(least: 0) : hitsList.contentRows)
        intents.forEach(hub.dispatch)
        finishReloadIfDone()
        finishDeletionIfDone()
        finishWaitIfDone()
        refreshPreview()
        refreshInfoCommand()
    }

    private func type(_ character: Character) {
        if editsRange {
            sliderPane.typeInRange(character)
            return
        }
        if searchesFacetValues {
            refinementList.type(String(character)).forEach(hub.dispatch)
            return
        }
        searchBox.insert(character)
        searchQuery()
    }

    /// The query in the box goes to the hub (after a typed or pasted text, a query from the
    /// history or a command), as the box's own edits do (`send`).
    func searchQuery() {
        send([.setQuery(searchBox.text)])
    }

}
