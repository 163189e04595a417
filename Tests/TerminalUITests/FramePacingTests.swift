import InstantSearchCore
import Testing

@testable import TerminalUI

/// A terminal that hands out scripted keys and keeps every frame it is given.
final class RecordingScreen: TerminalScreen {
    var pendingInput: [RawInput] = []
    private(set) var frames: [Canvas] = []
    private var staged: Canvas?

    var inputFD: Int32 { -1 }
    var suspendKey: Key? { nil }
    var size: (width: Int, height: Int) { (24, 2) }
    var originRow: Int { 0 }
    func readInput(limit: Int) -> [RawInput] {
        defer { pendingInput = [] }
        return pendingInput
    }
    func applyResize() {}
    func stage(_ canvas: Canvas, previous: Canvas?, cursor: CursorPosition?) { staged = canvas }
    func present() -> Int {
        defer { staged = nil }
        guard let staged else { return 0 }
        frames.append(staged)
        return bytesPerFrame
    }
    /// What `present` says each frame took.
    var bytesPerFrame = 0
    func invalidate() {}
    func suspend() {}
    func resume() {}
    func close() {}

    func type(_ character: Character) {
        pendingInput += character.unicodeScalars.map { RawInput(code: $0.value) }
    }
}

/// An app whose every key starts a search; the answer arrives when the test says.
final class SearchingApp: TerminalApp {
    static let hold = Duration.milliseconds(1)
    var query = ""
    var results = ""
    var awaiting = false
    var answerReady = false
    /// A part of the answer (as the query suggestions' is) comes with the next wake-up.
    var partReady = false
    /// False: the app never holds a frame (as for a remote backend).
    var holds = true
    /// Keys, frames and turn ends, in the order the loop made them.
    var log: [String] = []

    func handle(_ event: TerminalEvent) -> LoopCommand {
        switch event {
        case .key(.character("!")): return .quit
        case .key(.character(let character)):
            log.append("key")
            query.append(character)
            (awaiting, answerReady) = (true, false)
            return .continue
        case .wake where partReady:
            partReady = false
            results = "part for \(query)"
            return .continue
        case .wake:
            guard answerReady, awaiting else { return .ignored }
            results = "results for \(query)"
            awaiting = false
            return .continue
        case .resize: return .continue
        default: return .ignored
        }
    }

    func render(into canvas: inout Canvas) -> CursorPosition? {
        log.append("frame")
        canvas.write(query, x: 0, y: 0)
        canvas.write(results, x: 0, y: 1)
        return nil
    }

    var frameHold: Duration? { awaiting && holds ? Self.hold : nil }

    func turnEnded() { log.append("turn ended") }
}

/// The event loop's frames for a key whose search answers quickly, and for one that does not:
/// its real turn, with a stand-in terminal and a scripted wait on a manual clock (no sleep).
@Suite struct FramePacingTests {
    /// What the scripted wait does on each call: it may move the clock, type, answer.
    typealias Step = (_ deadline: Duration?, _ pipe: WakePipe) -> Session<SearchingApp>.WaitResult

    private let screen = RecordingScreen()
    private let app = SearchingApp()
    private let clock = ManualClock()

    /// Runs the loop through `steps` (one per wait), then types "!" to quit; returns the
    /// deadlines the loop waited for and the frames after the first.
    private func run(_ steps: [Step], profile: LoopProfile? = nil) throws -> (deadlines: [Duration?], frames: [[String]]) {
        let pipe = try WakePipe()
        defer { pipe.close() }
        let timers = TimerQueue { [clock] in clock.now }
        var deadlines: [Duration?] = []
        var remaining = steps
        var session = Session(terminal: screen, timers: timers, pipe: pipe, app: app, profile: profile) { [screen] _, deadline in
            deadlines.append(deadline)
            guard !remaining.isEmpty else {
                screen.type("!")
                return .ready(wakePipeReadable: false)
            }
            return remaining.removeFirst()(deadline, pipe)
        }
        #expect(try session.run() == .quit)
        return (deadlines, screen.frames.dropFirst().map(\.lines))
    }

    private func typeA(_ deadline: Duration?, _ pipe: WakePipe) -> Session<SearchingApp>.WaitResult {
        screen.type("a")
        return .ready(wakePipeReadable: false)
    }

