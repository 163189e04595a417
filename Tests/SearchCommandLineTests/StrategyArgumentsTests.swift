import InstantSearchCore
import SearchCommandLine
import Testing

/// `--strategy`, `--debounce` and `--throttle` against the backend's own default.
@Suite struct StrategyArgumentsTests {
    @Test func nothingGivenLeavesTheBackendsDefault() {
        #expect(StrategyName.choice(nil, debounce: nil, throttle: nil, policy: .inProcess) == nil)
        #expect(StrategyName.choice(nil, debounce: nil, throttle: nil, policy: .network) == nil)
    }

    @Test func aNamedStrategyWins() {
        #expect(StrategyName.choice(.realtime, debounce: nil, throttle: nil, policy: .network) == .realtime)
        #expect(StrategyName.choice(.adaptive, debounce: nil, throttle: nil, policy: .inProcess) == .adaptive)
        #expect(StrategyName.choice(.throttle, debounce: nil, throttle: nil, policy: .inProcess) == .throttle(.milliseconds(100)))
    }

    @Test func aDebounceWithoutADelayTakesTheBackends() {
        #expect(StrategyName.choice(.debounce, debounce: nil, throttle: nil, policy: .inProcess) == .debounce(.milliseconds(5)))
        #expect(StrategyName.choice(.debounce, debounce: nil, throttle: nil, policy: .network) == .debounce(.milliseconds(100)))
    }

    @Test func aDelayAloneChoosesItsStrategy() {
        #expect(StrategyName.choice(nil, debounce: 20, throttle: nil, policy: .inProcess) == .debounce(.milliseconds(20)))
        #expect(StrategyName.choice(nil, debounce: nil, throttle: 250, policy: .inProcess) == .throttle(.milliseconds(250)))
    }
}
