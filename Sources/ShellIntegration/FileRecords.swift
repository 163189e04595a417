import InstantSearchCore
import OrderedCollections

extension FileWalker.Entry {
    /// Ctrl-T's and Alt-C's record: `path` (what is inserted), `name`, `ext` and `dir` (facets),
    /// `size` in bytes, `mtime` in seconds since 1970 and `age` in days before `now` (sliders).
    public func json(now: Int) -> JSONValue {
        .object([
            "path": .string(path), "name": .string(name), "ext": .string(ext), "dir": .string(dir),
            "size": .number(Double(size)), "mtime": .number(Double(mtime)),
            "age": .number(Double(max(0, now - mtime) / 86_400)),
        ])
    }
}
