import InstantSearchCore

/// The app as the event loop runs it (`TerminalApp`): keys to `handle`, wake-ups to the hub's
/// mailbox, sizes to `resize`, and the frame-pacing answers.
extension SearchApp: TerminalApp {
    /// How long a key's echo may wait for its results, so that the two are one frame: a key
    /// into 100 lines answers in 0.6–0.9 ms (from the key to the answer taken in), and holds
    /// when the last answer came within 0.75 ms (`FramePacer.hold`). Drawing the frame takes
    /// about 0.5 ms more, so the echo reaches the terminal within 2 ms of the key; a larger
    /// index (1–2 ms a key at 1.69M records) echoes at once and draws its results as a second
    /// frame. With a 4 ms hold, every key into 1.69M records was one frame, its echo 1.8 ms
    /// after the key at the median and 2.2–3.0 ms at most (`keylatency.py`); drawn at once,
    /// 0.8–0.9 and 1.0–1.8 ms. A 0.75 ms hold after answers within it split one key into 100
    /// lines in three into two frames now and then (a final frame at 1.6 ms at the median in one
    /// round, fzf's 0.5); a 1 ms hold after answers within 1 ms held a key into 1.69M whose
    /// answer came late (echo 2.0 ms).
    static let answerHold = Duration.milliseconds(1)

    /// Searches of an in-process engine whose last one took at most this run on the loop's
    /// thread (`ResponseRouter.inlineBudget`).
    static let inlineBudget = Duration.milliseconds(1)

    /// The hold while a search of what is on screen runs (the active index's, the sections
    /// view's, a facet list's, the query suggestions under the box); nil once answered, and
    /// always without `answerHold`. The suggestions count too: a key whose hits came from the
    /// cache at once still waits for its suggestions, which drawn apart were a second frame (the
    /// dropdown, 1.7–4.1 ms after the key into 1.69M records). Quick searches run on this thread one
    /// after the other (`inlineBudget`), so the suggestions no longer wait for a core behind the
    /// hits' scan.
    public var frameHold: Duration? {
        guard let answerHold else { return nil }
        let searching = hub.showsSections ? hub.sectionsSearch?.multiSearcher.isSearching ?? false : hub.searcher.isSearching
        return searching || hub.facetLists.isSearching || hub.suggestions?.isSearching == true ? answerHold : nil
    }

    /// The searches the turn's keys asked for start once the turn's frame is out: a key's echo
    /// is drawn before its search takes the cores (see `ResponseRouter.holdsRequests`).
    public func turnEnded() {
        hub.router.startHeldRequests()
    }

    public func handle(_ event: TerminalEvent) -> LoopCommand {
        switch event {
        case .key(let key):
            let going = handle(key)
            if wantsRepaint {
                wantsRepaint = false
                return .repaint
            }
            return going ? (wantsTerminal ? .releaseTerminal : .continue) : .quit
        case .terminalReleased:
            runForeground()
            return isFinished ? .quit : wantsTerminal ? .releaseTerminal : .continue
        case .paste(let text): return settle(paste(text) ? .continue : .ignored)
        case .mouse(let mouse): return handle(mouse) ? .continue : .ignored
        case .wake: return settle(deliverResponses() > 0 ? .continue : .ignored)
        case .firstFrameDrawn:
            onFirstFrame?()
            onFirstFrame = nil
            // fzf's start event: what it runs shows in the next frame.
            return settle(start() ? .continue : .ignored)
        case .resize(let width, let height):
            resize(width: width, height: height)
            return settle(.continue)
        case .signal: return .quit
        }
    }

    /// What an event's actions (events and chains that ran with it) ask of the loop: to end,
    /// or the terminal for `execute`.
    private func settle(_ answer: LoopCommand) -> LoopCommand {
        if isFinished { return .quit }
        return wantsTerminal ? .releaseTerminal : answer
    }
}
