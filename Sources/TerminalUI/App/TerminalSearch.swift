import Foundation
import InstantSearchCore

/// The terminal InstantSearch, ready to run over any backend: builds the event loop, the
/// hub and the app, and runs them until the user picks a hit or leaves.
public struct TerminalSearch {
    public enum Exit: Equatable {
        /// Enter, or a key of `--expect` (its name; "" for Enter): the marked hits in marking
        /// order, else the selected one, none when the list was empty.
        case accepted(hits: [Hit], key: String)
        /// Esc from the hits list, or Ctrl-C.
        case cancelled
        /// A termination signal ended the session (the terminal is restored).
        case signal(Int32)
        /// fzf's `become`: the caller is to replace the process with the command
        /// (`CommandRunner.replaceProcess`), the terminal already restored.
        case become(command: String, environment: [String: String])

        /// Enter on one hit.
        public static func selected(_ hit: Hit) -> Exit { .accepted(hits: [hit], key: "") }
    }

    /// When as-you-type searches go out.
    public typealias Strategy = StrategyChoice

    public var indices: [IndexDescription]
    public var backend: any Searchable
    public var hitsPerPage: Int
    /// The user's choice; nil: what the backend declares suits it (`Searchable.requestPolicy`:
    /// every key for the embedded engine, debounced for a service over the network).
    public var strategy: Strategy?
    /// How long answers are kept to serve repeated queries; nil for no cache.
    public var cacheTimeToLive: Duration?
    /// The sections of the federated view (F5); none: each index's hits and the values of its
    /// first facet (`FederatedSection.defaults`).
    public var federatedSections: [FederatedSection]
    /// Open on the federated view rather than the tabs.
    public var startsFederated: Bool
    /// Colours, escape delay: how the terminal is driven (`colors: false` for `--no-color`).
    public var terminal: TerminalOptions
    /// The key bindings (`--bind` overrides go here).
    public var keys: KeyTable
    /// Indices still filling in the background: started once the interface is up, their
    /// progress on the stats line, cancelled when the session ends.
    public var loaders: [any BackgroundLoading] = []
    /// The query the session starts with (fzf's `--query`): in the box, cursor at its end.
    public var initialQuery = ""
    /// fzf's `--multi`, `--expect`, `--header`, `--prompt`, `--history`. With a history,
    /// Ctrl-P / Ctrl-N walk it instead of moving the lists.
    public var options = SearchApp.Options()
    /// Where the preview pane goes and whether it starts open (`--preview-window`).
    public var previewWindow = PreviewWindow()
    /// A command whose output the preview shows instead of the record (`--preview`).
    public var previewCommand: PreviewCommand?
    /// Reads `reload` commands' output into an index (nil: the source cannot be reloaded).
    public var reloader: (any RecordReloading)?
    /// Set to time each step of the event loop (`--profile`); read it once `run` returned.
    public var profile: LoopProfile?
    /// Query suggestions: each index name that has a suggestions index, to that index's name
    /// (the backend answers it). Empty: no dropdown.
    public var suggestionIndices: [String: String] = [:]

    public init(
        indices: [IndexDescription], backend: any Searchable, hitsPerPage: Int = 20,
        strategy: Strategy? = nil, cacheTimeToLive: Duration? = .seconds(120),
        federatedSections: [FederatedSection] = [], startsFederated: Bool = false,
        terminal: TerminalOptions = TerminalOptions(), keys: KeyTable = .standard
    ) {
        self.terminal = terminal
        self.keys = keys
        self.federatedSections = federatedSections
        self.startsFederated = startsFederated
        self.indices = indices
        self.backend = backend
        self.hitsPerPage = hitsPerPage
        self.strategy = strategy
        self.cacheTimeToLive = cacheTimeToLive
    }

    /// The strategy the searchers use: the one chosen, else the backend's.
    public var effectiveStrategy: Strategy { strategy ?? backend.requestPolicy.strategy }

    /// How a session ended, and the query in the box then (fzf's `--print-query` prints it).
    public struct Ending: Equatable {
        public var exit: Exit
        public var query: String
        /// `print(...)`'s lines, in order: printed before the picked records.
        public var printed: [String]

        public init(exit: Exit, query: String, printed: [String] = []) {
            self.exit = exit
            self.query = query
            self.printed = printed
        }
    }

    /// Opens the terminal (on /dev/tty, so standard input and output stay free) and runs
    /// until the user is done. The terminal is restored before this returns or throws.
    public func run() throws -> Exit {
        try runSession().exit
    }

