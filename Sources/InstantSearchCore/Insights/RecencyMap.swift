/// A dictionary that knows which of its keys was written longest ago, so that a bounded store
/// forgets the oldest first, each step in amortised constant time.
///
/// Every write stamps its key and appends (key, stamp) to an order list; an entry of that list
/// whose stamp is no longer its key's (written again since, or removed) is stale and skipped.
/// The list is rebuilt from the live keys when stale entries outnumber them, so it never holds
/// more than about twice as many entries as the map.
struct RecencyMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private var entries: [Key: (value: Value, stamp: Int)] = [:]
    private var order: [(key: Key, stamp: Int)] = []
    private var head = 0
    private var clock = 0

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    subscript(key: Key) -> Value? { entries[key]?.value }

    /// The value written under `key`, changed by `body` (from `initial` when there is none),
    /// and the key made the newest.
    @discardableResult
    mutating func update<Result>(_ key: Key, initial: @autoclosure () -> Value, _ body: (inout Value) -> Result) -> Result {
        clock += 1
        let result: Result
        if entries[key] != nil {
            result = body(&entries[key]!.value)
            entries[key]!.stamp = clock
        } else {
            var value = initial()
            result = body(&value)
            entries[key] = (value, clock)
        }
        order.append((key, clock))
        compactIfStale()
        return result
    }

    /// Changes the value under `key`, if there is one, leaving its age as it was.
    @discardableResult
    mutating func modifyInPlace<Result>(_ key: Key, _ body: (inout Value) -> Result) -> Result? {
        guard entries[key] != nil else { return nil }
        return body(&entries[key]!.value)
    }

    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        defer { compactIfStale() }
        return entries.removeValue(forKey: key)?.value
    }

    /// Forgets the key written longest ago; returns it with its value.
    @discardableResult
    mutating func removeOldest() -> (key: Key, value: Value)? {
        while head < order.count {
            let candidate = order[head]
            head += 1
            if let entry = entries[candidate.key], entry.stamp == candidate.stamp {
                entries[candidate.key] = nil
                compactIfStale()
                return (candidate.key, entry.value)
            }
        }
        return nil
    }

    /// The keys and values, the oldest first.
    var oldestFirst: [(key: Key, value: Value)] {
        order[head...].compactMap { item in
            guard let entry = entries[item.key], entry.stamp == item.stamp else { return nil }
            return (item.key, entry.value)
        }
    }

    private mutating func compactIfStale() {
        guard order.count > 2 * entries.count + 32 else { return }
        order = oldestFirst.map { ($0.key, entries[$0.key]!.stamp) }
        head = 0
    }
}
