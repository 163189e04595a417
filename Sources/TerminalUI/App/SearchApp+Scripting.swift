import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What `--bind`'s chains have under way: the actions left to run, the command they wait for,
/// and what the session's events were last seen as.
struct ScriptState {
    /// `preview(…)`'s command shows, for the line it ran on (nil: on no line), until another is selected.
    var oneOffPreview: String??
    /// A `preview(…)` asked for in the chain now running: it starts once the chain has run, in
    /// the window the chain left (fzf's `preview(…)+change-preview-window(up)`).
    var oneOffPreviewToStart: ExpandedCommand?
    /// `--info-command`: what it printed last, and what it was last run for.
    var infoCommand = InfoCommandState()
    /// The interface is up but the first answer has not come: `start` waits for it.
    var startsOnFirstAnswer = false
    /// How far each `change-preview-window` argument with `|` alternatives has turned.
    var previewWindowTurns: [String: Int] = [:]
    /// Actions still to run, in order (the rest of a chain, then chains queued behind it).
    var pending: [BoundAction] = []
    var isDraining = false
    /// A command the chain waits for before its next action.
    enum Waiting: Equatable {
        case executeSilent, transform, transformQuery
        /// fzf's `wait`: the search under way (the reading included) to be done.
        case search
        /// A `transform-*` whose output is the argument of this action (`change-prompt`, …).
        case into(KeyAction)
    }
    var waiting: Waiting?
    /// `execute`'s command line, until the loop hands over the terminal.
    var foreground: String?
    /// What the last command that failed said, on the stats line until the next key.
    var notice: String?
    /// `print(...)`'s lines, printed when the session ends with accept.
    var printed: [String] = []
    /// The `reload` reading now (cancelled by the next one).
    var reloading: (any BackgroundLoading)?
    /// Reloads started so far; the one under way (its index and number) until its list is in
    /// place and searched (`SearchApp+Reload`).
    var reloads = 0
    var reloadUnderway: (indexName: String, number: Int)?
    /// The reload whose new list is yet to be searched while search is disabled: fzf searches a
    /// new list with no query, the query kept from before belonging to the old one.
    var pausedQueryReset: PausedQueryReset?
    /// `f` placeholders' files of the actions' commands, removed when the session ends.
    var files: [String] = []
    /// Those of the preview's command now running, removed when the next one starts.
    var previewFiles: [String] = []
    /// What the `bg-transform*` under way (the background slot) does with its output.
    var background: Waiting?
    /// `trigger` steps run since the last key: a key whose chain triggers itself stops here.
    var triggers = 0
    /// fzf's `hide-header`: the header's rows are kept, not drawn.
    var headerHidden = false
    /// The marks as events last saw them (`multi`).
    var seenMarks: [String] = []
    /// The key whose chain runs (`put` alone types it).
    var key: Key?
    /// Whether `start` has been raised (events before it are the setup's, not the user's).
    var started = false
    /// Set when an event ran its chain (`start` tells the loop whether to draw).
    var eventsRan = false
    // The session as events last saw it.
    var seenQuery = ""
    var seenFocus: String?
    var seenResults: SearchResults?
    var seenLoaded = false
    /// fzf's FZF_KEY and FZF_ACTION: the last key pressed (by its `--bind` name) and the last
    /// action run (`start` before any).
    var lastKey = ""
    var lastAction = "start"
}

extension SearchApp {
    /// Runs a chain of actions, after any still waiting for a command.
    func run(_ chain: [BoundAction]) {
        script.pending += chain
        drain()
    }

    /// Runs queued actions until one waits for a command or the terminal, or the session ends.
    func drain() {
        guard !script.isDraining else { return }
        script.isDraining = true
        defer { script.isDraining = false }
        while script.waiting == nil, script.foreground == nil, outcome == nil, !script.pending.isEmpty {
            let next = script.pending.removeFirst()
            if !performScripted(next), !performFzfAction(next) { perform(next.action) }
            // fzf's FZF_ACTION and {fzf:action}: the last action done, a command's own not counted.
            if !next.action.runsCommand { script.lastAction = next.action.name }
        }
        startOneOffPreview()
    }

