/// Decides when the event loop draws: one frame for a key and its answer when the answer is
/// quick, the key's echo at once when it is not.
///
/// A key that starts a search changes the screen twice: the query (its echo), then the
/// results. Drawn apart, that is two frames and two writes to the terminal for one key; a
/// backend in the process usually answers within a millisecond, so the loop may hold the
/// echo that long (`TerminalApp.frameHold`) and draw both as one frame. The hold is bounded
/// from the first input not yet on screen, so the echo is never later than that, however
/// slow the answer, and when the app expects no answer (a remote backend) nothing is held.
/// There is no frame rate: without a hold, a frame is drawn as soon as something changed.
struct FramePacer {
    /// When the oldest input not yet on screen was handled; nil: none waiting.
    private(set) var inputSince: Duration?

    /// Input changed what the screen should show (a key, a paste, a click).
    mutating func inputHandled(at now: Duration) {
        if inputSince == nil { inputSince = now }
    }

    /// True: draw now. False: the app waits for an answer and the hold has time left; wait
    /// until `deadline(hold:)` or the answer, whichever comes first. `hold` is the app's
    /// `frameHold` now (nil: no answer awaited).
    func shouldDraw(now: Duration, hold: Duration?) -> Bool {
        guard let hold, let since = inputSince else { return true }
        return now >= since + hold
    }

    /// When a held frame must be drawn whatever happens: the wait's upper bound.
    func deadline(hold: Duration?) -> Duration? {
        guard let hold, let since = inputSince else { return nil }
        return since + hold
    }

    /// A frame went out: nothing is waiting any more.
    mutating func drew() { inputSince = nil }
}
