/// Decides when the event loop draws: one frame for a key and its answer when the answer is
/// quick, the key's echo at once when it is not.
///
/// A key that starts a search changes the screen twice: the query (its echo), then the
/// results. Drawn apart, that is two frames and two writes to the terminal for one key; a
/// backend in the process usually answers within a few milliseconds, so the loop may hold the
/// echo that long (`TerminalApp.frameHold`) and draw both as one frame. The hold is bounded
/// from the first input not yet on screen, so the echo is never later than that, however
/// slow the answer, and when the app expects no answer (a remote backend) nothing is held.
/// There is no frame rate: without a hold, a frame is drawn as soon as something changed.
///
/// The pacer also remembers how long the last answers took, from the key to the answer taken
/// in: when the last `slowAnswersToSkip` all came after the hold, the next one most likely will
/// too (the same records, a query one key longer: 4–6 ms at 10M records). The hold is then
/// stretched to a quarter past the slower of them, so that the key is still one frame, if that
/// is within `stretchLimit` times the hold; if not, holding its echo would only make the echo
/// later, so it is drawn at once (`hold(_:)`). One slow answer alone (a busy machine) does not
/// stretch or stop the holds, and one quick answer brings the hold asked for back.
/// Only the answers keys asked for are timed: the first search and those while records load
/// search every record, several times longer than a typed query (40–120 ms at 10M records,
/// where keys answer in 4–6 ms), and counting them made the first key of a session draw two
/// frames (settling at 5–8 ms into 1.69M records, 2–5 ms held).
///
/// Once a key's echo is out, what else comes while its answer is still awaited (the query
/// suggestions, when they answer first) waits for that answer, up to `answerBudget` from the
/// key, so as not to be a frame of its own.
struct FramePacer {
    /// When the oldest input not yet on screen was handled; nil: none waiting.
    private(set) var inputSince: Duration?
    /// When the newest input of the turn now running was handled (see `observe`).
    private var inputThisTurn: Duration?
    /// When the input whose answer the app awaits was handled; nil: no answer awaited.
    private var awaitingSince: Duration?
    /// How long the last answers took, the newest last (at most `slowAnswersToSkip`).
    private(set) var recentAnswers: [Duration] = []

    /// How many answers in a row must come after the hold before keys stop holding their echo.
    static let slowAnswersToSkip = 2
    /// How many times the hold asked for it may be stretched to for answers the last ones predict.
    static let stretchLimit = 2
    /// How long after a key the part of its answers that came waits for the rest, its echo
    /// being on screen: a frame at 120 Hz.
    static let answerBudget = Duration.microseconds(8333)

    /// Input changed what the screen should show (a key, a paste, a click).
    mutating func inputHandled(at now: Duration) {
        if inputSince == nil { inputSince = now }
        inputThisTurn = now
    }

    /// At the end of each turn, with whether the app now awaits an answer (`frameHold` is set):
    /// an answer awaited since this turn's input is timed from that input; one no longer
    /// awaited ends it, and its time is remembered.
    mutating func observe(awaiting: Bool, now: Duration) {
        defer { inputThisTurn = nil }
        if awaiting {
            if let inputThisTurn { awaitingSince = inputThisTurn }
        } else if let since = awaitingSince {
            recentAnswers.append(now - since)
            if recentAnswers.count > Self.slowAnswersToSkip { recentAnswers.removeFirst() }
            awaitingSince = nil
        }
    }

    /// The hold to use for the app's `frameHold`: the one asked for, stretched when the last
    /// answers all came after it (see the type's note); nil when none is asked for, or when
    /// the stretch would pass `stretchLimit` times it.
    func hold(_ asked: Duration?) -> Duration? {
        guard let asked else { return nil }
        guard recentAnswers.count == Self.slowAnswersToSkip, let quickest = recentAnswers.min(), quickest > asked,
            let slowest = recentAnswers.max()
        else { return asked }
        let stretched = slowest * 5 / 4
        return stretched <= asked * Self.stretchLimit ? stretched : nil
    }

    /// True: draw now. False: the app waits for an answer and the hold has time left; wait
    /// until `deadline(hold:)` or the answer, whichever comes first. `hold` is what `hold(_:)`
    /// made of the app's `frameHold` now (nil: draw at once).
    func shouldDraw(now: Duration, hold: Duration?) -> Bool {
        guard let deadline = deadline(hold: hold) else { return true }
        return now >= deadline
    }

    /// When a held frame must be drawn whatever happens: the wait's upper bound. For a key not
    /// on screen yet, the hold from it; for a part of a key's answers (its echo on screen, the
    /// rest awaited), the budget from the key.
    func deadline(hold: Duration?) -> Duration? {
        if let since = inputSince { return hold.map { since + $0 } }
        return awaitingSince.map { $0 + Self.answerBudget }
    }

    /// A frame went out: nothing is waiting any more.
    mutating func drew() { inputSince = nil }
}