    /// The session's events: `start` once the interface is up; the rest as they happen.
    /// Returns whether an event's actions ran (a new frame is then needed).
    /// fzf's `start` comes with the first list, so that `select-all`, `last` and the like act on
    /// it: before the first answer it waits for it (`startIfAnswered`).
    @discardableResult
    func start() -> Bool {
        let active = hub.state.active
        guard active.results != nil || active.error != nil else {
            script.startsOnFirstAnswer = true
            return false
        }
        script.startsOnFirstAnswer = false
        script.started = true
        script.seenQuery = searchBox.text  // the query the session opened with (--query) is no change
        script.eventsRan = false
        raise(.start)
        raiseEvents()
        return script.eventsRan
    }

    func raise(_ event: KeyEvent) {
        guard !unboundKeys.contains(.event(event)), let chain = keys.actions(for: .event(event), in: [.global]) else { return }
        script.eventsRan = true
        run(chain)
    }

    /// Compares the session with what events last saw, and raises those that happened.
    func raiseEvents() {
        guard script.started else { return }
        let state = hub.state.active
        if searchBox.text != script.seenQuery {
            script.seenQuery = searchBox.text
            raise(.change)
        }
        // A reload under way is loading too, from the moment it starts (its first progress comes
        // later): `start:reload`'s load is the reload's, not the empty list's before it.
        let loaded = (state.loading?.isFinished ?? true) && script.reloadUnderway?.indexName != state.name
        if loaded, !script.seenLoaded { raise(.load) }
        script.seenLoaded = loaded
        if let results = state.results, results != script.seenResults {
            script.seenResults = results
            raise(.result)
            if loaded { raise(.resultFinal) }
            if loaded, results.nbHits == 1 { raise(.one) }
            if loaded, results.nbHits == 0 { raise(.zero) }
        }
        let marked = marks.marked.map { "\($0.indexName)\u{0}\($0.hit.objectID)" }
        if marked != script.seenMarks {
            script.seenMarks = marked
            raise(.multi)
        }
        let focus = hitsList.selectedHit.map { "\(hitsList.selection) \($0.objectID)" }
        if focus != script.seenFocus {
            // fzf's focus fires when nothing is left to select too (its {} then empty).
            script.seenFocus = focus
            raise(.focus)
        }
    }

    /// Carries out the actions of fzf's scripting; false for the others (`perform` has them).
    func performScripted(_ bound: BoundAction) -> Bool {
        let argument = bound.argument ?? ""
        switch bound.action {
        // fzf's rule: with no hit selected, a command whose placeholders name it is not run
        // (a transform is: it reads its output, not the hit).
        case .execute where !runs(argument), .executeMulti where !runs(argument), .executeSilent where !runs(argument),
            .become where !runs(argument):
            break
        case .execute: script.foreground = expand(argument)
        case .executeMulti: script.foreground = expand(argument, everyPlaceholderMarked: true)
        case .executeSilent: startCommand(argument, waiting: .executeSilent)
        case .transform: startCommand(argument, waiting: .transform)
        case .transformQuery: startCommand(argument, waiting: .transformQuery)
        case .become: outcome = .become(command: expand(argument), environment: environment)
        case .reload, .reloadSync: reload(argument, sync: bound.action == .reloadSync)
        case .changeQuery: showQuery(argument)
        case .put:
            if let text = bound.argument {
                searchBox.insert(text)
            } else if case .character(let character)? = script.key {
                searchBox.insert(character)
            }
            searchQuery()
        case .changePrompt: searchBox.prompt = argument
        case .unbind, .rebind:
            // fzf's key names, comma-separated; a name no key has is said, the others still count.
            for name in argument.split(separator: ",").map({ $0.trimmingBlanks() }) where !name.isEmpty {
                guard let key = KeyName.parse(name) else {
                    script.notice = "\(bound.action.name): no key or event is named '\(name)'"
                    continue
                }
                if bound.action == .unbind { unboundKeys.insert(key) } else { unboundKeys.remove(key) }
            }
        case .position:
            guard let position = Int(argument.trimmingBlanks()) else {
                script.notice = "pos takes a position from 1 (-1: the last, 0: the first); not '\(argument)'"
                return true
            }
            if !hub.showsSections, focus == .hits { send(hitsList.select(position: position, hub.state.active)) }
        case .changeBorderLabel: borderLabel = argument
        case .changePreviewLabel: previewLabel = argument
        case .changeHeader:
            header = argument.isEmpty ? nil : argument
            resize(width: screen.width, height: screen.height)
        case .print: script.printed.append(argument)
        case .preview: showOneOffPreview(argument)
        case .changePreview: changePreview(to: argument)
        case .changePreviewWindow: changePreviewWindow(argument)
        case .refreshPreview:
            guard previewCommand != nil else { return true }  // fzf's: nothing to run again
            (commandRunning, script.oneOffPreview) = (nil, nil)
            refreshPreview()
        case .selectAll, .deselectAll, .toggleAll: markAll(bound.action)
        case .toggleShowMarked: toggleShowMarked()
        case .deleteHit: askToDeleteHit()
        case .acceptNonEmpty: if !pickedHits().isEmpty { _ = accept() }
        default: return false
        }
        return true
    }

