import InstantSearchCore
import Testing

@testable import TerminalUI

@Suite("Event loop pieces that need no terminal")
struct LoopPartsTests {
    @Test func pollTimeoutWithoutTimersWaitsForever() {
        #expect(pollTimeout(now: .seconds(5), deadline: nil) == -1)
    }

    @Test func pollTimeoutForDueTimerIsZero() {
        #expect(pollTimeout(now: .seconds(5), deadline: .seconds(5)) == 0)
        #expect(pollTimeout(now: .seconds(5), deadline: .seconds(4)) == 0)
    }

    @Test func pollTimeoutRoundsUp() {
        #expect(pollTimeout(now: .zero, deadline: .milliseconds(150)) == 150)
        #expect(pollTimeout(now: .zero, deadline: .microseconds(1)) == 1)
        #expect(pollTimeout(now: .milliseconds(10), deadline: .microseconds(10_500)) == 1)
        #expect(pollTimeout(now: .zero, deadline: .seconds(2) + .nanoseconds(1)) == 2001)
        #expect(pollTimeout(now: .zero, deadline: .seconds(10_000_000)) == Int32.max)
    }

    @Test func pollTimeoutFollowsTimerQueue() {
        var now = Duration.zero
        let queue = TimerQueue { now }
        queue.schedule(after: .milliseconds(300)) {}
        let cancelled = queue.schedule(after: .milliseconds(100)) {}
        cancelled.cancel()
        #expect(pollTimeout(now: queue.now, deadline: queue.nextDeadline) == 300)
        now = .milliseconds(250)
        #expect(pollTimeout(now: queue.now, deadline: queue.nextDeadline) == 50)
    }

    @Test func noColorFallbacks() {
        #expect(CursesStyles.fallback(foreground: .highlight, background: .default) == [.bold, .underline])
        #expect(CursesStyles.fallback(foreground: .muted, background: .default) == [.dim])
        #expect(CursesStyles.fallback(foreground: .accent, background: .selection) == [.bold, .reverse])
        #expect(CursesStyles.fallback(foreground: .default, background: .default) == [])
    }

    @Test func terminfoPaddingIsStripped() {
        let bytes = Array("\u{1B}[?1049l$<5>\u{1B}[?25h$<2/>".utf8)
        #expect(Terminal.stripPadding(bytes) == Array("\u{1B}[?1049l\u{1B}[?25h".utf8))
    }

    @Test func wakePipeWakesOnceAndIsSafeAfterClose() throws {
        let pipe = try WakePipe()
        #expect(!pipe.drain())
        for _ in 0..<10_000 { pipe.wake() }  // more than a pipe holds: must not block
        #expect(pipe.drain())
        #expect(!pipe.drain())
        pipe.close()
        pipe.wake()  // a late wake-up after the loop ended
    }

    @Test func loopWakeClosureFeedsMailbox() throws {
        let loop = try EventLoop(timers: TimerQueue { .zero })
        let mailbox = Mailbox(wake: loop.wake)
        mailbox.post(Delivery(recipient: 1, sequence: 1, payload: .cancelled))
        #expect(mailbox.drain().count == 1)
    }
}

/// The data loads once the first frame is on screen (on two cores a load started before would
/// delay it): the app runs its first-frame work on that event, once.
@Suite struct FirstFrameTests {
    @Test func theFirstFrameStartsTheLoadOnce() {
        var started = 0
        let app = AppHarness().app
        app.onFirstFrame = { started += 1 }
        _ = app.handle(TerminalEvent.wake)
        #expect(started == 0, "nothing before the first frame")
        #expect(app.handle(TerminalEvent.firstFrameDrawn) == .ignored)
        _ = app.handle(TerminalEvent.firstFrameDrawn)
        #expect(started == 1)
    }
}
