import InstantSearchCore
import OrderedCollections

extension FileWalker.Entry {
    /// Ctrl-T's and Alt-C's record: `path` (what is inserted), `name`, `ext` and `dir` (facets),
    /// `size` in bytes, `mtime` in seconds since 1970 and `age` in days before `now` (sliders).
    public func json(now: Int) -> JSONValue {
        .object([
            "path": .string(path), "name": .string(name), "ext": .string(shownExt), "dir": .string(dir),
            "size": .number(Double(size)), "mtime": .number(Double(mtime)), "age": .number(Double(age(now: now))),
        ])
    }

    /// The same record as one NDJSON line, written directly (with `frecency` when given): a walk
    /// of /usr spent three quarters of its time building and serializing `JSONValue`s.
    public func ndjsonLine(now: Int, frecency: Double? = nil) -> String {
        var line = "{\"path\":"
        line.reserveCapacity(96 + 2 * path.utf8.count)
        JSONLine.append(path, to: &line)
        line += ",\"name\":"
        JSONLine.append(name, to: &line)
        line += ",\"ext\":"
        JSONLine.append(shownExt, to: &line)
        line += ",\"dir\":"
        JSONLine.append(dir, to: &line)
        line += ",\"size\":\(size),\"mtime\":\(mtime),\"age\":\(age(now: now))"
        if let frecency { line += ",\"frecency\":\((frecency * 1000).rounded() / 1000)" }
        line += "}"
        return line
    }

    /// The extension facet's value: a file without one says so rather than showing a blank
    /// value, and a folder is counted as one, not as a file without an extension.
    var shownExt: String { isDirectory ? Self.folder : ext.isEmpty ? Self.noExtension : ext }
    public static let noExtension = "(none)"
    public static let folder = "(folder)"

    func age(now: Int) -> Int { max(0, now - mtime) / 86_400 }
}

/// JSON text written by hand where speed matters (the walker's records).
enum JSONLine {
    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func append(_ text: String, to line: inout String) {
        line.append("\"")
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            line += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": line += "\\\""
                case "\\": line += "\\\\"
                case "\n": line += "\\n"
                case "\t": line += "\\t"
                case "\r": line += "\\r"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: line.unicodeScalars.append(scalar)
                }
            }
        }
        line.append("\"")
    }
}
