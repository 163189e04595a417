/// The `poll` timeout, in milliseconds, for a loop whose next timer is due at `deadline`.
///
/// -1 (wait for input indefinitely) when no timer is armed, 0 when one is already due.
/// Rounded *up* to whole milliseconds: rounding down would wake the loop a fraction of a
/// millisecond early, find nothing due, and spin until the deadline passes.
public func pollTimeout(now: Duration, deadline: Duration?) -> Int32 {
    guard let deadline else { return -1 }
    let remaining = deadline - now
    guard remaining > .zero else { return 0 }
    let (seconds, attoseconds) = remaining.components
    let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
    let millis = seconds * 1000 + (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
    return Int32(clamping: millis)
}
