/// Key comparison whose time does not depend on where two keys first differ, so a client
/// timing its refusals learns nothing about the key, one byte at a time (`serve`'s keys and
/// `--listen`'s).
public enum ConstantTime {
    /// Every byte of the longer input is visited whatever the contents; lengths are compared
    /// in the same sum rather than first.
    public static func equals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt64(truncatingIfNeeded: x.count ^ y.count)
        for i in 0..<max(x.count, y.count) {
            let p: UInt8 = i < x.count ? x[i] : 0
            let q: UInt8 = i < y.count ? y[i] : 0
            difference |= UInt64(p ^ q)
        }
        return difference == 0
    }

    /// The value of the entry whose key equals `key`, after comparing it with every key.
    public static func lookup<Value>(_ key: String, in table: [String: Value]) -> Value? {
        var found: Value?
        for (candidate, value) in table where equals(candidate, key) {
            found = value
        }
        return found
    }
}
