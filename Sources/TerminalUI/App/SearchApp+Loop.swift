import InstantSearchCore

/// The app as the event loop runs it (`TerminalApp`): keys to `handle`, wake-ups to the hub's
/// mailbox, sizes to `resize`, and the frame-pacing answers.
extension SearchApp: TerminalApp {
    /// How long a key's echo may wait for its results, so that the two are one frame. A key
    /// holds only when the last answer came well within the hold (`FramePacer.hold`): a small
    /// index answers within it and its echo and results are drawn together, still within the
    /// echo's budget; a larger index echoes at once and draws its results as a second frame. A
    /// longer hold made every key of a large index one frame but its echo later; a shorter one
    /// split small indices' keys into two frames now and then. The runs that chose the value:
    /// docs/measurements.md, "The frame hold".
    static let answerHold = Duration.milliseconds(1)

    /// Searches of an in-process engine whose last one took at most this run on the loop's
    /// thread (`ResponseRouter.inlineBudget`).
    static let inlineBudget = Duration.milliseconds(1)

    /// The hold while a search of what is on screen runs (the active index's, the sections
    /// view's, a facet list's, the query suggestions under the box); nil once answered, and
    /// always without `answerHold`. The suggestions count too: a key whose hits came from the
    /// cache at once still waits for its suggestions, which drawn apart were a second frame (the
    /// dropdown, a few milliseconds after the hits). Quick searches run on this thread one
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
