/// A shell's history file without some commands: what `delete-hit` writes back in its place.
/// The file is cut into the spans that make one entry each — bash: a command line with the
/// `#SECONDS` line before it; zsh: a line and the lines continuing it after a `\` — read as
/// `ShellHistoryParser` reads them, and the spans of a deleted command are left out, byte for
/// byte the rest as it was. A bash command of several lines is several entries there: they go
/// when they come one after the other, in order.
public enum ShellHistoryRemoval {
    /// The bytes without `commands`, and how many entries went; nil for a shell whose file the
    /// shell itself rewrites (fish: `history delete`).
    public static func removing(_ commands: Set<String>, from bytes: [UInt8], shell: String) -> (bytes: [UInt8], removed: Int)? {
        guard let kind = ShellKind(rawValue: shell), kind != .fish else { return nil }
        let spans = spans(of: bytes, shell: kind)
        let texts = spans.map { span in ShellHistoryParser.parse(Array(bytes[span]), shell: shell).first?.command }
        let lines = commands.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        var dropped = Array(repeating: false, count: spans.count)
        var removed = 0
        var position = 0
        while position < spans.count {
            let run = lines.first { wanted in
                kind == .bash
                    ? position + wanted.count <= spans.count && zip(wanted, texts[position...]).allSatisfy { $0 == $1 }
                    : wanted.joined(separator: "\n") == texts[position]
            }
            let length = run.map { kind == .bash ? $0.count : 1 } ?? 0
            guard length > 0 else {
                position += 1
                continue
            }
            for index in position..<position + length { dropped[index] = true }
            removed += 1
            position += length
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        for (index, span) in spans.enumerated() where !dropped[index] { kept += bytes[span] }
        return (kept, removed)
    }

    /// The byte ranges of the file's entries, end to end (every byte is in one).
    static func spans(of bytes: [UInt8], shell: ShellKind) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(start..<index + 1)
            start = index + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        var spans: [Range<Int>] = []
        var first: Int?
        for line in lines {
            let text = bytes[line].last == UInt8(ascii: "\n") ? bytes[line].dropLast() : bytes[line][...]
            let begin = first ?? line.lowerBound
            switch shell {
            case .bash:
                // A time line belongs to the command after it.
                if text.first == UInt8(ascii: "#"), text.count > 1, text.dropFirst().allSatisfy({ (0x30...0x39).contains($0) }) {
                    first = begin
                    continue
                }
            case .zsh:
                // A line ending in a backslash goes on in the next one.
                if text.last == UInt8(ascii: "\\") {
                    first = begin
                    continue
                }
            case .fish:
                break
            }
            spans.append(begin..<line.upperBound)
            first = nil
        }
        if let first { spans.append(first..<bytes.count) }
        return spans
    }
}
