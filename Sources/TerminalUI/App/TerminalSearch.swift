import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One terminal search session, ready to run over any backend: what the executables
/// configure, then `run()` builds the hub, the app (`SearchApp`) and the event loop, and runs
/// them until the user picks a hit or leaves.
public struct TerminalSearch {
    /// How a session ends: what the app decides (`SearchApp.outcome`), or a signal.
    public enum Exit: Equatable {
        /// Accept, or a key of fzf's `--expect` (`key` is its name; "" for accept): the marked
        /// hits in marking order, else the selected one; none when the list is empty (fzf
        /// then exits 1).
        case accepted(hits: [Hit], key: String)
        /// Abort (Esc from the hits list, Ctrl-C): exit 130, print nothing.
        case cancelled
        /// A termination signal ended the session (the terminal is restored).
        case signal(Int32)
        /// fzf's `become`: the caller is to replace the process with the command
        /// (`CommandRunner.replaceProcess`), the terminal already restored.
        case become(command: String, environment: [String: String])
        /// fzf's `print-query`: the query alone is printed, status 0.
        case queryPrinted

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
    /// The sections of the sections view (F5); none: each index's hits and the values of its
    /// first facet (`SectionDefinition.defaults`).
    public var sections: [SectionDefinition]
    /// Open on the sections view rather than the tabs.
    public var startsWithSections: Bool
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
    /// Deletes what a hit stands for (`delete-hit`; nil: the source has nothing to delete).
    public var hitDeleter: (any HitDeleting)?
    /// Set to time each step of the event loop (`--profile`); read it once `run` returned.
    public var profile: LoopProfile?
    /// Where the session's insights go (`--no-insights`: nil, nothing recorded).
    public var insights: InsightsTracker.Options?
    /// Query suggestions: each index name that has a suggestions index, to that index's name
    /// (the backend answers it). Empty: no dropdown.
    public var suggestionIndices: [String: String] = [:]

    public init(
        indices: [IndexDescription], backend: any Searchable, hitsPerPage: Int = 20,
        strategy: Strategy? = nil, cacheTimeToLive: Duration? = .seconds(120),
        sections: [SectionDefinition] = [], startsWithSections: Bool = false,
        terminal: TerminalOptions = TerminalOptions(), keys: KeyTable = .standard
    ) {
        self.terminal = terminal
        self.keys = keys
        self.sections = sections
        self.startsWithSections = startsWithSections
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
        let profile = profile
        // With --profile, the mailbox also notes when each answer was posted (the wake step)
        // and how long its backend call took (the search step).
        var observe: (@Sendable (Delivery) -> Void)?
        if let profile { observe = { delivery in profile.notePost(workTime: delivery.workTime) } }
        let router = ResponseRouter(wake: loop.wake, observe: observe)
        router.holdsRequests = true
        router.inlineBudget = backend.requestPolicy.answersWithinFrame ? SearchApp.inlineBudget : nil
        let timers = loop.timers
        let choice = effectiveStrategy
        let hub = InstantSearch(
            indices: indices, backend: backend, scheduler: timers, router: router, hitsPerPage: hitsPerPage,
            cache: cacheTimeToLive.map { SearchCache(timeToLive: $0, clock: timers) },
            sections: sections.isEmpty ? SectionDefinition.defaults(for: indices) : sections,
            strategy: { choice.makeStrategy(scheduler: timers) }, suggestionIndices: suggestionIndices)
        // One runner for every command of the session: the preview's and --bind's.
        let runner = CommandRunner(wake: loop.wake)
        defer { CommandRunner.Slot.allCases.forEach(runner.cancel) }
        let app = SearchApp(
            hub: hub, keys: options.history == nil ? keys : keys.walkingHistory(), options: options,
            previewWindow: previewWindow, previewCommand: previewCommand, previewRunner: runner, numbers: .current,
            reloader: reloader)
        app.hitDeleter = hitDeleter
        defer { app.cleanUpCommands() }
        if let insights { app.recordInsights(insights, scheduler: timers) }
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
        app.answerHold = backend.requestPolicy.answersWithinFrame ? SearchApp.answerHold : nil
        app.onFirstFrame = { for loader in loaders { loader.start(report: report) } }
        app.readsInBackground = !loaders.isEmpty
        defer { for loader in loaders { loader.cancel() } }
        hub.start()
        if !initialQuery.isEmpty { app.paste(initialQuery) }
        if startsWithSections { hub.dispatch(.toggleSections) }
        switch try loop.run(app) {
        case .signal(let number): return Ending(exit: .signal(number), query: app.searchBox.text)
        case .quit:
            let exit = app.outcome ?? .cancelled
            let printed = if case .accepted = exit { app.script.printed } else { [String]() }
            return Ending(exit: exit, query: app.searchBox.text, printed: printed)
        }
    }
}
