import InstantSearchCore

/// The whole screen: the views, which pane has focus, and what the user chose.
///
/// One loop drives it (Bubble Tea's message → update → view): a key is looked up in the key
/// table and becomes a named action; actions change view state or become intents for the
/// hub; answers from the backend (`deliverResponses`) and resizes update the views from the
/// hub's state; `render(into:)` draws, changing nothing. None of it touches curses, so tests
/// drive it with keys and read the canvas.
public final class SearchApp {
    public enum Focus: Sendable { case hits, refinements, slider }

    public enum Outcome: Equatable {
        /// Accept on a hit: the program prints it and exits 0.
        case selected(Hit)
        /// Abort (Esc from the hits list, Ctrl-C): exit 130, print nothing.
        case cancelled
    }

    public let hub: InstantSearch
    public let keys: KeyTable
    public internal(set) var searchBox = SearchBox()
    public internal(set) var hitsList = HitsList()
    public internal(set) var refinementList = RefinementList()
    public internal(set) var sliderPane = SliderPane()
    /// The sections view (F5), when the setup has one.
    public internal(set) var federatedView: FederatedView?
    var help: HelpOverlay
    public internal(set) var focus = Focus.hits
    public internal(set) var showsHelp = false
    public internal(set) var outcome: Outcome?
    /// Set by the clear-screen action; the driver repaints every cell and clears it.
    public internal(set) var wantsRepaint = false
    /// The screen's size and where each pane goes, from the last resize.
    private(set) var screen = Rect(x: 0, y: 0, width: 80, height: 24)
    private(set) var layout = ScreenLayout(screen: Rect(x: 0, y: 0, width: 80, height: 24))
    let descriptions: [String: IndexDescription]

    public init(hub: InstantSearch, keys: KeyTable = .standard) {
        self.hub = hub
        self.keys = keys
        help = HelpOverlay(table: keys)
        descriptions = IndexDescription.byName(hub.indices)
        federatedView = hub.federated.map { _ in FederatedView(indices: hub.indices) }
        resize(width: screen.width, height: screen.height)
    }

    public var isFinished: Bool { outcome != nil }

    // MARK: Update

    /// Applies one key. Returns false once the app is finished (see `outcome`).
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        if let action = keys.action(for: key, in: contexts) {
            if !perform(action), !showsHelp, case .character(let character) = key { type(character) }
        } else if !showsHelp, case .character(let character) = key {
            type(character)  // printable keys always edit the query
        }
        refresh()
        return outcome == nil
    }

    /// A paste (bracketed by the terminal) goes into the query as one edit, whichever pane
    /// has focus: one search, not one per character. Ignored under the help overlay.
    /// Returns whether anything changed.
    @discardableResult
    public func paste(_ text: String) -> Bool {
        guard !showsHelp, !text.isEmpty else { return false }
        searchBox.insert(text)
        hub.dispatch(.setQuery(searchBox.text))
        refresh()
        return true
    }

    /// Hands the backend's answers to their searchers and the views; returns how many there were.
    @discardableResult
    public func deliverResponses() -> Int {
        let count = hub.deliverPendingResponses()
        if count > 0 { refresh() }
        return count
    }

    /// The terminal's new size: the layout, list heights and slider steps follow.
    public func resize(width: Int, height: Int) {
        screen = Rect(x: 0, y: 0, width: width, height: height)
        layout = ScreenLayout(screen: screen)
        if let layout {
            hitsList.resize(height: layout.hits.height)
            refinementList.resize(height: layout.refinements.height)
            sliderPane.resize(width: layout.slider.width)
        }
        help.resize(screen: screen)
        refresh()
    }

    /// Where keys are looked up now, most specific first.
    var contexts: [KeyContext] {
        if showsHelp { return [.help] }
        if hub.showsFederated { return [.sections, .global, .searchBox] }
        switch focus {
        case .hits: return [.hits, .global, .searchBox]
        case .refinements: return [.refinements, .global, .searchBox]
        case .slider: return [.slider, .global, .searchBox]
        }
    }

    /// Reads the hub's state into the views, then hands the hub what they ask for (the next
    /// page) — after the answers were delivered, never from inside a results callback.
    func refresh() {
        let state = hub.state
        var intents = hitsList.update(state.active)
        refinementList.update(state.active, description: descriptions[state.active.name])
        sliderPane.update(state.active, description: descriptions[state.active.name])
        if let sections = state.sections { federatedView?.update(sections) }
        // The sections view searches every index: no one index's name.
        searchBox.placeholder = state.showsSections ? "Search every index…" : "Search \(state.activeDescription.name)…"
        if hub.showsFederated { intents = [] }
        intents.forEach(hub.dispatch)
    }

    private func type(_ character: Character) {
        searchBox.insert(character)
        hub.dispatch(.setQuery(searchBox.text))
    }
}
