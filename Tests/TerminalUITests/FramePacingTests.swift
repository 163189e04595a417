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
            results = query.isEmpty ? "" : "results for \(query)"
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
    /// deadlines the loop waited for and the frames after the first. `start`: how long the
    /// app's first search (running as the loop starts, as the hub's does) takes to answer, that
    /// answer's frame and wait left out of what is returned; nil: the app starts with none.
    private func run(
        _ steps: [Step], start: Duration? = .zero, profile: LoopProfile? = nil
    ) throws -> (deadlines: [Duration?], frames: [[String]]) {
        let pipe = try WakePipe()
        defer { pipe.close() }
        let timers = TimerQueue { [clock] in clock.now }
        var deadlines: [Duration?] = []
        var remaining = steps
        if let start {
            app.awaiting = true
            remaining.insert(answer(after: start), at: 0)
        }
        var session = Session(terminal: screen, timers: timers, pipe: pipe, app: app, profile: profile) { [screen] _, deadline in
            deadlines.append(deadline)
            guard !remaining.isEmpty else {
                screen.type("!")
                return .ready(wakePipeReadable: false)
            }
            return remaining.removeFirst()(deadline, pipe)
        }
        #expect(try session.run() == .quit)
        let startFrames = start == nil ? 1 : 2
        return (Array(deadlines.dropFirst(startFrames - 1)), screen.frames.dropFirst(startFrames).map(\.lines))
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
        #expect(profile.frameBytes == [120, 120, 120], "what each frame wrote, the first ones included")
        #expect(profile.samples(.keyToFrame).count == 1, "one key, one final frame")
        #expect(profile.samples(.keyToEcho) == profile.samples(.keyToFrame), "its echo came with its results")
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
        #expect(report.contains("profile: frames 3: 1 drew a key with its answer, 0 drew a key before its answer"))
        #expect(report.contains("key to frame") && report.contains("key to echo"))
        #expect(report.contains("profile: bytes per frame: p50 120, p99 120, max 120 (3 frames)"))
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
        _ = try run(slowKey + [typeA, answer(after: .milliseconds(20))])
        let keys = app.log.indices.filter { app.log[$0] == "key" }
        #expect(app.log[keys[0]...].prefix(2) == ["key", "turn ended"], "a held key: its search starts, then the loop waits")
        #expect(app.log[keys[1]...].prefix(3) == ["key", "frame", "turn ended"], "an echo drawn at once goes before the search")
    }

    @Test func afterASlowAnswerTheNextKeysEchoIsDrawnAtOnce() throws {
        let (deadlines, frames) = try run(slowKey + [typeA, answer(after: .milliseconds(20))])
        #expect(deadlines[1] == SearchingApp.hold, "the first key holds (the first search answered at once)")
        #expect(deadlines[4] == nil, "the second key holds nothing: the loop drew its echo and waits for anything")
        #expect(frames.suffix(2) == [["aa", "results for a"], ["aa", "results for aa"]], "the echo first, at once")
    }

    @Test func aQuickAnswerBringsTheHoldBack() throws {
        let quickUnheld: [Step] = [typeA, answer(after: .microseconds(300))]
        let (deadlines, frames) = try run(slowKey + quickUnheld + [typeA, answer(after: .microseconds(300))])
        #expect(deadlines[4] == nil, "the second key is not held (a slow answer before it)")
        #expect(deadlines[6] == .microseconds(22300), "its quick answer brings the hold back for the third (at 21.3 ms)")
        #expect(frames.count == 5, "two frames for each of the first two keys, one for the third")
        #expect(frames.last == ["aaa", "results for aaa"])
    }

    /// Before any answer (the first search still running), nothing tells how long one takes.
    @Test func beforeAnyAnswerTheEchoIsDrawnAtOnce() throws {
        let (deadlines, frames) = try run([typeA, answer(after: .microseconds(300)), typeA, answer(after: .microseconds(300))], start: nil)
        #expect(deadlines[1] == nil, "the first key holds nothing")
        #expect(deadlines[3] == .microseconds(1300), "its quick answer makes the second key (at 0.3 ms) hold")
        #expect(frames == [["a", ""], ["a", "results for a"], ["aa", "results for aa"]])
    }

    /// The first search scans every record: at 10M records one that takes 40 ms says that a key's
    /// will not come within the hold either.
    @Test func aSlowFirstSearchLetsTheFirstKeyEchoAtOnce() throws {
        let (deadlines, frames) = try run([typeA, answer(after: .milliseconds(3))], start: .milliseconds(40))
        #expect(deadlines[1] == nil)
        #expect(frames == [["a", ""], ["a", "results for a"]])
    }

    @Test func aSkippedHoldStillCountsTheEchoAsDrawnBeforeItsAnswer() throws {
        let profile = LoopProfile()
        _ = try run(slowKey + [typeA, answer(after: .milliseconds(20))], profile: profile)
        #expect(profile.report().contains("profile: frames 6: 2 drew a key with its answer, 2 drew a key before its answer"))
        #expect(profile.samples(.keyToFrame).count == 2, "each key's time runs to its results' frame")
        #expect(profile.samples(.keyToEcho).count == 2, "and to its echo's")
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

    @Test func holdsOnlyWhenTheLastAnswerCameWithinTheHold() {
        var pacer = FramePacer()
        #expect(pacer.hold(hold) == nil, "nothing known yet: the echo goes at once")
        key(&pacer, at: .zero, answeredAfter: .microseconds(400))
        #expect(pacer.hold(hold) == hold)
        key(&pacer, at: .milliseconds(10), answeredAfter: .milliseconds(3))
        #expect(pacer.hold(hold) == nil)
        #expect(pacer.hold(.milliseconds(5)) == .milliseconds(5), "slow against a 1 ms hold, quick against 5 ms")
        key(&pacer, at: .milliseconds(20), answeredAfter: .microseconds(800))
        #expect(pacer.hold(hold) == nil, "0.8 ms: too close to the hold to wait for the next")
        key(&pacer, at: .milliseconds(25), answeredAfter: .microseconds(750))
        #expect(pacer.hold(hold) == hold, "three quarters of the hold: the rest is room for a slower one")
        #expect(pacer.lastAnswer == .microseconds(750))
        #expect(pacer.hold(nil) == nil, "no answer awaited: nothing to hold")
        pacer.inputHandled(at: .milliseconds(30))
        #expect(pacer.deadline(hold: pacer.hold(hold)) == .milliseconds(31), "the hold is counted from the key")
    }

    @Test func anAnswerIsTimedFromTheNewestKey() {
        var pacer = FramePacer()
        pacer.inputHandled(at: .milliseconds(100))
        pacer.observe(awaiting: true, now: .milliseconds(100))
        pacer.inputHandled(at: .milliseconds(102))  // typed before the answer: the search starts again
        pacer.observe(awaiting: true, now: .milliseconds(102))
        pacer.observe(awaiting: false, now: .milliseconds(103))
        #expect(pacer.lastAnswer == .milliseconds(1))
    }

    /// A search no key asked for (the first one, one while records load) is timed from the turn
    /// that started it; a key typed meanwhile times its own answer from the key.
    @Test func aSearchNoKeyAskedForIsTimedFromItsTurn() {
        var pacer = FramePacer()
        pacer.observe(awaiting: true, now: .milliseconds(10))
        pacer.observe(awaiting: true, now: .microseconds(10_200))  // a turn in between changes nothing
        pacer.observe(awaiting: false, now: .microseconds(10_500))
        #expect(pacer.lastAnswer == .microseconds(500))
        #expect(pacer.hold(hold) == hold)
        pacer.observe(awaiting: true, now: .milliseconds(60))
        pacer.observe(awaiting: false, now: .milliseconds(180))
        #expect(pacer.hold(hold) == nil, "a first search of every record taking 120 ms: keys will not answer within 1 ms")
        // Records loading: each batch's answer comes while the next batch's search runs.
        pacer.observe(awaiting: true, now: .milliseconds(190))
        pacer.observe(awaiting: true, answered: true, now: .milliseconds(230))
        #expect(pacer.lastAnswer == .milliseconds(40))
        pacer.observe(awaiting: false, answered: true, now: .microseconds(230_600))
        #expect(pacer.hold(hold) == hold, "the last search, of every record loaded, took 0.6 ms")
        pacer.observe(awaiting: true, now: .milliseconds(240))
        pacer.inputHandled(at: .milliseconds(250))
        pacer.observe(awaiting: true, now: .milliseconds(250))
        pacer.observe(awaiting: false, answered: true, now: .microseconds(250_800))
        #expect(pacer.lastAnswer == .microseconds(800), "from the key, not from the search it replaced")
    }
}