    /// select-all, deselect-all, toggle-all: over the hits listed (the pages loaded), as fzf
    /// does over its matches; `--multi=N` caps the marks.
    private func markAll(_ action: KeyAction) {
        guard options.multi, !hub.showsSections else { return }
        let state = hub.state.active
        // Every match, as fzf's select-all, not only the pages loaded.
        for hit in matchedHits() {
            let marked = marks.contains(hit, in: state.name)
            switch action {
            case .selectAll where !marked && marks.count < options.multiLimit: marks.toggle(hit, in: state.name)
            case .deselectAll where marked: marks.toggle(hit, in: state.name)
            case .toggleAll where marked || marks.count < options.multiLimit: marks.toggle(hit, in: state.name)
            default: break
            }
        }
        if action == .deselectAll { marks = Marks() }
    }

    /// A command with its placeholders filled in for the session as it stands, every value
    /// quoted; its `f` files not yet written.
    func expansion(_ template: String, everyPlaceholderMarked: Bool = false) -> ExpandedCommand {
        var values = Placeholders.Values(
            current: hitsList.selectedHit, marked: marks.hits, query: searchBox.text, prompt: searchBox.prompt,
            action: script.lastAction, matched: { [self] in matchedHits() })
        values.everyPlaceholderMarked = everyPlaceholderMarked
        return options.placeholders.expand(template, with: values)
    }

    /// Whether a command runs now: a hit is selected, or its placeholders do without one.
    func runs(_ template: String) -> Bool {
        hitsList.selectedHit != nil || options.placeholders.runsWithoutAHit(template, anyMarked: !marks.isEmpty)
    }

    /// A command line with its placeholders filled in, its `f` files written (removed when the session ends).
    func expand(_ template: String, everyPlaceholderMarked: Bool = false) -> String {
        expansion(template, everyPlaceholderMarked: everyPlaceholderMarked).line { [self] content in
            let path = writeTemporaryFile(content)
            if let path { script.files.append(path) }
            return path
        }
    }

    /// `{*}`: every hit the search matched, in the list's order. A backend in this process is
    /// asked for all of them at once; otherwise they are the pages loaded so far.
    private func matchedHits() -> [Hit] {
        hub.searcher.everyMatchedHit() ?? hub.state.active.results?.hits ?? []
    }