    /// `after` from now, the backend answers and the mailbox wakes the loop.
    private func answer(after delay: Duration) -> Step { wake(after: delay) { $0.answerReady = true } }

    /// `after` from now, a part of the answer comes (the key's search still runs).
    private func part(after delay: Duration) -> Step { wake(after: delay) { $0.partReady = true } }

    /// `after` from now, `arrive` readies something for the app and the mailbox wakes the loop.
    private func wake(after delay: Duration, _ arrive: @escaping (SearchingApp) -> Void) -> Step {
        { [clock, app] _, pipe in
            clock.advance(by: delay)
            arrive(app)
            pipe.wake()
            return .ready(wakePipeReadable: true)
        }
    }

    @Test func aQuickAnswerIsDrawnWithItsKeyAsOneFrame() throws {
        let (deadlines, frames) = try run([typeA, answer(after: .microseconds(300))])
        #expect(deadlines[1] == SearchingApp.hold, "the key's frame waits at most the hold")
        #expect(frames == [["a", "results for a"]], "echo and results in one frame")
    }

    @Test func aSlowAnswerLetsTheEchoGoFirst() throws {
        let (deadlines, frames) = try run([
            typeA,
            { [clock] deadline, _ in
                clock.advance(by: deadline! - clock.now)  // the hold runs out, no answer yet
                return .ready(wakePipeReadable: false)
            },
            answer(after: .milliseconds(20)),
        ])
        #expect(deadlines[1] == SearchingApp.hold)
        #expect(deadlines[2] == nil, "the echo is on screen: nothing more to hold")
        #expect(frames == [["a", ""], ["a", "results for a"]], "the echo first, the results when they come")
    }

    @Test func theProfileCountsTheKeysFramesAndTimesEachStep() throws {
        let profile = LoopProfile()
        screen.bytesPerFrame = 120
        _ = try run([typeA, answer(after: .microseconds(300))], profile: profile)
        #expect(profile.frameBytes == [120, 120], "what each frame wrote, the first one's included")
        #expect(profile.samples(.keyToFrame).count == 1, "one key, one final frame")
        #expect(profile.samples(.dispatch).count == 2, "the key and the quitting one")
        for step in [LoopProfile.Step.read, .state, .render, .diff, .doupdate] {
            #expect(!profile.samples(step).isEmpty, "\(step) timed")
        }
        #expect(profile.samples(.search).isEmpty, "no backend call timed here")
        profile.notePost(workTime: .microseconds(250))
        profile.notePost()
        #expect(profile.samples(.search) == [.microseconds(250)], "each timed backend call, untimed ones left out")
        let report = profile.report()
        #expect(report.contains("profile: search               1      0.25      0.25      0.25"))
        #expect(report.contains("profile: frames 2: 1 drew a key with its answer, 0 drew a key before its answer"))
        #expect(report.contains("key to frame"))
        #expect(report.contains("profile: bytes per frame: p50 120, p99 120, max 120 (2 frames)"))
    }

    @Test func onceTheEchoIsOutAPartOfTheAnswerWaitsForTheRest() throws {
        let (deadlines, frames) = try run([typeA, holdRunsOut, part(after: .microseconds(500)), answer(after: .milliseconds(1))])
        #expect(deadlines[3] == FramePacer.answerBudget, "the part waits, at most the budget from the key (at 0)")
        #expect(frames == [["a", ""], ["a", "results for a"]], "two frames for the key: its echo, then all it asked for")
    }

    @Test func aPartOfTheAnswerIsDrawnWhenTheBudgetRunsOut() throws {
        let (_, frames) = try run([
            typeA, holdRunsOut, part(after: .microseconds(500)), holdRunsOut, answer(after: .milliseconds(20)),
        ])
        #expect(frames == [["a", ""], ["a", "part for a"], ["a", "results for a"]])
    }

    /// The hold runs out with no answer yet: the echo goes out.
    private func holdRunsOut(_ deadline: Duration?, _ pipe: WakePipe) -> Session<SearchingApp>.WaitResult {
        clock.advance(by: deadline! - clock.now)
        return .ready(wakePipeReadable: false)
    }

