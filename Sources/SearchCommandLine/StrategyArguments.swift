import ArgumentParser
import InstantSearchCore

/// `--strategy NAME`: when as-you-type searches go out.
public enum StrategyName: String, ExpressibleByArgument, CaseIterable, Sendable {
    case realtime, debounce, throttle, adaptive

    /// The strategy the options ask for, or nil for the backend's own (`RequestPolicy`): the
    /// embedded engine searches on every key, a service over the network is debounced.
    /// `--debounce MS` or `--throttle MS` alone choose their strategy; a debounce or throttle
    /// chosen without its delay takes the backend's debounce delay, or 100 ms for throttle.
    public static func choice(
        _ name: StrategyName?, debounce: Int?, throttle: Int?, policy: RequestPolicy
    ) -> StrategyChoice? {
        let debounceDelay = debounce.map { Duration.milliseconds($0) } ?? policy.debounceDelay
        let throttleInterval = Duration.milliseconds(throttle ?? 100)
        switch name {
        case .realtime: return .realtime
        case .debounce: return .debounce(debounceDelay)
        case .throttle: return .throttle(throttleInterval)
        case .adaptive: return .adaptive
        case nil:
            if debounce != nil { return .debounce(debounceDelay) }
            if throttle != nil { return .throttle(throttleInterval) }
            return nil
        }
    }
}