    /// An `f` placeholder's file: `content` in a file of its own. The name comes from mkstemps
    /// (created with O_EXCL, mode 0600): another user cannot guess it and plant a file or a
    /// link there first.
    func writeTemporaryFile(_ content: [UInt8]) -> String? {
        var template = Array((FileManager.default.temporaryDirectory.path + "/instantsearch-XXXXXX.txt").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        FrameCapture.writeAll(content, count: content.count, to: descriptor)
        guard lseek(descriptor, 0, SEEK_CUR) == off_t(content.count) else {
            unlink(path)
            return nil
        }
        return path
    }

    /// fzf's environment for the commands (`ChildEnvironment`), our own names beside fzf's.
    var environment: [String: String] { childEnvironment.variables() }

    /// What the preview's command gets: the same, with its pane's size in `LINES` / `COLUMNS` too.
    var previewEnvironment: [String: String] { childEnvironment.variables(forPreview: true) }

    var childEnvironment: ChildEnvironment {
        let state = hub.state.active
        var values = ChildEnvironment()
        values.query = searchBox.text
        values.prompt = searchBox.prompt
        values.indexName = state.name
        values.totalCount = hub.loading.progress[state.name]?.records ?? state.results?.nbHits ?? 0
        values.matchCount = state.results?.nbHits ?? 0
        values.selectCount = marks.count
        values.lines = screen.height
        values.columns = screen.width
        if let hit = hitsList.selectedHit {
            values.position = hitsList.selection + 1
            values.currentItem = PreviewCommand.text(of: hit)
        }
        values.key = script.lastKey
        values.action = script.lastAction
        values.inputState = searchDisabled ? "disabled" : "enabled"
        values.direction = options.layout.promptAtBottom ? "up" : "down"
        values.borderLabel = borderLabel ?? ""
        values.previewLabel = previewLabel ?? ""
        values.clicks = sectionTexts.clicked
        values.port = remote?.port
        values.socketPath = remote?.socketPath
        // On fzf's screen the preview's text room is inside its box (border and padding), as fzf exports it.
        let previewArea = drawsPicker ? (picker ?? pickerLayout()).previewText : layout?.preview
        if preview.isShown, let area = previewArea {
            values.preview = .init(lines: area.height, columns: area.width, top: area.y, left: area.x)
        }
        return values
    }

    func startCommand(_ template: String, waiting: ScriptState.Waiting) {
        if start(template, in: .action) { script.waiting = waiting }
    }

    /// Runs `template`, expanded, in `slot` with fzf's environment; false (and a notice) when
    /// the session has no command runner.
    func start(_ template: String, in slot: CommandRunner.Slot) -> Bool {
        guard let runner = previewRunner else {
            script.notice = "no command runner in this session"
            return false
        }
        runner.start(expand(template), in: slot, environment: environment, output: .separate)
        return true
    }

    /// The answers of the commands chains wait for; how many there were.
    func takeCommandResults() -> Int {
        var count = 0
        if let result = previewRunner?.take(.reload), result.isFinished {
            count += 1
            if result.failed { script.notice = "reload \(result.failure)" }
        }
        if let result = previewRunner?.take(.action), result.isFinished, let waiting = script.waiting {
            count += 1
            script.waiting = nil
            let text = String(decoding: result.output, as: UTF8.self)
            if result.failed {
                script.notice = "\(waiting.name) \(result.failure)"
            } else if waiting == .transform {
                do {
                    script.pending.insert(contentsOf: try KeyTable.parseActions(text.trimmingLineEnds()), at: 0)
                } catch {
                    script.notice = "transform printed no actions: \(error)"
                }
            } else {
                apply(output: text, as: waiting)
            }
        }
        count += takeBackgroundResult()
        count += takeInfoCommandResult()
        if count > 0 { drain() }
        return count
    }

    /// After the loop handed over the terminal: `execute`'s command runs on it, then the chain
    /// goes on.
    func runForeground() {
        guard let command = script.foreground else { return }
        script.foreground = nil
        let (status, message) = CommandRunner.runInTerminal(command, environment: environment)
        if status != 0 { script.notice = "execute " + (message ?? status.map { "exited \($0)" } ?? "killed") }
        drain()
        refresh()
    }

    /// Whether the loop must hand over the terminal (`execute` waits for it).
    var wantsTerminal: Bool { script.foreground != nil && outcome == nil }

    /// Removes what the session's commands left behind (`{+f}` files, but not for `become`'s
    /// command, which still has to read them).
    func cleanUpCommands() {
        script.reloading?.cancel()
        if case .become = outcome { return }
        for file in script.files + script.previewFiles { try? FileManager.default.removeItem(atPath: file) }
        (script.files, script.previewFiles) = ([], [])
    }
}

/// A reload whose new list resets the query searched while search is disabled.
struct PausedQueryReset {
    let indexName: String
    let reload: Int
    let sync: Bool
    /// An edit of the query resets it too once a later key made it (an edit in the reload's
    /// own chain searches the old list, with the query from before, as fzf's does).
    var byLaterKeys = false
}