    /// A key whose answer comes 20 ms later: echo first, then the results.
    private var slowKey: [Step] { [typeA, holdRunsOut, answer(after: .milliseconds(20))] }

    /// The search a key starts (held by the app until the turn ends) takes the cores only
    /// once the key's echo is out; while the frame is held, it starts before the loop waits.
    @Test func theTurnEndsAfterItsFrameOrBeforeItsHold() throws {
        _ = try run(slowKey + slowKey + [typeA, answer(after: .milliseconds(20))])
        let keys = app.log.indices.filter { app.log[$0] == "key" }
        #expect(app.log[keys[0]...].prefix(2) == ["key", "turn ended"], "a held key: its search starts, then the loop waits")
        #expect(app.log[keys[2]...].prefix(3) == ["key", "frame", "turn ended"], "an echo drawn at once goes before the search")
    }

    @Test func afterTwoSlowAnswersTheNextKeysEchoIsDrawnAtOnce() throws {
        let (deadlines, frames) = try run(slowKey + slowKey + [typeA, answer(after: .milliseconds(20))])
        #expect(deadlines[7] == nil, "the third key holds nothing: the loop drew its echo and waits for anything")
        #expect(frames.suffix(2) == [["aaa", "results for aa"], ["aaa", "results for aaa"]], "the echo first, at once")
    }

    @Test func oneSlowAnswerAloneKeepsTheHold() throws {
        let (deadlines, frames) = try run(slowKey + [typeA, answer(after: .microseconds(300))])
        #expect(deadlines[4] == .milliseconds(22), "the second key (at 21 ms) is held as ever")
        #expect(frames.last == ["aa", "results for aa"])
        #expect(frames.count == 3, "the slow key's echo and results, then the quick key's one frame")
    }

    /// Two answers a little after the hold (1.5 ms against 1 ms): the next key waits a quarter
    /// past the slower of them and, answered within it, is one frame.
    @Test func answersALittleAfterTheHoldStretchItForTheNextKey() throws {
        let littleLate: [Step] = [typeA, holdRunsOut, answer(after: .microseconds(500))]
        let (deadlines, frames) = try run(littleLate + littleLate + [typeA, answer(after: .microseconds(1600))])
        #expect(deadlines[7] == .microseconds(4875), "the third key (at 3 ms) is held 1.875 ms")
        #expect(frames.suffix(2) == [["aa", "results for aa"], ["aaa", "results for aaa"]], "its echo waited for its results")
        #expect(frames.count == 5, "two frames for each of the first two keys, one for the third")
    }

    @Test func aQuickAnswerBringsTheHoldBack() throws {
        let quickUnheld: [Step] = [typeA, answer(after: .microseconds(300))]
        let (deadlines, frames) = try run(slowKey + slowKey + quickUnheld + [typeA, answer(after: .microseconds(300))])
        #expect(deadlines[7] == nil, "the third key is not held (two slow answers before it)")
        #expect(deadlines[9] != nil, "its quick answer brings the hold back for the fourth")
        #expect(frames.count == 7, "two frames for each of the first three keys, one for the fourth")
        #expect(frames.last == ["aaaa", "results for aaaa"])
    }

    @Test func aSkippedHoldStillCountsTheEchoAsDrawnBeforeItsAnswer() throws {
        let profile = LoopProfile()
        _ = try run(slowKey + slowKey + [typeA, answer(after: .milliseconds(20))], profile: profile)
        #expect(profile.report().contains("profile: frames 7: 3 drew a key with its answer, 3 drew a key before its answer"))
        #expect(profile.samples(.keyToFrame).count == 3, "each key's time runs to its results' frame")
    }

    @Test func withoutAHoldTheEchoIsDrawnAtOnce() throws {
        app.holds = false  // a remote backend: nothing is held
        let (deadlines, frames) = try run([typeA, answer(after: .microseconds(300))])
        #expect(deadlines[1] == nil, "no deadline: the loop drew and waits for anything")
        #expect(frames == [["a", ""], ["a", "results for a"]])
    }
}

/// The pacer's memory of answer times, alone (times on a made-up clock).
@Suite struct FramePacerTests {
    private let hold = Duration.milliseconds(1)

