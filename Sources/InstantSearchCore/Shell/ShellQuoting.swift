/// The one way a value becomes a word for a POSIX shell (sh, dash, bash, zsh, ksh): every
/// placeholder of a command (`{}`, `{1}`, `{+}`, `{q}`, `{field}` …), the `--tmux` popup's
/// script, and whatever else we hand to `sh -c`.
///
/// Single quotes, walked over bytes: inside `'…'` a shell takes every byte as it is but the
/// quote byte (0x27), which is written `'\''` (end the quotes, an escaped quote, open them
/// again). Over bytes, not over Swift `Character`s: `'` followed by a combining mark (U+0301),
/// a ZWJ (U+200D) or a variation selector (U+FE0F) is one Character that is not `'`, yet its
/// first byte is the quote byte the shell sees. Bytes that are not UTF-8 are kept as they are.
///
/// A NUL byte is dropped: no argument, environment string or `sh -c` command can hold one (the
/// C string ends there), so keeping it would cut the command short instead.
public enum ShellQuoting {
    /// `bytes` as one single-quoted word: `it's` → `'it'\''s'`; nothing → `''`.
    public static func quote(bytes: some Sequence<UInt8>) -> [UInt8] {
        var out: [UInt8] = [quote]
        out.reserveCapacity(bytes.underestimatedCount + 2)
        for byte in bytes {
            switch byte {
            case 0: continue
            case quote: out += escapedQuote
            default: out.append(byte)
            }
        }
        out.append(quote)
        return out
    }

    /// `text` as one single-quoted word (see `quote(bytes:)`). Valid UTF-8 stays valid: the
    /// bytes added and removed (`'`, `\`, NUL) are never part of a longer sequence.
    public static func quote(_ text: String) -> String {
        String(decoding: quote(bytes: text.utf8), as: UTF8.self)
    }

    private static let quote = UInt8(ascii: "'")
    /// `'\''`: the quotes closed, a quote escaped, the quotes opened again.
    private static let escapedQuote: [UInt8] = Array(#"'\''"#.utf8)
}
