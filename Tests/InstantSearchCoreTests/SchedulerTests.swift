import InstantSearchCore
import Testing

@Suite struct SchedulerTests {
    @Test func timersFireInDeadlineOrderWhenTimeReachesThem() {
        let clock = ManualClock()
        var fired: [String] = []
        clock.schedule(after: .milliseconds(30)) { fired.append("c") }
        clock.schedule(after: .milliseconds(10)) { fired.append("a") }
        clock.schedule(after: .milliseconds(20)) { fired.append("b") }
        clock.advance(by: .milliseconds(15))
        #expect(fired == ["a"])
        clock.advance(by: .milliseconds(15))
        #expect(fired == ["a", "b", "c"])
    }

    @Test func cancelledTimerNeverFires() {
        let clock = ManualClock()
        var fired = false
        let timer = clock.schedule(after: .milliseconds(5)) { fired = true }
        timer.cancel()
        clock.advance(by: .seconds(1))
        #expect(!fired)
    }

    @Test func timerQueueReportsTheNextArmedDeadline() {
        var now = Duration.zero
        let queue = TimerQueue { now }
        #expect(queue.nextDeadline == nil)
        let early = queue.schedule(after: .milliseconds(5)) {}
        queue.schedule(after: .milliseconds(9)) {}
        #expect(queue.nextDeadline == .milliseconds(5))
        early.cancel()
        #expect(queue.nextDeadline == .milliseconds(9))
        now = .milliseconds(9)
        queue.runDue()
        #expect(queue.nextDeadline == nil)
    }

    @Test func timerArmedByATimerForAPastTimeRunsInTheSameAdvance() {
        let clock = ManualClock()
        var fired: [Int] = []
        clock.schedule(after: .milliseconds(10)) {
            fired.append(1)
            clock.schedule(after: .milliseconds(5)) { fired.append(2) }
        }
        clock.advance(by: .milliseconds(20))
        #expect(fired == [1, 2])
        #expect(clock.now == .milliseconds(20))
    }
}

@Suite struct DebouncerTests {
    @Test func aBurstOfCallsRunsOnlyTheLastOnceQuiet() {
        let clock = ManualClock()
        let debouncer = Debouncer(delay: .milliseconds(100), scheduler: clock)
        var runs: [Int] = []
        for i in 1...10 {
            debouncer.call { runs.append(i) }
            clock.advance(by: .milliseconds(30))
        }
        #expect(runs.isEmpty)
        clock.advance(by: .milliseconds(69))
        #expect(runs.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(runs == [10])
    }

    @Test func callsSeparatedByMoreThanTheDelayEachRun() {
        let clock = ManualClock()
        let debouncer = Debouncer(delay: .milliseconds(50), scheduler: clock)
        var runs = 0
        for _ in 0..<3 {
            debouncer.call { runs += 1 }
            clock.advance(by: .milliseconds(60))
        }
        #expect(runs == 3)
    }

    @Test func flushRunsThePendingCallNow() {
        let clock = ManualClock()
        let debouncer = Debouncer(delay: .milliseconds(50), scheduler: clock)
        var runs = 0
        debouncer.call { runs += 1 }
        debouncer.flush()
        #expect(runs == 1)
        clock.advance(by: .seconds(1))
        #expect(runs == 1)
    }

    @Test func debouncedStrategySendsFinalSearchesAtOnceAndDropsThePendingOne() {
        let clock = ManualClock()
        let strategy = DebouncedStrategy(delay: .milliseconds(100), scheduler: clock)
        var performed: [String] = []
        strategy.performSearch(.asYouType) { performed.append("typed") }
        strategy.performSearch(.final) { performed.append("final") }
        clock.advance(by: .seconds(1))
        #expect(performed == ["final"])
        #expect(strategy.modeDescription == "debounced 100 ms")
    }
}