    /// A key at `at`, then its answer `after` later.
    private func key(_ pacer: inout FramePacer, at: Duration, answeredAfter after: Duration) {
        pacer.inputHandled(at: at)
        pacer.observe(awaiting: true, now: at)
        pacer.observe(awaiting: true, now: at + after / 2)  // a turn in between changes nothing
        pacer.observe(awaiting: false, now: at + after)
        pacer.drew()
    }

    @Test func holdsUntilTwoAnswersInARowCameAfterTheHold() {
        var pacer = FramePacer()
        #expect(pacer.hold(hold) == hold, "nothing known yet: hold")
        key(&pacer, at: .zero, answeredAfter: .milliseconds(3))
        #expect(pacer.hold(hold) == hold, "one slow answer may be the machine being busy")
        key(&pacer, at: .milliseconds(10), answeredAfter: .milliseconds(3))
        #expect(pacer.hold(hold) == nil)
        #expect(pacer.hold(.milliseconds(5)) == .milliseconds(5), "slow against a 1 ms hold, quick against 5 ms")
        key(&pacer, at: .milliseconds(20), answeredAfter: .microseconds(400))
        #expect(pacer.hold(hold) == hold)
        #expect(pacer.recentAnswers == [.milliseconds(3), .microseconds(400)])
        #expect(pacer.hold(nil) == nil, "no answer awaited: nothing to hold")
    }

    @Test func answersALittleAfterTheHoldStretchItUpToTwice() {
        var pacer = FramePacer()
        key(&pacer, at: .zero, answeredAfter: .microseconds(1200))
        #expect(pacer.hold(hold) == hold, "one answer after the hold stretches nothing")
        key(&pacer, at: .milliseconds(10), answeredAfter: .microseconds(1400))
        #expect(pacer.hold(hold) == .microseconds(1750), "a quarter past the slower of the last two")
        key(&pacer, at: .milliseconds(20), answeredAfter: .microseconds(1700))
        #expect(pacer.hold(hold) == nil, "2.125 ms: past twice the hold asked for, the echo goes at once")
        #expect(pacer.hold(.milliseconds(4)) == .milliseconds(4), "quick against a 4 ms hold")
        key(&pacer, at: .milliseconds(30), answeredAfter: .microseconds(300))
        #expect(pacer.hold(hold) == hold)
    }

    @Test func anAnswerIsTimedFromTheNewestKey() {
        var pacer = FramePacer()
        pacer.inputHandled(at: .milliseconds(100))
        pacer.observe(awaiting: true, now: .milliseconds(100))
        pacer.inputHandled(at: .milliseconds(102))  // typed before the answer: the search starts again
        pacer.observe(awaiting: true, now: .milliseconds(102))
        pacer.observe(awaiting: false, now: .milliseconds(103))
        #expect(pacer.recentAnswers == [.milliseconds(1)])
    }

    /// The first searches (the start, records loading) search every record: they tell nothing
    /// of a typed query's answer, and the first key holds its echo as any other.
    @Test func answersNoKeyAskedForAreNotTimed() {
        var pacer = FramePacer()
        pacer.observe(awaiting: true, now: .milliseconds(10))
        pacer.observe(awaiting: false, now: .milliseconds(50))
        pacer.observe(awaiting: true, now: .milliseconds(60))
        pacer.observe(awaiting: false, now: .milliseconds(180))
        #expect(pacer.recentAnswers.isEmpty)
        pacer.inputHandled(at: .milliseconds(200))
        #expect(pacer.hold(hold) == hold)
        #expect(!pacer.shouldDraw(now: .milliseconds(200), hold: pacer.hold(hold)))
        #expect(pacer.deadline(hold: pacer.hold(hold)) == .milliseconds(201))
        // The key's own answer is timed from the key, a search awaited after it no longer.
        pacer.observe(awaiting: true, now: .milliseconds(200))
        pacer.observe(awaiting: false, now: .milliseconds(203))
        pacer.observe(awaiting: true, now: .milliseconds(210))
        pacer.observe(awaiting: false, now: .milliseconds(290))
        #expect(pacer.recentAnswers == [.milliseconds(3)])
    }
}
