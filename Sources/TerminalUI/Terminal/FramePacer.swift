/// Decides when the event loop draws: one frame for a key and its answer when the answer is
/// quick, the key's echo at once when it is not.
///
/// A key that starts a search changes the screen twice: the query (its echo), then the
/// results. Drawn apart, that is two frames and two writes to the terminal for one key; a
/// backend in the process answers a key into a small index within a millisecond, so the loop
/// may hold the echo that long (`TerminalApp.frameHold`) and draw both as one frame. The hold
/// is bounded from the first input not yet on screen, so the echo is never later than that,
/// however slow the answer, and when the app expects no answer (a remote backend) nothing is
/// held.
/// There is no frame rate: without a hold, a frame is drawn as soon as something changed.
///
/// The pacer also remembers how long the last answer took, from the key (or, for a search no
/// key asked for, such as the first one, from the turn that started it) to the answer taken
/// in. A key holds its echo only when that answer came well within the hold: the next one most
/// likely will too (the same records, a query one key longer). When it came later, the echo is
/// drawn at once and the results follow as a second frame, so the echo is never later than the
/// hold, however large the data: holding it for an answer that comes after the hold only makes
/// the echo later (a large index answers after the hold on most keys). One quick
/// answer brings the hold back; nothing answered yet, nothing is held.
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
    /// When the turn that started a search no input asked for ended (the first search, a
    /// reload); nil: none awaited.
    private var searchingSince: Duration?
    /// How long the last answer took (see the type's note); nil: none yet.
    private(set) var lastAnswer: Duration?

    /// How long after a key the part of its answers that came waits for the rest, its echo
    /// being on screen: a frame at 120 Hz.
    static let answerBudget = Duration.microseconds(8333)

    /// Input changed what the screen should show (a key, a paste, a click).
    mutating func inputHandled(at now: Duration) {
        if inputSince == nil { inputSince = now }
        inputThisTurn = now
    }

    /// At the end of each turn, with whether the app now awaits an answer (`frameHold` is set)
    /// and whether answers came in this turn: an answer awaited since this turn's input is timed
    /// from that input, one awaited since a turn without input from that turn; one no longer
    /// awaited ends it, and its time is remembered. An answer taken while the app still awaits
    /// one, with no key waiting, ended a search another follows (records loading search again
    /// as they come): it is timed, and the next is timed from here.
    mutating func observe(awaiting: Bool, answered: Bool = false, now: Duration) {
        defer { inputThisTurn = nil }
        if awaiting {
            if let inputThisTurn {
                awaitingSince = inputThisTurn
                searchingSince = nil
            } else if awaitingSince == nil {
                if answered, let since = searchingSince { lastAnswer = now - since }
                if answered || searchingSince == nil { searchingSince = now }
            }
        } else if let since = awaitingSince ?? searchingSince {
            lastAnswer = now - since
            awaitingSince = nil
            searchingSince = nil
        }
    }

    /// The hold to use for the app's `frameHold`: the one asked for when the last answer came
    /// within three quarters of it (the rest is room for an answer a little slower than the
    /// last); nil when none is asked for, none was answered yet, or the last came later.
    func hold(_ asked: Duration?) -> Duration? {
        guard let asked, let lastAnswer, lastAnswer <= asked * 3 / 4 else { return nil }
        return asked
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