    /// `run()`, also telling the query the session ended with.
    public func runSession() throws -> Ending {
        let loop = try EventLoop(options: terminal)
        loop.profile = profile
        let wake = loop.wake
        let profile = profile
        // With --profile, the mailbox also notes when an answer was posted (the wake step).
        let router = ResponseRouter(wake: profile == nil ? wake : { @Sendable in profile?.notePost(); wake() })
        let timers = loop.timers
        let choice = effectiveStrategy
        let hub = InstantSearch(
            indices: indices, backend: backend, scheduler: timers, router: router, hitsPerPage: hitsPerPage,
            cache: cacheTimeToLive.map { SearchCache(timeToLive: $0, clock: timers) }, federatedSections: federatedSections.isEmpty ? FederatedSection.defaults(for: indices) : federatedSections,
            strategy: { choice.makeStrategy(scheduler: timers) }, suggestionIndices: suggestionIndices)
        // One runner for every command of the session: the preview's and --bind's.
        let runner = CommandRunner(wake: loop.wake)
        defer { CommandRunner.Slot.allCases.forEach(runner.cancel) }
        let app = SearchApp(
            hub: hub, keys: options.history == nil ? keys : keys.walkingHistory(), options: options,
            previewWindow: previewWindow, previewCommand: previewCommand, previewRunner: runner, numbers: .current,
            reloader: reloader)
        defer { app.cleanUpCommands() }
        if let address = options.listen {
            let remote = try RemoteControl(address: address, wake: loop.wake)
            app.remote = remote
            remote.start()
        }
        defer { app.remote?.stop() }
        let report = hub.loading.report
        let loaders = loaders
        // Started once the first frame is up: on two cores, a load started before would
        // delay it by the time its threads take.
        let hold = backend.requestPolicy.answersWithinFrame ? SearchAppDriver.answerHold : nil
        let driver = SearchAppDriver(app: app, answerHold: hold) { for loader in loaders { loader.start(report: report) } }
        defer { for loader in loaders { loader.cancel() } }
        hub.start()
        if !initialQuery.isEmpty { app.paste(initialQuery) }
        if startsFederated { hub.toggleFederatedView() }
        switch try loop.run(driver) {
        case .signal(let number): return Ending(exit: .signal(number), query: hub.queryText)
        case .quit:
            let query = app.searchBox.text
            switch app.outcome {
            case .accepted(let hits, let key): return Ending(exit: .accepted(hits: hits, key: key), query: query, printed: app.script.printed)
            case .become(let command, let environment): return Ending(exit: .become(command: command, environment: environment), query: query)
            case .cancelled, nil: return Ending(exit: .cancelled, query: query)
            }
        }
    }
}


/// Connects the app to the event loop: keys to `handle`, wake-ups to the hub's mailbox,
/// sizes to `resize`.
final class SearchAppDriver: TerminalApp {
    let app: SearchApp
    /// How long a key's frame may wait for the answer to the search it started: set for a
    /// backend whose answers come within a frame (`RequestPolicy.answersWithinFrame`).
    let answerHold: Duration?
    /// Run once, when the first frame is on screen.
    private var onFirstFrame: (() -> Void)?

    /// An in-process engine answers most keys well within this (a fraction of a millisecond
    /// at 1.69M records); short enough that the echo of a slower one still shows within 2 ms.
    static let answerHold = Duration.milliseconds(1)

    init(app: SearchApp, answerHold: Duration? = nil, onFirstFrame: (() -> Void)? = nil) {
        self.app = app
        self.answerHold = answerHold
        self.onFirstFrame = onFirstFrame
    }

    /// The hold while a search of what is on screen runs (the active index's, the sections
    /// view's, a facet list's); nil once answered.
    var frameHold: Duration? {
        guard let answerHold else { return nil }
        let hub = app.hub
        let searching = hub.showsFederated ? hub.federated?.multiSearcher.isSearching ?? false : hub.searcher.isSearching
        return searching || hub.facetLists.isSearching ? answerHold : nil
    }

    var neededRows: Int? { app.neededRows }

    func handle(_ event: TerminalEvent) -> LoopCommand {
        switch event {
        case .key(let key):
            let going = app.handle(key)
            if app.wantsRepaint {
                app.wantsRepaint = false
                return .repaint
            }
            return going ? (app.wantsTerminal ? .releaseTerminal : .continue) : .quit
        case .terminalReleased:
            app.runForeground()
            return app.isFinished ? .quit : app.wantsTerminal ? .releaseTerminal : .continue
        case .paste(let text): return settle(app.paste(text) ? .continue : .ignored)
        case .mouse(let mouse): return app.handle(mouse) ? .continue : .ignored
        case .wake: return settle(app.deliverResponses() > 0 ? .continue : .ignored)
        case .firstFrameDrawn:
            onFirstFrame?()
            onFirstFrame = nil
            // fzf's start event: what it runs shows in the next frame.
            return settle(app.start() ? .continue : .ignored)
        case .resize(let width, let height):
            app.resize(width: width, height: height)
            return settle(.continue)
        case .signal: return .quit
        }
    }

    /// What an event's actions (events and chains that ran with it) ask of the loop: to end,
    /// or the terminal for `execute`.
    private func settle(_ answer: LoopCommand) -> LoopCommand {
        if app.isFinished { return .quit }
        return app.wantsTerminal ? .releaseTerminal : answer
    }

    func render(into canvas: inout Canvas) -> CursorPosition? {
        app.render(into: &canvas).map { CursorPosition(x: $0.x, y: $0.y) }
    }
}
